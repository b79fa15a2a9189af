import { describe, expect, it } from 'vitest';
import { BOT_LEVELS, decide, type BotLevel } from '@veil/ai';
import { applyAction, newGame, Rng, type GameSnapshot } from '@veil/engine';
import type { TreacheryCardId } from '../data/treachery.js';
import { dune, type DuneModule } from '../module.js';
import { perturbDune } from '../privacy/perturb.js';
import { SEMUTA } from '../rules/semuta.js';
import type { DuneAction } from '../state/actions.js';
import type { DuneState, Faction } from '../state/types.js';
import { act, afterSetup, edit, hand, withPlayer, type Snap } from '../testing/scenario.js';
import { battleBoundary, SEMUTA_ROOM, THREE } from '../testing/semuta-scenario.js';

// Dune's bots in a Semuta room (docs/games/dune.md, "Semuta Drug"), at every level, through
// `decide` — what an AI worker runs on a request's view and legal actions: at the boundary a bot
// answers from its own view, after its claim it picks only among its candidates, and self-play
// of Semuta rooms finishes.

/** Small budgets: the properties hold at any budget, and the tests stay quick. */
const BUDGET: Record<BotLevel, number | undefined> = {
  random: undefined,
  greedy: 2,
  ismcts: 12,
  expert: 12,
};

/** What a worker is asked: the seat's view and legal actions, nothing else of the state. */
function ask(module: DuneModule, s: Snap, seat: Faction, level: BotLevel, seed: string) {
  return decide(module, {
    view: dune.view(s, seat),
    legalActions: dune.legalActions(s, seat),
    seat,
    level,
    seed,
    iterations: BUDGET[level],
  }).action;
}

function passWindow(s: Snap): Snap {
  const w = s.context.pauses.windows.find((x) => x.kind === SEMUTA);
  const [seat] = dune.deciders(s);
  if (!w || !seat) throw new Error('no semuta window waiting');
  return act(s, seat, { type: 'pass', window: w.id });
}

/** The Guild asked at the boundary with the Semuta in hand (the Harkonnen passed). */
const holderAsked = () => passWindow(battleBoundary('spacing_guild'));

/** A state that shows `seat` the same view with its hidden parts changed (20 perturbations). */
function hiddenTwin(s: Snap, seat: Faction, i: number): Snap {
  const rng = Rng.from(`semuta-twin:${i}`);
  let other = s;
  for (let k = 0; k < 20; k++) other = perturbDune(dune, other, seat, rng) ?? other;
  return other;
}

/**
 * The scenario's battle with other cards in the Emperor's plan, so the selection offers them:
 * two worthless cards make a choice in which every candidate is bad.
 */
function selectionOf(weapon: TreacheryCardId, defense: TreacheryCardId): Snap {
  let s = edit(
    afterSetup(THREE, 1, SEMUTA_ROOM),
    (st): DuneState => {
      const rest = st.treacheryDeck.filter(
        (c) => ![weapon, defense, 'semuta_drug', 'chaumas', 'snooper'].includes(c),
      );
      let x: DuneState = {
        ...st,
        treacheryDeck: rest,
        choice: null,
        phaseDone: false,
        stormOrder: [...THREE],
        storm: 0,
        forces: { ...st.forces, 'the_great_flat:14': { emperor: 5, harkonnen: 4 } },
        // The game ends with this turn (self-play goes on from here).
        options: { ...st.options, turns: 1 },
      };
      x = withPlayer(x, 'emperor', { hand: hand([weapon, defense], 'e'), spice: 0 });
      x = withPlayer(x, 'harkonnen', { hand: hand(['chaumas', 'snooper'], 'h'), spice: 0 });
      return withPlayer(x, 'spacing_guild', { hand: hand(['semuta_drug'], 'g') });
    },
    'battle',
  );
  s = act(s, 'emperor', {
    type: 'battle_pick',
    territory: 'the_great_flat',
    opponent: 'harkonnen',
  });
  const plan = (leader: string, dial: number, w: string, d: string) => ({
    type: 'plan' as const,
    plan: { leader, hero: null, dial, weapon: w, defense: d },
  });
  s = act(s, 'harkonnen', plan('harkonnen.feyd_rautha', 4, 'h0', 'h1'));
  s = act(s, 'emperor', plan('emperor.hasimir_fenring', 3, 'e0', 'e1'));
  s = act(s, 'emperor', { type: 'traitor', call: false });
  s = act(s, 'harkonnen', { type: 'traitor', call: false });
  s = passWindow(s);
  const w = s.context.pauses.windows.find((x) => x.kind === SEMUTA);
  return act(s, 'spacing_guild', { type: 'use_semuta', window: w?.id ?? 0, semuta: 'g0' });
}

describe('Dune bots in a Semuta room', () => {
  it('at the boundary, every level answers the same on two states that show its seat the same view', () => {
    // The Harkonnen with the Semuta in the Guild's hand or in the deck; the holder with the
    // hidden cards (the deck, the Harkonnen's hand, traitors, spice cards) changed.
    const pairs: Array<[Faction, Snap, Snap]> = [
      ['harkonnen', battleBoundary('spacing_guild'), battleBoundary('deck')],
      ['spacing_guild', holderAsked(), hiddenTwin(holderAsked(), 'spacing_guild', 1)],
      ['spacing_guild', holderAsked(), hiddenTwin(holderAsked(), 'spacing_guild', 2)],
    ];
    let compared = 0;
    for (const [i, [seat, a, b]] of pairs.entries()) {
      expect(JSON.stringify(dune.view(b, seat))).toBe(JSON.stringify(dune.view(a, seat)));
      expect(JSON.stringify(b.context)).not.toBe(JSON.stringify(a.context));
      for (const level of BOT_LEVELS) {
        for (const seed of ['s1', 's2']) {
          const answer = ask(dune, a, seat, level, `${seed}:${i}`);
          expect(ask(dune, b, seat, level, `${seed}:${i}`), `${seat} ${level} ${seed}`).toEqual(
            answer,
          );
          expect(dune.legalActions(a, seat)).toContainEqual(answer);
          compared++;
        }
      }
    }
    expect(compared).toBe(pairs.length * BOT_LEVELS.length * 2);
  });

  it('after its claim, every level picks one of its candidates — also when every candidate is worthless', () => {
    const selections: Array<[string, Snap]> = [
      ['crysknife or shield', selectionOf('crysknife', 'shield')],
      ['two worthless cards', selectionOf('jubba_cloak', 'la_la_la')],
    ];
    for (const [name, s] of selections) {
      const view = dune.view(s, 'spacing_guild');
      const handles = view.semuta?.candidates.map((c) => c.handle) ?? [];
      expect(handles, name).toHaveLength(2);
      expect(dune.deciders(s), name).toEqual(['spacing_guild']);
      for (const level of BOT_LEVELS) {
        for (const seed of ['s1', 's2', 's3']) {
          const action = ask(dune, s, 'spacing_guild', level, seed) as DuneAction;
          expect(action.type, `${name} ${level}`).toBe('semuta_select');
          expect(handles, `${name} ${level}`).toContain(
            (action as { pick: string }).pick as string,
          );
          // Legal: the rules apply it, and the selection is over.
          const after = applyAction(dune, s, 'spacing_guild', action);
          expect(after.context.semuta ?? null, `${name} ${level}`).toBeNull();
        }
      }
    }
  });

  it('self-play of Semuta rooms finishes at every level, with boundaries, claims and selections met', () => {
    const figures: Record<string, unknown> = {};
    for (const level of BOT_LEVELS) {
      // Two new rooms, one at an open boundary (the Harkonnen holds the Semuta), one from a
      // claim's selection (so every level meets both), all ending with their turn 1 or 2.
      const starts = [
        edit(battleBoundary('harkonnen'), (st) => ({
          ...st,
          options: { ...st.options, turns: 1 },
        })),
        newGame(dune, { factions: [...THREE], turns: 2, ...SEMUTA_ROOM }, `semuta:${level}:0`),
        newGame(dune, { factions: [...THREE], turns: 2, ...SEMUTA_ROOM }, `semuta:${level}:1`),
        selectionOf('jubba_cloak', 'la_la_la'),
      ];
      const met = selfPlay(level, starts);
      figures[level] = met;
      expect(met.errors, level).toBe(0);
      expect(met.finished, level).toBe(starts.length);
      expect(met.boundaries, level).toBeGreaterThan(0);
      expect(met.selections, level).toBeGreaterThan(0);
    }
    console.log(`[semuta self-play] ${JSON.stringify(figures)}`);
  });
});

/**
 * Bounded Semuta rooms (3 seats, 1–2 turns) from `starts` to the end, every seat a bot of `level`, each step one of
 * the deciders asked as a worker would be. Counts the boundaries opened (distinct windows),
 * claims (`semuta_played`), selections asked and errors (an illegal answer or no decider).
 */
function selfPlay(level: BotLevel, starts: readonly Snap[]) {
  const met = { finished: 0, errors: 0, boundaries: 0, claims: 0, selections: 0, steps: 0 };
  for (const [g, start] of starts.entries()) {
    let s: GameSnapshot<DuneState> = start;
    const turnOf = Rng.from(`semuta-selfplay-seat:${g}`);
    // A start inside a selection brings its window, already committed, along: not counted.
    const before = new Set(
      start.context.pauses.windows.filter((w) => w.status === 'committed').map((w) => w.id),
    );
    const claimedBefore = start.context.log.filter((e) => e.type === 'semuta_played').length;
    const windows = new Set<number>();
    const decisions = new Set<number>();
    for (let step = 0; dune.outcome(s) === null && step < 5_000; step++) {
      for (const w of s.context.pauses.windows)
        if (w.kind === SEMUTA && !before.has(w.id)) windows.add(w.id);
      for (const d of s.context.pauses.decisions)
        if (d.kind === 'semuta_select') decisions.add(d.id);
      // Several deciders (a simultaneous choice, which each may revise): any of them, as the node
      // asks every bot seat that decides.
      const deciders = dune.deciders(s);
      const seat = deciders.length > 0 ? turnOf.pick(deciders) : undefined;
      if (!seat) {
        met.errors++;
        break;
      }
      try {
        s = applyAction(dune, s, seat, ask(dune, s, seat, level, `${g}:${step}`) as DuneAction);
      } catch {
        met.errors++;
        break;
      }
      met.steps++;
    }
    if (dune.outcome(s) !== null) met.finished++;
    met.boundaries += windows.size;
    met.selections += decisions.size;
    met.claims += s.context.log.filter((e) => e.type === 'semuta_played').length - claimedBefore;
  }
  return met;
}

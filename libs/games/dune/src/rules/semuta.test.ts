import { describe, expect, it } from 'vitest';
import {
  applyPolicy,
  persistGame,
  restoreGame,
  Rng,
  RulesError,
  snapshotBytes,
} from '@veil/engine';
import { checkDeterminism, observe } from '@veil/engine/testing';
import { dune, type DuneModule } from '../module.js';
import { perturbDune } from '../privacy/perturb.js';
import type { DuneOptions, DuneState, Faction, Viewer } from '../state/types.js';
import {
  act,
  afterSetup,
  autoPassKarama,
  edit,
  hand,
  withPlayer,
  type Snap,
} from '../testing/scenario.js';
import {
  battleBoundary,
  SEMUTA_ROOM,
  THREE,
  WORLDS,
  type Where,
} from '../testing/semuta-scenario.js';
import { settleDiscards } from './apply.js';
import { enterBidding } from './bidding.js';
import { discardBatch } from './common.js';
import { SEMUTA, SEMUTA_AUTO_COMMIT } from './semuta.js';

// Semuta Drug's fresh-discard boundary (docs/games/dune.md, "Semuta Drug"): one neutral window
// per fresh batch, the same whoever holds the card; commitment before inspection; exactly-once
// resumption of the producer.

function semutaWindow(s: Snap) {
  return s.context.pauses.windows.find((w) => w.kind === SEMUTA);
}

function pass(s: Snap): Snap {
  const w = semutaWindow(s);
  const [seat] = dune.deciders(s);
  if (!w || !seat) throw new Error('no semuta window waiting');
  return act(s, seat, { type: 'pass', window: w.id });
}

/** The seats that do not hold the Semuta in either world (and the spectator). */
function nonHolders(a: Where, b: Where): Viewer[] {
  return [...THREE.filter((f) => f !== a && f !== b), 'spectator'];
}

function expectSameFor(a: Snap, b: Snap, viewers: readonly Viewer[], step: string): void {
  for (const v of viewers)
    expect(observe(dune, a, v), `${step}, ${v}`).toEqual(observe(dune, b, v));
}

/** The rejection an engine gives a guessed or stale action: one generic code, nothing changed. */
function expectRejected(s: Snap, seat: Faction, action: object, code: string): void {
  const before = snapshotBytes(s);
  let error: unknown;
  try {
    act(s, seat, action as never);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(RulesError);
  expect((error as RulesError).code).toBe(code);
  expect(snapshotBytes(s)).toBe(before);
}

describe('the Semuta boundary opens the same whoever holds the Semuta', () => {
  it('every fresh batch: same participants, order, deciders and close, with the Semuta held by either seat or in the deck', () => {
    const worlds = WORLDS.map((w) => battleBoundary(w));
    for (const s of worlds) {
      expect(semutaWindow(s)).toMatchObject({
        status: 'open',
        participants: ['harkonnen', 'spacing_guild'],
        cause: { event: 1, phase: 'battle', cause: 'battle_loser', turn: 1 },
      });
      expect(s.context.pendingDiscard).toMatchObject({ kind: 'battle_cleanup', batch: 1 });
      expect(dune.deciders(s)).toEqual(['harkonnen']);
    }
    // The first boundary (the loser's cards), the winner's keep decision, the second boundary
    // (the winner's discard) and the battle's end: every step looks the same to every seat that
    // holds the Semuta in neither world, and to the spectator.
    const steps: Array<(s: Snap) => Snap> = [
      pass,
      pass,
      (s) => act(s, 'harkonnen', { type: 'keep', discard: ['h0'] }),
      pass,
      pass,
    ];
    let current = worlds;
    for (let i = 0; i <= steps.length; i++) {
      for (let x = 0; x < WORLDS.length; x++)
        for (let y = x + 1; y < WORLDS.length; y++) {
          const [a, b] = [WORLDS[x] as Where, WORLDS[y] as Where];
          expectSameFor(current[x] as Snap, current[y] as Snap, nonHolders(a, b), `step ${i}`);
        }
      const step = steps[i];
      if (step) current = current.map(step);
    }
    // The second boundary asked the Emperor and the Guild (the Harkonnen discarded alone).
    const done = current[0] as Snap;
    expect(done.context.discardBatches.map((b) => b.cause)).toEqual([
      'battle_loser',
      'battle_winner',
    ]);
    expect(done.context.battle).toBeNull();
    expect(done.context.pendingDiscard).toBeNull();
  });

  it('only a holder gets use_semuta beside the generic pass; every other participant gets the pass alone', () => {
    const held = battleBoundary('harkonnen');
    const w = semutaWindow(held);
    expect(dune.legalActions(held, 'harkonnen')).toEqual([
      { type: 'pass', window: w?.id },
      { type: 'use_semuta', window: w?.id, semuta: 'h2' },
    ]);
    const notHeld = battleBoundary('deck');
    expect(dune.legalActions(notHeld, 'harkonnen')).toEqual([{ type: 'pass', window: w?.id }]);
    // Before commitment nobody, the holder included, receives a candidate handle.
    expect(dune.view(held, 'harkonnen').semuta).toBeUndefined();
  });

  it('is skipped only on public facts: no Semuta in the room, or the Semuta face up in the pile', () => {
    const noRoom = battleBoundary('deck', [], {});
    expect(semutaWindow(noRoom)).toBeUndefined();
    expect(dune.deciders(noRoom)).toEqual(['harkonnen']);
    expect(noRoom.context.pauses.decisions.map((d) => d.kind)).toEqual(['keep_cards']);
    // The Semuta face up in the discard pile: no boundary (nobody can claim).
    const piled = edit(afterSetup(THREE, 1, SEMUTA_ROOM), (st) => ({
      ...withPlayer(st, 'emperor', { hand: hand(['lasgun'], 'e') }),
      treacheryDeck: st.treacheryDeck.filter((c) => c !== 'semuta_drug'),
      treacheryDiscard: ['semuta_drug'],
    }));
    const discarded = settleDiscards(
      discardBatch(
        piled.context,
        'card_used',
        'storm',
        [{ faction: 'emperor', handle: 'e0' }],
        (batch) => ({
          kind: 'card_used',
          batch,
          resume: 'none',
        }),
      ),
    );
    expect(discarded.pendingDiscard).toBeNull();
    expect(discarded.pauses.windows).toEqual([]);
  });
});

describe('standing policies', () => {
  const declineAll = THREE.map((f): [Faction, string, 'auto-pass'] => [f, SEMUTA, 'auto-pass']);

  it('every participant on auto-decline: no pause, and the same trace in every world', () => {
    const worlds = WORLDS.map((w) => battleBoundary(w, declineAll));
    for (const s of worlds) {
      expect(semutaWindow(s)).toBeUndefined();
      expect(s.context.pauses.decisions.map((d) => d.kind)).toEqual(['keep_cards']);
    }
    expectSameFor(
      worlds[0] as Snap,
      worlds[2] as Snap,
      nonHolders('spacing_guild', 'deck'),
      'auto',
    );
    expectSameFor(worlds[1] as Snap, worlds[2] as Snap, nonHolders('harkonnen', 'deck'), 'auto');
    // A pause id was used for the boundary in every world alike (it opened and closed at once).
    expect(new Set(worlds.map((s) => s.context.pauses.nextId)).size).toBe(1);
  });

  it('auto-commit plays a usable Semuta when the boundary reaches its seat; without one the seat passes', () => {
    const autoCommit = THREE.map((f): [Faction, string, 'auto-pass'] => [
      f,
      SEMUTA_AUTO_COMMIT,
      'auto-pass',
    ]);
    const held = battleBoundary('spacing_guild', autoCommit);
    // The Harkonnen (asked first, no Semuta) passed; the Guild committed: two candidates remain,
    // so the one mandatory selection is all that waits.
    expect(held.context.log.filter((e) => e.type === 'semuta_played')).toHaveLength(1);
    expect(dune.deciders(held)).toEqual(['spacing_guild']);
    expect(held.context.pauses.decisions.map((d) => d.kind)).toEqual(['semuta_select']);
    const none = battleBoundary('deck', autoCommit);
    expect(semutaWindow(none)).toBeUndefined();
    expect(none.context.pauses.decisions.map((d) => d.kind)).toEqual(['keep_cards']);
  });

  it('setting a policy, whatever its value, shows nothing to any other seat or the spectator', () => {
    const check = (module: DuneModule) => {
      const base = battleBoundary('spacing_guild');
      const set = [
        applyPolicy(module, base, 'spacing_guild', SEMUTA, 'auto-pass'),
        applyPolicy(module, base, 'spacing_guild', SEMUTA, 'stop'),
        applyPolicy(module, base, 'spacing_guild', SEMUTA_AUTO_COMMIT, 'auto-pass'),
      ];
      return set.every((s) =>
        (['emperor', 'harkonnen', 'spectator'] as const).every(
          (v) => JSON.stringify(observe(module, s, v)) === JSON.stringify(observe(module, base, v)),
        ),
      );
    };
    expect(check(dune)).toBe(true);
    // A view that shows every seat's policies would tell them apart.
    const leaky: DuneModule = {
      ...dune,
      view: (x, v) => ({ ...dune.view(x, v), policies: x.context.pauses.policies as never }),
    };
    expect(check(leaky)).toBe(false);
  });

  it('a manual seat keeps the neutral boundary; auto-decline wins over auto-commit', () => {
    const s = battleBoundary('spacing_guild', [
      ['harkonnen', SEMUTA, 'auto-pass'],
      ['spacing_guild', SEMUTA, 'auto-pass'],
      ['spacing_guild', SEMUTA_AUTO_COMMIT, 'auto-pass'],
    ]);
    expect(semutaWindow(s)).toBeUndefined();
    expect(s.context.log.filter((e) => e.type === 'semuta_played')).toHaveLength(0);
    const manual = battleBoundary('spacing_guild', [['harkonnen', SEMUTA, 'auto-pass']]);
    expect(dune.deciders(manual)).toEqual(['spacing_guild']);
    expect(semutaWindow(manual)?.autoPassed).toEqual(['harkonnen']);
  });
});

describe('commitment, then inspection', () => {
  it('several candidates: the Semuta is played publicly, only the claimant sees the batch, one selection follows', () => {
    let s = pass(battleBoundary('spacing_guild'));
    const w = semutaWindow(s);
    s = act(s, 'spacing_guild', { type: 'use_semuta', window: w?.id ?? 0, semuta: 'g0' });
    // Public: "played Semuta" and its discard — never a candidate.
    const played = s.context.log.filter((e) => e.type === 'semuta_played');
    expect(played).toEqual([
      { type: 'semuta_played', turn: 1, data: { faction: 'spacing_guild', event: 1 } },
    ]);
    expect(s.context.discardBatches.at(-1)).toMatchObject({
      cause: 'card_used',
      entries: [{ card: 'semuta_drug', discardedBy: 'spacing_guild' }],
    });
    expect(s.context.treacheryDiscard).toEqual(['crysknife', 'shield', 'semuta_drug']);
    // The claimant alone sees the fresh batch's other-owner cards, under handles of its own.
    const mine = dune.view(s, 'spacing_guild').semuta;
    expect(mine?.candidates.map((c) => c.card)).toEqual(['crysknife', 'shield']);
    const handles = mine?.candidates.map((c) => c.handle) ?? [];
    for (const v of ['emperor', 'harkonnen', 'spectator'] as const) {
      const seen = JSON.stringify(observe(dune, s, v));
      expect(dune.view(s, v).semuta, v).toBeUndefined();
      for (const h of handles) expect(seen, v).not.toContain(h);
    }
    // Exactly one selection and nothing else: no cancel, no other action spends the slot.
    expect(dune.deciders(s)).toEqual(['spacing_guild']);
    expect(dune.legalActions(s, 'spacing_guild')).toEqual(
      handles.map((pick) => ({ type: 'semuta_select', pick })),
    );
    // A guessed handle, a Semuta window answer or another seat: one generic rejection, no change.
    expectRejected(
      s,
      'spacing_guild',
      { type: 'semuta_select', pick: 'c00000000beef' },
      'illegal_action',
    );
    expectRejected(s, 'spacing_guild', { type: 'pass', window: w?.id }, 'illegal_action');
    expectRejected(s, 'emperor', { type: 'semuta_select', pick: handles[0] }, 'not_your_turn');
    const spiceBefore = s.context.players.harkonnen.spice;
    const died = s.context.players.emperor.leadersDied.length;
    s = act(s, 'spacing_guild', { type: 'semuta_select', pick: handles[0] as string });
    expect(s.context.players.spacing_guild.hand.map((c) => c.card)).toEqual(['crysknife']);
    expect(s.context.treacheryDiscard).toEqual(['shield', 'semuta_drug']);
    expect(s.context.log.find((e) => e.type === 'semuta_recovered')).toMatchObject({
      type: 'semuta_recovered',
      data: { faction: 'spacing_guild', event: 1, from: 'emperor', card: 'crysknife' },
    });
    // The battle's cleanup resumed once: the winner's decision, no second resolution or award.
    expect(s.context.pauses.decisions.map((d) => d.kind)).toEqual(['keep_cards']);
    expect(s.context.players.harkonnen.spice).toBe(spiceBefore);
    expect(s.context.players.emperor.leadersDied).toHaveLength(died);
    expect(s.context.semuta).toBeNull();
    expect(s.context.pauses.windows.filter((x) => x.kind === SEMUTA)).toEqual([]);
    // The old candidate handle is now stale: refused, nothing changed.
    expectRejected(
      s,
      'spacing_guild',
      { type: 'semuta_select', pick: handles[1] },
      'not_your_turn',
    );
  });

  it('a sole candidate moves in the same accepted action; the producer resumes once', () => {
    let s = pass(pass(battleBoundary('spacing_guild')));
    s = act(s, 'harkonnen', { type: 'keep', discard: ['h0'] });
    expect(semutaWindow(s)).toMatchObject({ participants: ['emperor', 'spacing_guild'] });
    s = pass(s);
    const spice = s.context.players.harkonnen.spice;
    const w = semutaWindow(s);
    s = act(s, 'spacing_guild', { type: 'use_semuta', window: w?.id ?? 0, semuta: 'g0' });
    expect(s.context.pauses.decisions).toEqual([]);
    expect(s.context.players.spacing_guild.hand.map((c) => c.card)).toEqual(['chaumas']);
    expect(s.context.battle).toBeNull();
    expect(s.context.players.harkonnen.spice).toBe(spice);
    expect(s.context.log.filter((e) => e.type === 'semuta_recovered')).toHaveLength(1);
    // The recovered card was face up in the pile: its face is public in the Guild's hand.
    expect(dune.view(s, 'emperor').players['spacing_guild']?.hand).toEqual([{ card: 'chaumas' }]);
  });

  it('a mixed-owner batch: each owner may take only the other owner’s card', () => {
    const base = edit(afterSetup(THREE, 1, SEMUTA_ROOM), (st) => {
      let x: DuneState = {
        ...st,
        stormOrder: [...THREE],
        treacheryDeck: st.treacheryDeck.filter((c) => c !== 'semuta_drug'),
      };
      x = withPlayer(x, 'emperor', { hand: hand(['lasgun'], 'e') });
      x = withPlayer(x, 'harkonnen', { hand: hand(['shield', 'semuta_drug'], 'h') });
      x = withPlayer(x, 'spacing_guild', { hand: [] });
      const entries = [
        { faction: 'emperor' as const, handle: 'e0' },
        { faction: 'harkonnen' as const, handle: 'h0' },
      ];
      return settleDiscards(
        discardBatch(x, 'battle_explosion', 'battle', entries, (batch) => ({
          kind: 'card_used',
          batch,
          resume: 'none',
        })),
      );
    });
    const w = semutaWindow(base);
    expect(w?.participants).toEqual(THREE);
    const s = act(pass(base), 'harkonnen', {
      type: 'use_semuta',
      window: w?.id ?? 0,
      semuta: 'h1',
    });
    // The Harkonnen's own Shield is no candidate: the Emperor's Lasgun was the only one.
    expect(s.context.players.harkonnen.hand.map((c) => c.card)).toEqual(['lasgun']);
    expect(s.context.treacheryDiscard).toEqual(['shield', 'semuta_drug']);
  });
});

describe('the hand-limit option', () => {
  function fullHand(fullHandOption: DuneOptions['semutaFullHand']): Snap {
    const s = battleBoundary('spacing_guild', [], {
      semutaDrug: true,
      semutaFullHand: fullHandOption,
    });
    return pass(
      edit(s, (st) =>
        withPlayer(st, 'spacing_guild', {
          hand: hand(['semuta_drug', 'la_la_la', 'trip_to_gamont', 'jubba_cloak'], 'g'),
        }),
      ),
    );
  }

  it('barred: a holder at its hand limit gets only the pass', () => {
    const s = fullHand('barred');
    expect(dune.legalActions(s, 'spacing_guild')).toEqual([
      { type: 'pass', window: semutaWindow(s)?.id },
    ]);
  });

  it('take_then_discard (the default): the holder takes, the Semuta goes, the hand is at its limit again', () => {
    let s = fullHand(undefined);
    const w = semutaWindow(s);
    s = act(s, 'spacing_guild', { type: 'use_semuta', window: w?.id ?? 0, semuta: 'g0' });
    const [first] = dune.legalActions(s, 'spacing_guild');
    s = act(s, 'spacing_guild', first as never);
    expect(s.context.players.spacing_guild.hand).toHaveLength(4);
  });

  it('refuses an unknown value, and the guard without the card', () => {
    expect(() =>
      afterSetup(THREE, 1, { semutaDrug: true, semutaFullHand: 'discard' as never }),
    ).toThrow();
    expect(() => afterSetup(THREE, 1, { semutaFullHand: 'barred' })).toThrow();
  });
});

describe('an empty-deck reshuffle waits for the boundary', () => {
  it('the Harkonnen’s free card after a Karama purchase reshuffles only after the boundary, without the claimed card', () => {
    let s = edit(
      afterSetup(THREE, 1, SEMUTA_ROOM),
      (st): DuneState => {
        let x: DuneState = {
          ...st,
          choice: null,
          stormOrder: ['harkonnen', 'emperor', 'spacing_guild'],
          treacheryDeck: ['shield', 'snooper', 'kulon'],
          treacheryDiscard: ['lasgun', 'baliset'],
          pauses: autoPassKarama(st.pauses),
        };
        x = withPlayer(x, 'harkonnen', { hand: hand(['karama'], 'k') });
        x = withPlayer(x, 'emperor', { hand: [] });
        x = withPlayer(x, 'spacing_guild', { hand: hand(['semuta_drug'], 'g') });
        return enterBidding(x);
      },
      'bidding',
    );
    expect(s.context.treacheryDeck).toEqual([]);
    s = act(s, 'harkonnen', { type: 'karama_take', karama: 'k0' });
    // At the boundary: nothing sold, drawn or reshuffled yet.
    expect(semutaWindow(s)?.participants).toEqual(['emperor', 'spacing_guild']);
    expect(s.context.treacheryDeck).toEqual([]);
    expect(s.context.players.harkonnen.hand).toEqual([]);
    expect(s.context.log.filter((e) => e.type === 'treachery_reshuffled')).toEqual([]);
    s = pass(s);
    const w = semutaWindow(s);
    s = act(s, 'spacing_guild', { type: 'use_semuta', window: w?.id ?? 0, semuta: 'g0' });
    // Then, once: the sale, the free card, one reshuffle of a pile without the Karama taken.
    expect(s.context.players.spacing_guild.hand.map((c) => c.card)).toEqual(['karama']);
    expect(s.context.log.filter((e) => e.type === 'treachery_reshuffled')).toHaveLength(1);
    expect(s.context.players.harkonnen.hand).toHaveLength(2);
    const pool = [
      ...s.context.treacheryDeck,
      ...s.context.players.harkonnen.hand.map((c) => c.card),
    ];
    expect(pool.filter((c) => c !== 'shield').sort()).toEqual(['baliset', 'lasgun', 'semuta_drug']);
    expect(s.context.treacheryDiscard).toEqual([]);
  });
});

describe('hidden-state perturbation before and after commitment', () => {
  /** The boundary open, the holder asked, the selection waiting, the battle resumed after it. */
  function positions(): Record<string, Snap> {
    const open = battleBoundary('spacing_guild');
    const asked = pass(open);
    const w = semutaWindow(asked);
    const selecting = act(asked, 'spacing_guild', {
      type: 'use_semuta',
      window: w?.id ?? 0,
      semuta: 'g0',
    });
    const [pick] = dune.legalActions(selecting, 'spacing_guild');
    const after = act(selecting, 'spacing_guild', pick as never);
    return { open, asked, selecting, after };
  }

  /**
   * For every viewer, states that differ from `s` only in what the viewer cannot see (the
   * harness' perturbation, which moves the Semuta every other time) look the same to it.
   * Returns the differences found and how often the Semuta moved.
   */
  function perturbed(module: DuneModule, s: Snap): { differ: string[]; moved: number } {
    const differ: string[] = [];
    let moved = 0;
    const where = (x: Snap) =>
      JSON.stringify([
        x.context.treacheryDeck.indexOf('semuta_drug'),
        THREE.map((f) => x.context.players[f].hand.findIndex((c) => c.card === 'semuta_drug')),
      ]);
    for (const viewer of [...THREE, 'spectator'] as const) {
      for (let seed = 0; seed < 40; seed++) {
        const p = perturbDune(module, s, viewer, Rng.from(`semuta:${seed}`));
        if (!p) continue;
        if (where(p) !== where(s)) moved++;
        if (
          JSON.stringify(observe(module, p, viewer)) !== JSON.stringify(observe(module, s, viewer))
        )
          differ.push(`${viewer} ${seed}`);
      }
    }
    return { differ, moved };
  }

  it('every viewer sees the same with the hidden cards moved (the Semuta among them until it is played)', () => {
    for (const [name, s] of Object.entries(positions())) {
      const { differ, moved } = perturbed(dune, s);
      expect(differ, name).toEqual([]);
      // Before commitment the Semuta is hidden and moves; after it, it is face up in the pile.
      if (name === 'open' || name === 'asked') expect(moved, name).toBeGreaterThan(20);
    }
  });

  it('catches a boundary that says whether someone can claim', () => {
    const leaky: DuneModule = {
      ...dune,
      view: (x, v) => ({
        ...dune.view(x, v),
        canClaim: x.context.players.spacing_guild.hand.some((c) => c.card === 'semuta_drug'),
      }),
    };
    expect(perturbed(leaky, positions()['asked'] as Snap).differ.length).toBeGreaterThan(0);
  });
});

describe('persistence', () => {
  it('an open boundary and a waiting selection restore from their stored form: same views, same next step', () => {
    const open = battleBoundary('spacing_guild');
    const asked = pass(open);
    const w = semutaWindow(asked);
    const selecting = act(asked, 'spacing_guild', {
      type: 'use_semuta',
      window: w?.id ?? 0,
      semuta: 'g0',
    });
    for (const s of [open, asked, selecting]) {
      const restored = restoreGame(dune, persistGame(s));
      for (const v of [...THREE, 'spectator'] as const)
        expect(observe(dune, restored, v)).toEqual(observe(dune, s, v));
      const [seat] = dune.deciders(s);
      const [next] = dune.legalActions(s, seat as Faction);
      expect(snapshotBytes(act(restored, seat as Faction, next as never))).toBe(
        snapshotBytes(act(s, seat as Faction, next as never)),
      );
    }
  });
});

describe('replays', () => {
  const replay = (module: DuneModule) =>
    checkDeterminism({
      module,
      options: { factions: THREE, semutaDrug: true },
      numRuns: 5,
      maxSteps: 400,
      seed: 7,
    });
  /** Random games replayed step by step: tens of seconds on a loaded 2-core machine. */
  const TIMEOUT = 300_000;

  it(
    'a Semuta room replays byte for byte, restored from its stored form at every step',
    () => expect(replay(dune).snapshotsCompared).toBeGreaterThan(500),
    TIMEOUT,
  );

  it(
    'fails when a restore loses the producer waiting on a boundary',
    () => {
      const forgetful: DuneModule = {
        ...dune,
        compact: (state) => (semutaWindowOpen(state) ? { ...state, pendingDiscard: null } : state),
      };
      expect(() => replay(forgetful)).toThrow(/determinism violated/);
    },
    TIMEOUT,
  );
});

function semutaWindowOpen(state: DuneState): boolean {
  return state.pauses.windows.some((w) => w.kind === SEMUTA);
}

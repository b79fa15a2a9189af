import { describe, expect, it } from 'vitest';
import { applyPolicy, newGame } from '@veil/engine';
import type { TreacheryCardId } from '../data/treachery.js';
import { dune } from '../module.js';
import type { DuneState, Faction, Viewer } from '../state/types.js';
import { act, edit, hand, withPlayer, type Snap } from '../testing/scenario.js';
import { playRandomDune } from '../testing/self-play.js';
import type { DuneAction } from '../state/actions.js';
import { ANY_TIME, playAnyTimeCard } from './any-time.js';
import { settleDiscards } from './apply.js';

const THREE: readonly Faction[] = ['atreides', 'emperor', 'harkonnen'];

/**
 * A new game in which every seat set `stop` for the any-time window, the Emperor's one starting
 * card replaced by `card` (same handle), and `change` applied; then setup is done the same way
 * in every world, which enters the first Storm Phase and so opens the first any-time window.
 * Turn 1's dialers are the Atreides and the Harkonnen: the Emperor is not otherwise a decider.
 */
function stormStart(card: TreacheryCardId, change: (s: DuneState) => DuneState = (s) => s): Snap {
  let s = newGame(dune, { factions: THREE }, 5);
  for (const f of THREE) s = applyPolicy(dune, s, f, ANY_TIME, 'stop');
  s = edit(s, (st) => change(withPlayer(st, 'emperor', { hand: hand([card], 'e') })));
  for (const f of THREE) {
    if (f === 'harkonnen') continue;
    const first = dune.legalActions(s, f)[0];
    if (!first) throw new Error(`${f} has no setup action`);
    s = act(s, f, first);
  }
  return s;
}

/** The Emperor in Arrakeen (against the Atreides) and in Carthag (against the Harkonnen). */
function twoBattles(st: DuneState): DuneState {
  const forces = {
    ...st.forces,
    'arrakeen:9': { atreides: 10, emperor: 3 },
    'carthag:10': { harkonnen: 10, emperor: 3 },
  };
  return withPlayer({ ...st, forces }, 'emperor', { reserves: 14 });
}

/** The any-time window points of turn 1 (no worm in turn 1, so no Nexus), two battles. */
const TURN_POINTS = [
  'storm/start',
  'blow/after_blow',
  'charity/after_charity',
  'bidding/start',
  'revival/start',
  'movement/start',
  'battle/start',
  'battle/after_battle',
  'battle/after_battle',
  'collection/after_collection',
  'mentat/mentat',
];

function openAnyTime(s: Snap) {
  return dune.windows(s).find((w) => w.kind === ANY_TIME && w.status === 'open');
}

/** Whether the any-time window at `point` (`phase/point`) waits on the Emperor. */
function waitsOnEmperorAt(s: Snap, point: string): boolean {
  const w = openAnyTime(s);
  return (
    !!w && `${w.cause['phase']}/${w.cause['point']}` === point && dune.deciders(s)[0] === 'emperor'
  );
}

const countTurns = (s: Snap) => s.context.log.filter((e) => e.type === 'turn').length;

/**
 * A plain, bounded way through a turn: windows are passed, otherwise the first legal action of
 * the first decider not yet in an open hidden choice (never a Ghola or Truthtrance: those come
 * after a seat's other actions).
 */
function plainStep(s: Snap): [Faction, DuneAction] {
  const seat = dune.deciders(s).find((d) => (dune.view(s, d).choice?.mine ?? null) === null);
  if (!seat) throw new Error('nobody to act');
  const legal = dune.legalActions(s, seat);
  const action = legal.find((a) => a.type === 'pass') ?? legal[0];
  if (!action) throw new Error(`${seat} has no legal action`);
  return [seat, action];
}

/** Everything `viewer` gets of a state: view, log, deciders, windows, its own legal actions. */
function seen(s: Snap, viewer: Viewer) {
  return {
    view: dune.view(s, viewer),
    log: dune.log(s).map((e) => dune.logView(e, viewer)),
    deciders: dune.deciders(s),
    windows: dune.windows(s),
    legal: viewer === 'spectator' ? [] : dune.legalActions(s, viewer),
  };
}

/** Passes the any-time window for every seat before `seat` in its order. */
function passUntil(s: Snap, seat: Faction): Snap {
  let x = s;
  for (let guard = 0; guard < 6; guard++) {
    const [decider] = dune.deciders(x);
    if (decider === seat || decider === undefined) return x;
    const pass = dune.legalActions(x, decider).find((a) => a.type === 'pass');
    if (!pass) throw new Error(`${decider} cannot pass`);
    x = act(x, decider, pass);
  }
  return x;
}

describe('the any-time window (Tleilaxu Ghola, Truthtrance)', () => {
  it('opens for every seat in storm order whether or not anyone holds such a card', () => {
    const holder = stormStart('truthtrance');
    const nobody = stormStart('lasgun');
    const [window] = dune.windows(holder);
    expect(window).toMatchObject({ kind: ANY_TIME, status: 'open', cause: { turn: 1 } });
    expect(window?.participants).toEqual(holder.context.stormOrder);
    expect(window?.participants).toHaveLength(3);
    // Every seat but the holder, and the spectator, gets exactly the same in both worlds —
    // also at each step of the window as the seats before the Emperor pass.
    let [a, b] = [holder, nobody];
    for (let step = 0; step < 3; step++) {
      for (const viewer of ['atreides', 'harkonnen', 'spectator'] as const) {
        expect(seen(a, viewer), `${viewer}, step ${step}`).toEqual(seen(b, viewer));
      }
      const [decider] = dune.deciders(a);
      if (decider === undefined || decider === 'emperor') break;
      const pass = { type: 'pass' as const, window: window?.id ?? -1 };
      [a, b] = [act(a, decider, pass), act(b, decider, pass)];
    }
  });

  it('lets a holder play Truthtrance where it is not otherwise a decider; then the Storm goes on', () => {
    const s = passUntil(stormStart('truthtrance'), 'emperor');
    expect(dune.deciders(s)).toEqual(['emperor']);
    const legal = dune.legalActions(s, 'emperor');
    expect(legal[0]).toMatchObject({ type: 'pass' });
    const ask = legal.find(
      (a) => a.type === 'truthtrance' && a.to === 'harkonnen' && a.question.kind === 'holds',
    );
    expect(ask).toBeDefined();
    const after = act(s, 'emperor', ask as never);
    expect(after.context.log.find((e) => e.type === 'truthtrance')).toMatchObject({
      type: 'truthtrance',
      data: { asker: 'emperor', to: 'harkonnen' },
    });
    expect(after.context.players.emperor.hand).toEqual([]);
    // The window closed at the play; the phase waits on its dialers again.
    expect(dune.windows(after)).toEqual([]);
    expect(dune.deciders(after).sort()).toEqual(['atreides', 'harkonnen']);
    // Without the card the same seat only passes, and the same Storm follows.
    const plain = passUntil(stormStart('lasgun'), 'emperor');
    expect(dune.legalActions(plain, 'emperor')).toEqual([legal[0]]);
    const passed = passUntil(act(plain, 'emperor', legal[0] as never), 'atreides');
    expect(dune.deciders(passed).sort()).toEqual(['atreides', 'harkonnen']);
  });

  it('lets a holder play Tleilaxu Ghola in the window (forces back from the Tanks, free)', () => {
    const tanks = (st: DuneState) => withPlayer(st, 'emperor', { tanks: 4 });
    const s = passUntil(stormStart('tleilaxu_ghola', tanks), 'emperor');
    const ghola = dune
      .legalActions(s, 'emperor')
      .find((a) => a.type === 'ghola' && a.leader === null && a.forces === 4);
    expect(ghola).toBeDefined();
    const reserves = s.context.players.emperor.reserves;
    const after = act(s, 'emperor', ghola as never);
    expect(after.context.players.emperor).toMatchObject({ tanks: 0, reserves: reserves + 4 });
    expect(dune.windows(after)).toEqual([]);
  });

  it('with the default policy (auto-pass) it opens and closes at once: nobody is asked', () => {
    const s = newGame(dune, { factions: THREE }, 5);
    let x = s;
    for (const f of ['atreides', 'emperor'] as const) {
      const first = dune.legalActions(x, f)[0];
      x = act(x, f, first as never);
    }
    expect(x.value).toBe('storm');
    expect(dune.windows(x)).toEqual([]);
    expect(dune.deciders(x).sort()).toEqual(['atreides', 'harkonnen']);
  });

  it('opens at every point of a turn, the same with and without a holder', () => {
    // Every seat stops; the Emperor, holder or not, fights in Arrakeen and in Carthag.
    let [a, b] = [stormStart('truthtrance', twoBattles), stormStart('lasgun', twoBattles)];
    const points: string[] = [];
    for (let n = 0; n < 300 && a.context.turn === 1; n++) {
      for (const viewer of ['atreides', 'harkonnen', 'spectator'] as const) {
        expect(seen(a, viewer), `${viewer}, step ${n}`).toEqual(seen(b, viewer));
      }
      const w = openAnyTime(a);
      if (w && points.at(-1)?.startsWith(`${w.id} `) !== true)
        points.push(`${w.id} ${w.cause['phase']}/${w.cause['point']}`);
      const [seat, action] = plainStep(b);
      [a, b] = [act(a, seat, action), act(b, seat, action)];
    }
    expect(a.context.turn).toBe(2);
    expect(points.map((p) => p.split(' ')[1])).toEqual(TURN_POINTS);
  });

  it.each([...new Set(TURN_POINTS.slice(1))])(
    'a Ghola played at %s takes effect there and the turn goes on from that point, once',
    (point) => {
      const withTanks = (st: DuneState) => twoBattles(withPlayer(st, 'emperor', { tanks: 4 }));
      let x = stormStart('tleilaxu_ghola', withTanks);
      for (let n = 0; n < 300 && !waitsOnEmperorAt(x, point); n++) x = act(x, ...plainStep(x));
      const w = openAnyTime(x);
      expect(w && `${w.cause['phase']}/${w.cause['point']}`).toBe(point);
      const { tanks, reserves } = x.context.players.emperor;
      const ghola = dune
        .legalActions(x, 'emperor')
        .find((a) => a.type === 'ghola' && a.leader === null && a.forces === Math.min(5, tanks));
      expect(ghola).toBeDefined();
      const played = act(x, 'emperor', ghola as never);
      const back = Math.min(5, tanks);
      expect(played.context.players.emperor).toMatchObject({
        tanks: tanks - back,
        reserves: reserves + back,
      });
      expect(played.context.log.find((e) => e.type === 'ghola')?.turn).toBe(1);
      expect(played.context.pendingDiscard).toBeNull();
      expect(dune.windows(played).some((v) => v.id === w?.id)).toBe(false);
      // The rest of the turn is the same as if the other seats had passed there: the same
      // points follow, and the turn ends once.
      const rest = (s: Snap) => {
        const out: string[] = [];
        let y = s;
        for (let n = 0; n < 300 && y.context.turn === 1; n++) {
          const v = openAnyTime(y);
          const p = v && `${v.id} ${v.cause['phase']}/${v.cause['point']}`;
          if (v && p && v.id !== w?.id && !out.includes(p)) out.push(p);
          y = act(y, ...plainStep(y));
        }
        return { points: out.map((p) => p.split(' ')[1]), turns: countTurns(y) };
      };
      const after = rest(played);
      const passedThere = rest(act(x, 'emperor', { type: 'pass', window: w?.id ?? -1 }));
      expect(after).toEqual(passedThere);
      expect(after.points).toEqual(TURN_POINTS.slice(TURN_POINTS.indexOf(point) + 1));
      expect(after.turns).toBe(1);
    },
  );

  it('a leader a Ghola brings back between two battles can lead in the next one', () => {
    const FENRING = 'emperor.hasimir_fenring';
    const dead = (st: DuneState) =>
      twoBattles(
        withPlayer(st, 'emperor', {
          leaders: { ...st.players.emperor.leaders, [FENRING]: 'tanks' },
          leadersDied: [FENRING],
        }),
      );
    let x = stormStart('tleilaxu_ghola', dead);
    for (let n = 0; n < 300 && !waitsOnEmperorAt(x, 'battle/after_battle'); n++)
      x = act(x, ...plainStep(x));
    const leads = (s: Snap) =>
      dune.legalActions(s, 'emperor').some((a) => a.type === 'plan' && a.plan.leader === FENRING);
    /** On to the Emperor's plan in the second battle. */
    const toPlan = (s: Snap) => {
      let y = s;
      for (let n = 0; n < 100 && y.context.choice?.kind !== 'battle_plan'; n++)
        y = act(y, ...plainStep(y));
      return y;
    };
    const revive = { type: 'ghola', ghola: 'e0', leader: FENRING, forces: 0 } as const;
    const w = openAnyTime(x);
    expect(leads(toPlan(act(x, 'emperor', { type: 'pass', window: w?.id ?? -1 })))).toBe(false);
    const after = act(x, 'emperor', revive);
    expect(after.context.players.emperor.leaders[FENRING]).toBe('available');
    const plan = toPlan(after);
    expect(plan.context.battle).toMatchObject({ territory: 'carthag', aggressor: 'emperor' });
    expect(leads(plan)).toBe(true);
  });

  it('at the Mentat Pause the victory check waits for the window and runs once after it', () => {
    let x = stormStart('truthtrance', (st) => ({
      ...twoBattles(st),
      options: { ...st.options, turns: 1 },
    }));
    for (let n = 0; n < 300 && !waitsOnEmperorAt(x, 'mentat/mentat'); n++)
      x = act(x, ...plainStep(x));
    expect(x.value).toBe('mentat');
    expect(x.context.result).toBeNull();
    const ask = dune.legalActions(x, 'emperor').find((a) => a.type === 'truthtrance');
    // The card's discard pauses the Mentat Pause on its typed continuation: no verdict yet.
    const played = playAnyTimeCard(x.context, 'mentat', 'emperor', ask as never);
    expect(played.pendingDiscard).toEqual({
      kind: 'card_used',
      batch: played.discardBatches.length,
      resume: 'any_time',
    });
    expect(played.result).toBeNull();
    expect(played.log.at(-2)?.type).toBe('truthtrance');
    const resumed = settleDiscards(played);
    expect(resumed.result).not.toBeNull();
    expect(resumed.pauses.windows).toEqual([]);
    expect(resumed.rng).toEqual(played.rng);
    expect(resumed.log.filter((e) => e.type === 'game_over')).toHaveLength(1);
    // Resuming again does nothing: the continuation was consumed.
    expect(settleDiscards(resumed)).toBe(resumed);
    // Through the chart: the game ends after the play, as it does after passes.
    expect(act(x, 'emperor', ask as never).status).toBe('done');
  });

  it('random games in which every seat is asked in every window still finish; holders play', () => {
    let played = 0;
    for (const seed of [1, 2, 3, 4]) {
      const r = playRandomDune(seed, 20_000, [ANY_TIME]);
      expect(r.winners.length + (r.reason === 'most_strongholds_tie' ? 1 : 0)).toBeGreaterThan(0);
      played += r.log.filter((e) => e.type === 'ghola' || e.type === 'truthtrance').length;
    }
    expect(played).toBeGreaterThan(0);
  });
});

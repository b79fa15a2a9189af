import { describe, expect, it } from 'vitest';
import { applyPolicy, newGame } from '@veil/engine';
import type { TreacheryCardId } from '../data/treachery.js';
import { dune } from '../module.js';
import type { DuneState, Faction, Viewer } from '../state/types.js';
import { act, edit, hand, withPlayer, type Snap } from '../testing/scenario.js';
import { playRandomDune } from '../testing/self-play.js';
import { ANY_TIME } from './any-time.js';

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

  it('opens again at the start of each acting phase, with that phase as its cause', () => {
    let x = stormStart('lasgun');
    const phases: string[] = [];
    for (let n = 0; n < 400 && phases.length < 6 && x.status === 'active'; n++) {
      const w = dune.windows(x).find((v) => v.kind === ANY_TIME && v.status === 'open');
      const cause = w ? String(w.cause['phase']) : null;
      if (cause && phases.at(-1) !== cause) phases.push(cause);
      // A seat already in an open hidden choice is not asked again.
      const seat = dune.deciders(x).find((d) => (dune.view(x, d).choice?.mine ?? null) === null);
      if (!seat) break;
      const legal = dune.legalActions(x, seat);
      // Pass windows; otherwise the first legal action (a plain, bounded way through a turn).
      const pass = legal.find((a) => a.type === 'pass' || a.type.endsWith('_pass'));
      x = act(x, seat, (pass ?? legal[0]) as never);
    }
    expect(phases.slice(0, 5)).toEqual(['storm', 'nexus', 'bidding', 'revival', 'movement']);
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

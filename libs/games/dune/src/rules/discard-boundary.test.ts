import { describe, expect, it } from 'vitest';
import { dune } from '../module.js';
import { settleDiscards } from './apply.js';
import { karamaCancel } from './battle.js';
import { karamaAgainstPower } from './karama-powers.js';
import { enterMovement } from './movement.js';
import { preventWormsign } from './wormsign.js';
import type { DuneState, Faction } from '../state/types.js';
import { act, afterSetup, edit, hand, withPlayer, type Snap } from '../testing/scenario.js';

// The Karama producers of a discard (docs/games/dune.md, "Discards as semantic batches"):
// each stops at the boundary on its typed continuation with its window still on the stack and
// nothing paid, moved or drawn; the continuation resumes exactly once. (discards.test.ts and
// battle.test.ts do the same for the other producers; any-time.test.ts for a card played in
// the any-time window.)

const SIX: readonly Faction[] = [
  'atreides',
  'bene_gesserit',
  'emperor',
  'fremen',
  'spacing_guild',
  'harkonnen',
];

/** `s` with only `holder` holding cards (a Karama under handle `k0`). */
function onlyHolder(st: DuneState, holder: Faction): DuneState {
  let x = st;
  for (const f of st.options.factions)
    x = withPlayer(x, f, { hand: f === holder ? hand(['karama'], 'k') : [] });
  return x;
}

/** Passes the innermost window for every seat asked before `seat`. */
function passUntil(s: Snap, seat: Faction): Snap {
  let x = s;
  for (let guard = 0; guard < 6; guard++) {
    const w = x.context.pauses.windows.at(-1);
    const [decider] = dune.deciders(x);
    if (!w || decider === seat || decider === undefined) return x;
    x = act(x, decider, { type: 'pass', window: w.id });
  }
  throw new Error(`${seat} never asked`);
}

/**
 * Resumes `paused` and checks the resume happened once: the boundary is gone, the continuation
 * was consumed (resuming again changes nothing) and the random stream was not drawn from.
 */
function resumeOnce(paused: DuneState): DuneState {
  const resumed = settleDiscards(paused);
  expect(resumed.pendingDiscard).toBeNull();
  expect(settleDiscards(resumed)).toBe(resumed);
  expect(resumed.rng).toEqual(paused.rng);
  return resumed;
}

/** The discard itself is done at the boundary: one public batch, the card out of hand. */
function expectDiscarded(paused: DuneState, holder: Faction): void {
  expect(paused.discardBatches.at(-1)).toMatchObject({
    cause: 'karama',
    entries: [{ card: 'karama', discardedBy: holder, visibility: 'public' }],
  });
  expect(paused.treacheryDiscard).toEqual(['karama']);
  expect(paused.players[holder].hand).toEqual([]);
}

describe('Karama producers stop at the discard boundary and resume once', () => {
  it('against the wormsign: the window is still open at the boundary, closed once on resume', () => {
    const three = ['atreides', 'emperor', 'harkonnen'] as const;
    let s = edit(
      afterSetup(three),
      (st) =>
        enterMovement({
          ...onlyHolder(st, 'harkonnen'),
          choice: null,
          stormOrder: ['emperor', 'atreides', 'harkonnen'],
        }),
      'movement',
    );
    s = passUntil(s, 'harkonnen');
    const before = s.context;
    const paused = preventWormsign(before, 'harkonnen', 'k0');
    expect(paused.pendingDiscard).toEqual({ kind: 'karama_prevent', batch: 1 });
    expectDiscarded(paused, 'harkonnen');
    expect(paused.pauses.windows).toEqual(before.pauses.windows);
    expect(paused.spiceDeck).toEqual(before.spiceDeck);
    const resumed = resumeOnce(paused);
    expect(resumed.pauses.windows).toEqual([]);
    expect(resumed.wormsign).toBe('prevented');
    expect(resumed.spiceDeck).toEqual(before.spiceDeck);
  });

  it('against Voice: the window and the battle stage wait for the boundary; one stage on after it', () => {
    let s = edit(
      afterSetup(SIX),
      (st) => ({
        ...onlyHolder(st, 'fremen'),
        choice: null,
        phaseDone: false,
        stormOrder: ['emperor', ...SIX.filter((f) => f !== 'emperor')],
        forces: { 'the_great_flat:14': { emperor: 3, bene_gesserit: 3 } },
      }),
      'battle',
    );
    s = act(s, 'emperor', {
      type: 'battle_pick',
      territory: 'the_great_flat',
      opponent: 'bene_gesserit',
    });
    s = act(s, 'bene_gesserit', { type: 'voice', kind: 'worthless', play: true });
    expect(s.context.pauses.windows.at(-1)).toMatchObject({ kind: 'karama_battle' });
    s = passUntil(s, 'fremen');
    const before = s.context;
    const paused = karamaCancel(before, 'fremen', 'k0');
    expect(paused.pendingDiscard).toEqual({ kind: 'karama_cancel', batch: 1 });
    expectDiscarded(paused, 'fremen');
    expect(paused.battle?.voice).toBeNull();
    expect(paused.battle?.stage).toBe(before.battle?.stage);
    expect(paused.pauses.windows).toEqual(before.pauses.windows);
    const resumed = resumeOnce(paused);
    expect(resumed.pauses.windows).toEqual([]);
    // Through the chart the same play lands on the same battle.
    const played = act(s, 'fremen', {
      type: 'karama_cancel',
      window: before.pauses.windows.at(-1)!.id,
      karama: 'k0',
    });
    expect(resumed.battle).toEqual(played.context.battle);
  });

  it('against the Guild’s payment: nothing is paid at the boundary, the shipment is paid once to the bank', () => {
    let s = edit(
      afterSetup(SIX),
      (st) => ({
        ...onlyHolder(st, 'harkonnen'),
        choice: null,
        phaseDone: false,
        stormOrder: ['emperor', ...SIX.filter((f) => f !== 'emperor')],
        cursor: { order: ['emperor'], index: 0, shipped: false },
      }),
      'movement',
    );
    s = act(s, 'emperor', { type: 'ship', to: 'carthag:10', count: 3, karama: null });
    expect(s.context.pauses.windows.at(-1)).toMatchObject({
      kind: 'karama_power',
      cause: { power: 'guild_payment' },
    });
    s = passUntil(s, 'harkonnen');
    const before = s.context;
    const paused = karamaAgainstPower(before, 'harkonnen', 'k0', 'movement');
    expect(paused.pendingDiscard).toEqual({ kind: 'karama_power', batch: 1 });
    expectDiscarded(paused, 'harkonnen');
    expect(paused.pauses.windows).toEqual(before.pauses.windows);
    for (const f of ['emperor', 'spacing_guild'] as const)
      expect(paused.players[f].spice).toBe(before.players[f].spice);
    expect(paused.forces).toEqual(before.forces);
    const resumed = resumeOnce(paused);
    expect(resumed.pauses.windows).toEqual([]);
    // The Emperor paid 3 once, to the bank; the Guild got nothing; the 3 forces landed once.
    const paidBefore = before.players.emperor.spice;
    expect(resumed.players.emperor.spice).toBe(paidBefore - 3);
    expect(resumed.players.spacing_guild.spice).toBe(before.players.spacing_guild.spice);
    expect(resumed.forces['carthag:10']).toMatchObject({ emperor: 3 });
    expect(resumed.log.filter((e) => e.type === 'shipment')).toHaveLength(1);
  });
});

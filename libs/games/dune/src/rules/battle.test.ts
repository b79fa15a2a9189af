import { describe, expect, it } from 'vitest';
import type { TreacheryCardId } from '../data/treachery.js';
import type { BattlePlan, DuneState } from '../state/types.js';
import { dune } from '../module.js';
import { act, afterSetup, edit, hand, withPlayer, type Snap } from '../testing/scenario.js';
import { commitTraitorCall, pendingBattles } from './battle.js';
import { settleDiscards } from './apply.js';

const FENRING = 'emperor.hasimir_fenring';
const FEYD = 'harkonnen.feyd_rautha';
const AREA = 'the_great_flat:14';

/** Emperor (aggressor, 5 forces) against Harkonnen (4 forces) on The Great Flat. */
function battleAt(
  emperorCards: TreacheryCardId[],
  harkonnenCards: TreacheryCardId[],
  harkonnenTraitors: string[] = [],
): Snap {
  const s = afterSetup(['emperor', 'harkonnen']);
  return edit(
    s,
    (state): DuneState => {
      let x: DuneState = {
        ...state,
        choice: null,
        phaseDone: false,
        stormOrder: ['emperor', 'harkonnen'],
        storm: 0,
        forces: { ...state.forces, [AREA]: { emperor: 5, harkonnen: 4 } },
      };
      x = withPlayer(x, 'emperor', { hand: hand(emperorCards, 'e'), spice: 0 });
      x = withPlayer(x, 'harkonnen', {
        hand: hand(harkonnenCards, 'h'),
        traitors: harkonnenTraitors,
        spice: 0,
      });
      return x;
    },
    'battle',
  );
}

function fight(s: Snap, emperor: BattlePlan, harkonnen: BattlePlan): Snap {
  let x = act(s, 'emperor', {
    type: 'battle_pick',
    territory: 'the_great_flat',
    opponent: 'harkonnen',
  });
  x = act(x, 'harkonnen', { type: 'plan', plan: harkonnen });
  return act(x, 'emperor', { type: 'plan', plan: emperor });
}

const plan = (
  leader: string,
  dial: number,
  weapon: string | null,
  defense: string | null,
): BattlePlan => ({
  leader,
  hero: null,
  dial,
  weapon,
  defense,
});

describe('Dune battles', () => {
  it('commits both plans as one hidden choice and reveals them together', () => {
    const s = battleAt(['crysknife'], ['snooper']);
    let x = act(s, 'emperor', {
      type: 'battle_pick',
      territory: 'the_great_flat',
      opponent: 'harkonnen',
    });
    expect(dune.deciders(x)).toEqual(['emperor', 'harkonnen']);
    const emperorView = JSON.stringify(dune.view(x, 'emperor'));
    x = act(x, 'harkonnen', { type: 'plan', plan: plan(FEYD, 4, null, 'h0') });
    expect(JSON.stringify(dune.view(x, 'emperor'))).toBe(emperorView);
    expect(dune.deciders(x)).toEqual(['emperor', 'harkonnen']);
    x = act(x, 'emperor', { type: 'plan', plan: plan(FENRING, 2, 'e0', null) });
    expect(x.context.battle?.plans).toEqual({
      emperor: { leader: FENRING, dial: 2, weapon: 'crysknife', defense: null, hero: false },
      harkonnen: { leader: FEYD, dial: 4, weapon: null, defense: 'snooper', hero: false },
    });
    expect(dune.deciders(x)).toEqual(['emperor', 'harkonnen']);
    expect(x.context.choice?.kind).toBe('traitor_call');
  });

  it('weapons kill unprotected leaders, the higher total wins, leaders killed pay the winner', () => {
    const s = battleAt(['crysknife', 'shield'], ['chaumas', 'snooper']);
    let x = fight(s, plan(FENRING, 3, 'e0', 'e1'), plan(FEYD, 4, 'h0', 'h1'));
    x = act(x, 'emperor', { type: 'traitor', call: false });
    x = act(x, 'harkonnen', { type: 'traitor', call: false });
    const c = x.context;
    // Crysknife (projectile) beats a Snooper; Chaumas (poison) beats a Shield: both leaders die.
    expect(c.players.emperor.leaders[FENRING]).toBe('tanks');
    expect(c.players.harkonnen.leaders[FEYD]).toBe('tanks');
    // 3 against 4: Harkonnen win, lose their dial (4), Emperor lose all 5.
    expect(c.forces[AREA]).toBeUndefined();
    expect(c.players.emperor.tanks).toBe(5);
    expect(c.players.harkonnen.tanks).toBe(4);
    expect(c.players.harkonnen.spice).toBe(12);
    expect(c.treacheryDiscard).toEqual(['crysknife', 'shield']);
    // The winner now keeps or discards its two cards.
    expect(dune.deciders(x)).toEqual(['harkonnen']);
    x = act(x, 'harkonnen', { type: 'keep', discard: ['h0'] });
    expect(x.context.treacheryDiscard).toEqual(['crysknife', 'shield', 'chaumas']);
    expect(x.context.players.harkonnen.hand.map((h) => h.card)).toEqual(['snooper']);
    expect(x.context.dialers).toEqual(['emperor', 'harkonnen']);
    expect(x.context.discardBatches.map((b) => b.cause)).toEqual(['battle_loser', 'battle_winner']);
  });

  it('records every leader death: a leader killed again is in the record twice (face down)', () => {
    const s = edit(battleAt(['crysknife'], []), (st) =>
      withPlayer(st, 'harkonnen', { leadersDied: [FEYD] }),
    );
    let x = fight(s, plan(FENRING, 3, 'e0', null), plan(FEYD, 4, null, null));
    x = act(x, 'emperor', { type: 'traitor', call: false });
    x = act(x, 'harkonnen', { type: 'traitor', call: false });
    expect(x.context.players.harkonnen.leaders[FEYD]).toBe('tanks');
    expect(x.context.players.harkonnen.leadersDied).toEqual([FEYD, FEYD]);
  });

  it('gives ties to the aggressor', () => {
    const s = battleAt([], []);
    let x = fight(s, plan(FENRING, 0, null, null), plan(FEYD, 0, null, null));
    x = act(act(x, 'emperor', { type: 'traitor', call: false }), 'harkonnen', {
      type: 'traitor',
      call: false,
    });
    expect(x.context.forces[AREA]).toEqual({ emperor: 5 });
  });

  it('a called traitor wins outright: the caller loses nothing and is paid the traitor strength', () => {
    const s = battleAt(['crysknife'], [], [FENRING]);
    let x = fight(s, plan(FENRING, 5, 'e0', null), plan(FEYD, 0, null, null));
    expect(dune.legalActions(x, 'harkonnen')).toEqual([
      { type: 'traitor', call: false },
      { type: 'traitor', call: true },
    ]);
    expect(dune.legalActions(x, 'emperor')).toEqual([{ type: 'traitor', call: false }]);
    x = act(x, 'harkonnen', { type: 'traitor', call: true });
    x = act(x, 'emperor', { type: 'traitor', call: false });
    expect(x.context.forces[AREA]).toEqual({ harkonnen: 4 });
    expect(x.context.players.harkonnen.spice).toBe(6);
    expect(x.context.players.emperor.leaders[FENRING]).toBe('tanks');
    expect(x.context.players.harkonnen.leaders[FEYD]).toBe('available');
    expect(x.context.players.harkonnen.traitors).toEqual([]);
    expect(x.context.treacheryDiscard).toEqual(['crysknife']);
  });

  it('a Lasgun against a Shield destroys everything in the territory', () => {
    const s = battleAt(['lasgun'], ['shield']);
    let x = edit(s, (st) => ({ ...st, spice: { ...st.spice, [AREA]: 10 } }));
    x = fight(x, plan(FENRING, 1, 'e0', null), plan(FEYD, 1, null, 'h0'));
    x = act(act(x, 'emperor', { type: 'traitor', call: false }), 'harkonnen', {
      type: 'traitor',
      call: false,
    });
    expect(x.context.forces[AREA]).toBeUndefined();
    expect(x.context.spice[AREA]).toBeUndefined();
    expect(x.context.players.emperor.leaders[FENRING]).toBe('tanks');
    expect(x.context.players.harkonnen.leaders[FEYD]).toBe('tanks');
    expect([...x.context.treacheryDiscard].sort()).toEqual(['lasgun', 'shield']);
  });
});

describe('battle discards as semantic batches', () => {
  it('the battle stops at its discard boundary and resumes exactly once, without re-paying or re-rolling', () => {
    const s = battleAt(['crysknife', 'shield'], ['chaumas', 'snooper']);
    let x = fight(s, plan(FENRING, 3, 'e0', 'e1'), plan(FEYD, 4, 'h0', 'h1'));
    x = act(x, 'emperor', { type: 'traitor', call: false });
    // The producer alone: it records the batch and stops on a typed continuation.
    const paused = commitTraitorCall(x.context, 'harkonnen', false);
    expect(paused.pendingDiscard).toEqual({
      kind: 'battle_cleanup',
      batch: 1,
      territory: 'the_great_flat',
      winner: 'harkonnen',
      next: 'winner_cards',
    });
    expect(paused.discardBatches).toEqual([
      {
        event: 1,
        turn: 1,
        phase: 'battle',
        cause: 'battle_loser',
        entries: [
          { card: 'crysknife', discardedBy: 'emperor', visibility: 'public' },
          { card: 'shield', discardedBy: 'emperor', visibility: 'public' },
        ],
      },
    ]);
    expect(paused.pauses.decisions).toEqual([]);
    const resumed = settleDiscards(paused);
    expect(resumed.pendingDiscard).toBeNull();
    expect(resumed.pauses.decisions.map((d) => d.kind)).toEqual(['keep_cards']);
    expect(resumed.players.harkonnen.spice).toBe(paused.players.harkonnen.spice);
    expect(resumed.rng).toEqual(paused.rng);
    expect(resumed.treacheryDiscard).toEqual(paused.treacheryDiscard);
    // Resuming again does nothing: the continuation was consumed.
    expect(settleDiscards(resumed)).toBe(resumed);
  });
});

describe('a battle cleanup with no cards to discard', () => {
  it('records no batch, no discard line and no stop; the battle goes straight on', () => {
    const s = battleAt([], []);
    let x = fight(s, plan(FENRING, 0, null, null), plan(FEYD, 3, null, null));
    x = act(x, 'emperor', { type: 'traitor', call: false });
    const paused = commitTraitorCall(x.context, 'harkonnen', false);
    expect(paused.pendingDiscard).toBeNull();
    expect(paused.discardBatches).toEqual([]);
    expect(paused.log.filter((e) => e.type === 'discard')).toEqual([]);
    expect(paused.battle).toBeNull();
    expect(paused.dialers).toEqual(['emperor', 'harkonnen']);
  });

  it('the loser played nothing, the winner a weapon: straight to the winner keeping it', () => {
    const s = battleAt([], ['crysknife']);
    let x = fight(s, plan(FENRING, 0, null, null), plan(FEYD, 3, 'h0', null));
    x = act(x, 'emperor', { type: 'traitor', call: false });
    const paused = commitTraitorCall(x.context, 'harkonnen', false);
    expect(paused.pendingDiscard).toBeNull();
    expect(paused.discardBatches).toEqual([]);
    expect(paused.pauses.decisions.map((d) => d.kind)).toEqual(['keep_cards']);
    x = act(act(x, 'harkonnen', { type: 'traitor', call: false }), 'harkonnen', {
      type: 'keep',
      discard: ['h0'],
    });
    expect(x.context.discardBatches.map((b) => b.cause)).toEqual(['battle_winner']);
    expect(x.context.log.filter((e) => e.type === 'discard')).toHaveLength(1);
  });
});

describe('the storm separates battles', () => {
  it('forces on either side of the storm sector do not fight; forces on one side do', () => {
    const s = afterSetup(['emperor', 'harkonnen']).context;
    const split: DuneState = {
      ...s,
      storm: 5,
      forces: { 'the_minor_erg:4': { emperor: 2 }, 'the_minor_erg:6': { harkonnen: 2 } },
    };
    expect(pendingBattles(split)).toEqual([]);
    expect(pendingBattles({ ...split, storm: 0 })).toEqual([
      { territory: 'the_minor_erg', opponent: 'harkonnen' },
    ]);
    const inStorm: DuneState = {
      ...split,
      forces: { 'the_minor_erg:5': { emperor: 2, harkonnen: 1 } },
    };
    expect(pendingBattles(inStorm)).toEqual([
      { territory: 'the_minor_erg', opponent: 'harkonnen' },
    ]);
  });
});

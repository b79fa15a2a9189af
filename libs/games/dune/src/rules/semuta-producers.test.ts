import { applyPolicy, newGame, windowDecider } from '@veil/engine';
import { dune } from '../module.js';
import { describe, expect, it } from 'vitest';
import type { DuneState, Faction } from '../state/types.js';
import { act, afterSetup, edit, hand, withPlayer } from '../testing/scenario.js';
import { ANY_TIME, playAnyTimeCard } from './any-time.js';
import { applyDuneAction, settleDiscards } from './apply.js';
import { karamaCancel } from './battle.js';
import { enterBidding, karamaTake } from './bidding.js';
import { karamaAgainstPower } from './karama-powers.js';
import { duneLegalActions } from './legal.js';
import { enterMovement, ship } from './movement.js';
import type { Phase } from './phase.js';
import { applyPolicyToPauses } from './policy.js';
import { SEMUTA } from './semuta.js';
import { playWeatherControl } from './storm.js';
import { preventWormsign } from './wormsign.js';

// Every producer category of a discard batch, in a room with Semuta Drug: its boundary opens
// before anything of the producer resumes, and once every seat asked has passed the game goes
// on exactly as it would have without the card — the same state but for the boundary's pause
// id (docs/games/dune.md, "Semuta Drug"; the battle cleanup is in semuta.test.ts).

const SIX: readonly Faction[] = [
  'atreides',
  'bene_gesserit',
  'emperor',
  'fremen',
  'spacing_guild',
  'harkonnen',
];

/** A producer's paused state (its discard done, its continuation pending) and its phase. */
interface Producer {
  readonly phase: Phase;
  readonly paused: (semuta: boolean) => DuneState;
}

const withSemuta = (st: DuneState, on: boolean): DuneState =>
  on
    ? { ...st, options: { ...st.options, semutaDrug: true, semutaFullHand: 'take_then_discard' } }
    : st;

function onlyHolder(st: DuneState, holder: Faction): DuneState {
  let x = st;
  for (const f of st.options.factions)
    x = withPlayer(x, f, { hand: f === holder ? hand(['karama'], 'k') : [] });
  return x;
}

/** Passes the innermost open window (any kind) until `seat` is asked. */
function passTo(st: DuneState, phase: Phase, seat: Faction): DuneState {
  let x = st;
  for (let guard = 0; guard < 8; guard++) {
    const w = x.pauses.windows.findLast((y) => y.status === 'open');
    const decider = w && windowDecider(w);
    if (!w || !decider || decider === seat) return x;
    x = applyDuneAction(x, phase, decider, { type: 'pass', window: w.id });
  }
  throw new Error(`${seat} never asked`);
}

const PRODUCERS: Record<string, Producer> = {
  'Truthtrance in the any-time window (its close and the point resume after the boundary)': {
    phase: 'storm',
    paused: (on) => {
      const three = ['atreides', 'emperor', 'harkonnen'] as const;
      let s = newGame(dune, { factions: three }, 5);
      for (const f of three) s = applyPolicy(dune, s, f, ANY_TIME, 'stop');
      s = edit(s, (st) =>
        withSemuta(withPlayer(st, 'emperor', { hand: hand(['truthtrance'], 'e') }), on),
      );
      for (const f of ['atreides', 'emperor'] as const)
        s = act(s, f, dune.legalActions(s, f)[0] as never);
      const asked = passTo(s.context, 'storm', 'emperor');
      const ask = duneLegalActions(asked, 'storm', 'emperor').find((a) => a.type === 'truthtrance');
      return playAnyTimeCard(asked, 'storm', 'emperor', ask as never);
    },
  },
  'a Karama purchase': {
    phase: 'bidding',
    paused: (on) => {
      const start = afterSetup(['atreides', 'emperor', 'harkonnen']).context;
      const bidding = enterBidding(
        withPlayer(
          withSemuta(
            {
              ...start,
              choice: null,
              stormOrder: ['emperor', 'atreides', 'harkonnen'],
              treacheryDeck: ['lasgun', 'shield', 'snooper', 'kulon', ...start.treacheryDeck],
            },
            on,
          ),
          'emperor',
          { hand: hand(['karama'], 'k') },
        ),
      );
      return karamaTake(bidding, 'emperor', 'k0');
    },
  },
  'a Karama shipment': {
    phase: 'movement',
    paused: (on) => {
      const s = edit(afterSetup(SIX), (st) =>
        withPlayer(
          withSemuta(
            { ...st, choice: null, cursor: { order: ['emperor'], index: 0, shipped: false } },
            on,
          ),
          'emperor',
          { hand: hand(['karama'], 'k') },
        ),
      ).context;
      return ship(s, 'emperor', 'the_great_flat:14', 4, 'k0');
    },
  },
  'Weather Control': {
    phase: 'storm',
    paused: (on) => {
      let s = edit(afterSetup(['atreides', 'harkonnen']), (st) =>
        withSemuta(
          withPlayer({ ...st, turn: 2 }, 'harkonnen', { hand: hand(['weather_control'], 'w') }),
          on,
        ),
      );
      s = act(s, 'atreides', { type: 'dial', value: 1 });
      s = act(s, 'harkonnen', { type: 'dial', value: 1 });
      return playWeatherControl(passTo(s.context, 'storm', 'harkonnen'), 'harkonnen', 9);
    },
  },
  'a Karama against the wormsign': {
    phase: 'movement',
    paused: (on) => {
      const three = ['atreides', 'emperor', 'harkonnen'] as const;
      const s = enterMovement(
        withSemuta(
          {
            ...onlyHolder(afterSetup(three).context, 'harkonnen'),
            choice: null,
            stormOrder: ['emperor', 'atreides', 'harkonnen'],
          },
          on,
        ),
      );
      return preventWormsign(passTo(s, 'movement', 'harkonnen'), 'harkonnen', 'k0');
    },
  },
  'a Karama against Voice': {
    phase: 'battle',
    paused: (on) => {
      let s = edit(
        afterSetup(SIX),
        (st) =>
          withSemuta(
            {
              ...onlyHolder(st, 'fremen'),
              choice: null,
              phaseDone: false,
              stormOrder: ['emperor', ...SIX.filter((f) => f !== 'emperor')],
              forces: { 'the_great_flat:14': { emperor: 3, bene_gesserit: 3 } },
            },
            on,
          ),
        'battle',
      );
      s = act(s, 'emperor', {
        type: 'battle_pick',
        territory: 'the_great_flat',
        opponent: 'bene_gesserit',
      });
      s = act(s, 'bene_gesserit', { type: 'voice', kind: 'worthless', play: true });
      return karamaCancel(passTo(s.context, 'battle', 'fremen'), 'fremen', 'k0');
    },
  },
  'a Karama against the Guild’s payment': {
    phase: 'movement',
    paused: (on) => {
      let s = edit(
        afterSetup(SIX),
        (st) =>
          withSemuta(
            {
              ...onlyHolder(st, 'harkonnen'),
              choice: null,
              phaseDone: false,
              stormOrder: ['emperor', ...SIX.filter((f) => f !== 'emperor')],
              cursor: { order: ['emperor'], index: 0, shipped: false },
            },
            on,
          ),
        'movement',
      );
      s = act(s, 'emperor', { type: 'ship', to: 'carthag:10', count: 3, karama: null });
      return karamaAgainstPower(
        passTo(s.context, 'movement', 'harkonnen'),
        'harkonnen',
        'k0',
        'movement',
      );
    },
  },
};

/** Every seat the open Semuta boundary asks passes, in turn. */
function passBoundary(st: DuneState, phase: Phase): DuneState {
  let x = st;
  for (;;) {
    const w = x.pauses.windows.find((y) => y.kind === SEMUTA && y.status === 'open');
    const seat = w && windowDecider(w);
    if (!w || !seat) return x;
    x = applyDuneAction(x, phase, seat, { type: 'pass', window: w.id });
  }
}

/** The state without what only a Semuta room has: its options, the pause ids, policies. */
function comparable(st: DuneState) {
  const { semutaDrug: _d, semutaFullHand: _h, ...options } = st.options;
  void _d;
  void _h;
  const { semuta: _s, ...rest } = st;
  void _s;
  // Ids of pauses opened after the boundary are one higher: the boundary took one (public).
  const pauses = {
    decisions: st.pauses.decisions.map((d) => ({ ...d, id: 0 })),
    windows: st.pauses.windows.map((w) => ({ ...w, id: 0 })),
  };
  const choice = st.choice && { ...st.choice, choice: { ...st.choice.choice, id: 0 } };
  return { ...rest, options, pauses, choice };
}

describe('every producer waits for the Semuta boundary and then resumes once', () => {
  for (const [name, producer] of Object.entries(PRODUCERS)) {
    it(name, () => {
      const paused = producer.paused(true);
      const k = paused.pendingDiscard;
      expect(k).not.toBeNull();
      // The boundary opens; the producer has not resumed: the continuation still waits and
      // nothing but the pauses changed.
      const open = settleDiscards(paused);
      const w = open.pauses.windows.find((x) => x.kind === SEMUTA);
      expect(w).toMatchObject({ status: 'open', cause: { event: k?.batch } });
      expect(open.pendingDiscard).toEqual(k);
      expect({ ...open, pauses: paused.pauses }).toEqual(paused);
      // Every seat asked passes: the game goes on as in a room without the card.
      const passed = passBoundary(open, producer.phase);
      expect(passed.pendingDiscard).toBeNull();
      expect(passed.pauses.windows.filter((x) => x.kind === SEMUTA)).toEqual([]);
      const without = settleDiscards(producer.paused(false));
      expect(comparable(passed)).toEqual(comparable(without));
      // With every seat on auto-decline, the same in the same step.
      const declining = paused.options.factions.reduce(
        (p, f) => applyPolicyToPauses(p, f, SEMUTA, 'auto-pass'),
        paused.pauses,
      );
      const auto = settleDiscards({ ...paused, pauses: declining });
      expect(comparable(auto)).toEqual(comparable(passed));
    });
  }
});

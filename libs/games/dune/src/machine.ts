import { applyPolicyToPauses } from './rules/policy.js';
import { assign, setup } from 'xstate';
import type { GameEvent, GameInput } from '@veil/engine';
import type { DuneAction } from './state/actions.js';
import type { DuneOptions, DuneState, Faction } from './state/types.js';
import { applyDuneAction } from './rules/apply.js';
import { openAnyTimeWindow } from './rules/any-time.js';
import { enterBattle } from './rules/battle.js';
import { enterBidding } from './rules/bidding.js';
import { enterBlow } from './rules/blow.js';
import { enterCharity } from './rules/charity.js';
import { enterCollection } from './rules/collection.js';
import { enterMentat } from './rules/mentat.js';
import { enterMovement } from './rules/movement.js';
import { enterNexus } from './rules/nexus.js';
import type { Phase } from './rules/phase.js';
import { enterRevival } from './rules/revival.js';
import { isSetupDone } from './rules/setup-choices.js';
import { setupDune } from './rules/setup.js';
import { enterStorm } from './rules/storm.js';

type DuneEvent = GameEvent<Faction, DuneAction>;

/** Applies an `act` event in the phase the chart is in. */
const actIn = (context: DuneState, event: DuneEvent, phase: Phase): DuneState =>
  event.type === 'act' ? applyDuneAction(context, phase, event.seat, event.action) : context;

const settled = (s: DuneState) =>
  s.phaseDone &&
  s.pauses.decisions.length === 0 &&
  s.pauses.windows.every((w) => w.status !== 'open');

/**
 * Dune's statechart: setup, then the nine phases of a turn (the Nexus only after a worm) until
 * the Mentat Pause declares a winner. Each phase state runs its rule function on entry (the
 * neutral any-time window opens at the start of those that take actions, and the Spice Blow,
 * Charity, each battle, Collection and the Mentat Pause open it after their steps,
 * rules/any-time.ts), applies actions while the phase waits on seats, and moves on once the
 * phase is done and nothing is pending (no decision, no open window). Legality was checked
 * against the legal list already.
 */
export const duneMachine = setup({
  types: {
    context: {} as DuneState,
    events: {} as DuneEvent,
    input: {} as GameInput<DuneOptions>,
  },
  guards: {
    setupDone: ({ context }) => isSetupDone(context),
    done: ({ context }) => settled(context),
    over: ({ context }) => context.result !== null,
  },
  actions: {
    setPolicy: assign(({ context, event }) =>
      event.type === 'policy'
        ? {
            ...context,
            pauses: applyPolicyToPauses(context.pauses, event.seat, event.kind, event.policy),
          }
        : context,
    ),
    enterStorm: assign(({ context }) => openAnyTimeWindow(enterStorm(context), 'storm')),
    enterBlow: assign(({ context }) => enterBlow(context)),
    enterNexus: assign(({ context }) => enterNexus(context)),
    enterCharity: assign(({ context }) => enterCharity(context)),
    enterBidding: assign(({ context }) => openAnyTimeWindow(enterBidding(context), 'bidding')),
    enterRevival: assign(({ context }) => openAnyTimeWindow(enterRevival(context), 'revival')),
    enterMovement: assign(({ context }) => openAnyTimeWindow(enterMovement(context), 'movement')),
    enterBattle: assign(({ context }) => openAnyTimeWindow(enterBattle(context), 'battle')),
    enterCollection: assign(({ context }) => enterCollection(context)),
    enterMentat: assign(({ context }) => enterMentat(context)),
    actSetup: assign(({ context, event }) => actIn(context, event, 'setup')),
    actStorm: assign(({ context, event }) => actIn(context, event, 'storm')),
    actBlow: assign(({ context, event }) => actIn(context, event, 'blow')),
    actNexus: assign(({ context, event }) => actIn(context, event, 'nexus')),
    actCharity: assign(({ context, event }) => actIn(context, event, 'charity')),
    actBidding: assign(({ context, event }) => actIn(context, event, 'bidding')),
    actRevival: assign(({ context, event }) => actIn(context, event, 'revival')),
    actMovement: assign(({ context, event }) => actIn(context, event, 'movement')),
    actBattle: assign(({ context, event }) => actIn(context, event, 'battle')),
    actCollection: assign(({ context, event }) => actIn(context, event, 'collection')),
    actMentat: assign(({ context, event }) => actIn(context, event, 'mentat')),
  },
}).createMachine({
  id: 'dune',
  context: ({ input }) => setupDune(input),
  initial: 'setup',
  on: { policy: { actions: 'setPolicy' } },
  states: {
    setup: {
      always: { guard: 'setupDone', target: 'storm' },
      on: { act: { actions: 'actSetup' } },
    },
    storm: {
      entry: 'enterStorm',
      always: { guard: 'done', target: 'blow' },
      on: { act: { actions: 'actStorm' } },
    },
    blow: {
      entry: 'enterBlow',
      always: { guard: 'done', target: 'nexus' },
      on: { act: { actions: 'actBlow' } },
    },
    nexus: {
      entry: 'enterNexus',
      always: { guard: 'done', target: 'charity' },
      on: { act: { actions: 'actNexus' } },
    },
    charity: {
      entry: 'enterCharity',
      always: { guard: 'done', target: 'bidding' },
      on: { act: { actions: 'actCharity' } },
    },
    bidding: {
      entry: 'enterBidding',
      always: { guard: 'done', target: 'revival' },
      on: { act: { actions: 'actBidding' } },
    },
    revival: {
      entry: 'enterRevival',
      always: { guard: 'done', target: 'movement' },
      on: { act: { actions: 'actRevival' } },
    },
    movement: {
      entry: 'enterMovement',
      always: { guard: 'done', target: 'battle' },
      on: { act: { actions: 'actMovement' } },
    },
    battle: {
      entry: 'enterBattle',
      always: { guard: 'done', target: 'collection' },
      on: { act: { actions: 'actBattle' } },
    },
    collection: {
      entry: 'enterCollection',
      always: { guard: 'done', target: 'mentat' },
      on: { act: { actions: 'actCollection' } },
    },
    mentat: {
      entry: 'enterMentat',
      always: [
        { guard: 'over', target: 'over' },
        { guard: 'done', target: 'storm' },
      ],
      on: { act: { actions: 'actMentat' } },
    },
    over: { type: 'final' },
  },
});

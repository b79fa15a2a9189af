import { assign, setup } from 'xstate';
import type { GameEvent, GameInput } from '@veil/engine';
import { CLICK_ACTION_TYPES, type NetrunnerAction } from '../actions/types.js';
import {
  applyActivation,
  applyChoose,
  applyClickAction,
  applyPass,
  applySeatPolicy,
} from '../actions/apply.js';
import { findAbility } from '../actions/abilities.js';
import { beginDraft, continueDraft, draftIfCurrent } from '../state/draft.js';
import type { Game, RunStep, Side } from '../state/types.js';
import { beginBreach, accessNext, canAccessNext } from '../rules/access.js';
import {
  approachIce,
  approachServer,
  beginEncounter,
  completeRun,
  declareSuccess,
  endRun,
  iceAtPosition,
  initiateRun,
  moveInward,
  nextSubroutine,
  offerJackOut,
  passIce,
  resolveNextSubroutine,
} from '../rules/run.js';
import { runTasks } from '../rules/tasks.js';
import {
  beginDiscard,
  discardPhaseEnds,
  loseRemainingClicks,
  mandatoryDraw,
  startTurn,
  turnBegins,
} from '../rules/turn.js';
import {
  dropTopWindow,
  holdAction,
  openPaw,
  reopenLeader,
  takeHeld,
  topWindow,
  type WindowKind,
} from '../rules/windows.js';
import { createGame, type NetrunnerOptions } from './setup-input.js';

export type NetrunnerEvent = GameEvent<Side, NetrunnerAction>;

const CLICK_ACTIONS: ReadonlySet<string> = new Set(CLICK_ACTION_TYPES);

type Args = { context: Game; event: NetrunnerEvent };

/** `assign` typed for this machine, for action factories defined outside `setup`. */
const assignGame = (fn: (args: Args) => Game) =>
  assign<Game, NetrunnerEvent, undefined, NetrunnerEvent, never>(fn);

function actOf(event: NetrunnerEvent): { seat: Side; action: NetrunnerAction } {
  if (event.type !== 'act') throw new Error('not an act event');
  return event;
}

function isClickAction(action: NetrunnerAction): boolean {
  if (CLICK_ACTIONS.has(action.type)) return true;
  return action.type === 'use' && findAbility(action.code, action.ability)?.timing === 'click';
}

/** Nothing queued, no decision, no open window, game not over. */
function settled(g: Game): boolean {
  if (g.outcome || g.tasks.length > 0 || g.pauses.decisions.length > 0) return false;
  // A loop, not `every` with a callback: guards run several times a step.
  for (const w of g.pauses.windows) if (w.status === 'open') return false;
  return true;
}

/** Settled, and the run (if any) is not ending: the run may take its next step. */
function progress(g: Game): boolean {
  return settled(g) && !g.run?.ending;
}

/** The window of the current state was answered by everyone passing. */
function windowDone(g: Game): boolean {
  return progress(g) && topWindow(g)?.status === 'closed';
}

/** The action window closed on the active player's pass with an action held: take it. */
function actionHeld(g: Game): boolean {
  return windowDone(g) && !!g.held;
}

/**
 * The action window closed with no action held although clicks are left: only in a sample
 * (determinize cannot know the held action), where the active player then chooses again.
 */
function actionUnchosen(g: Game): boolean {
  return windowDone(g) && g[g.active].clicks > 0;
}

/** Someone used an ability in the window and it has resolved: the window opens again. */
function windowReopens(g: Game): boolean {
  return progress(g) && topWindow(g)?.status === 'committed';
}

/** Entry action: (re)open a paid ability window; a reopened one is led by whoever acted. */
const openWindowAction = (kind: WindowKind) =>
  assignGame(({ context, event }) =>
    // Windows only replace `pauses`: no copy of the game is needed beyond the draft's.
    continueDraft(event, context, (g) => {
      const leader = reopenLeader(g);
      if (topWindow(g)?.status === 'committed') dropTopWindow(g);
      openPaw(g, kind, leader);
    }),
  );

/** A rule step as a machine action: change a draft, then run whatever it queued. */
const step = (fn: (g: Game) => void) =>
  assignGame(({ context, event }) =>
    continueDraft(event, context, (g) => {
      fn(g);
      runTasks(g);
    }),
  );

/**
 * Entry action of the run's states: records where the run is (`run.step`, read by guards, rules
 * and the view). The chart is its only writer, so the record is the chart's position
 * (run-step.test.ts holds the two equal over random games).
 */
const enterRunStep = (runStep: RunStep) =>
  assignGame(({ context, event }) =>
    continueDraft(event, context, (g) => {
      if (g.run) g.run.step = runStep;
    }),
  );

/** The handler of a seat's action: a new draft for the transition, then the rule function. */
const handle = (fn: (g: Game, seat: Side, action: NetrunnerAction) => void) =>
  assignGame(({ context, event }) =>
    beginDraft(event, context, (g) => fn(g, actOf(event).seat, actOf(event).action)),
  );

const RUN = '#netrunner.runnerTurn.action.run';

/**
 * The Netrunner statechart (CR timing structures). Each state is a step of a turn or a run;
 * entry actions perform the step, and a state moves on (`always`) only once the step is
 * settled: nothing queued, no decision pending, its paid ability window closed. Every pause is
 * such a state plus its record in `pauses` — a decision (typed continuation) or a window.
 * Decisions and window passes/activations are handled at the root; click actions only in the
 * action windows. Legality was checked against `legalActions` before an event gets here.
 */
export const netrunnerMachine = setup({
  types: {
    context: {} as Game,
    events: {} as NetrunnerEvent,
    input: {} as GameInput<NetrunnerOptions>,
  },
  guards: {
    isChoose: ({ event }) => event.type === 'act' && event.action.type === 'choose',
    isPass: ({ event }) => event.type === 'act' && event.action.type === 'pass',
    isActivation: ({ event }) =>
      event.type === 'act' &&
      ['rez', 'score', 'use'].includes(event.action.type) &&
      !isClickAction(event.action),
    isClickAction: ({ event }) => event.type === 'act' && isClickAction(event.action),
    gameOver: ({ context }) => context.outcome !== null,
    settled: ({ context }) => settled(context),
    progress: ({ context }) => progress(context),
    windowDone: ({ context }) => windowDone(context),
    windowReopens: ({ context }) => windowReopens(context),
    actionHeld: ({ context }) => actionHeld(context),
    actionUnchosen: ({ context }) => actionUnchosen(context),
    runStarting: ({ context }) =>
      context.run?.step === null && !context.outcome && context.pauses.decisions.length === 0,
    runMustEnd: ({ context }) =>
      !!context.run?.ending &&
      context.run.step !== 'ends' &&
      !context.outcome &&
      context.tasks.length === 0 &&
      context.pauses.decisions.length === 0,
    progressToIce: ({ context }) => progress(context) && iceAtPosition(context) !== null,
    windowDoneIceRezzed: ({ context }) => {
      const ice = iceAtPosition(context);
      return windowDone(context) && ice !== null && context.cards[ice]?.rezzed === true;
    },
    windowDoneWithPosition: ({ context }) => windowDone(context) && iceAtPosition(context) !== null,
    subroutineToResolve: ({ context }) => progress(context) && nextSubroutine(context) !== null,
    canAccessNext: ({ context }) => progress(context) && canAccessNext(context),
    runEndsSettled: ({ context }) =>
      !context.outcome && context.tasks.length === 0 && context.pauses.decisions.length === 0,
  },
  actions: {
    choose: handle(applyChoose),
    // A pass only replaces `pauses` (an immutable record): a shallow copy is enough.
    pass: assign(({ context, event }) => {
      const g = { ...context };
      applyPass(g, actOf(event).seat);
      return g;
    }),
    activate: handle(applyActivation),
    holdAction: handle(holdAction),
    takeHeldAction: assignGame(({ context, event }) =>
      continueDraft(event, context, (g) => {
        const held = takeHeld(g);
        if (held) applyClickAction(g, held.seat, held.action);
      }),
    ),
    setPolicy: assign(({ context, event }) => {
      if (event.type !== 'policy') return context;
      const g = { ...context };
      applySeatPolicy(g, event.seat, event.kind, event.policy);
      return g;
    }),
    // Leaving a window state drops its window — unless it is being reopened after an
    // activation: the entry action then reads who acted (they keep priority) and replaces it.
    dropWindow: assign(({ context, event }) => {
      if (topWindow(context)?.status === 'committed') return context;
      // Only `pauses` changes (replaced, never mutated): the draft, or a shallow copy.
      const g = draftIfCurrent(event, context) ?? { ...context };
      dropTopWindow(g);
      return g;
    }),
    startCorpTurn: step((g) => startTurn(g, 'corp')),
    startRunnerTurn: step((g) => startTurn(g, 'runner')),
    turnBegins: step(turnBegins),
    mandatoryDraw: step(mandatoryDraw),
    beginDiscard: step(beginDiscard),
    loseClicks: step(loseRemainingClicks),
    discardPhaseEnds: step(discardPhaseEnds),
    openCorpDraw: openWindowAction('corp-draw'),
    openCorpAction: openWindowAction('corp-action'),
    openCorpDiscard: openWindowAction('corp-discard'),
    openRunnerStart: openWindowAction('runner-turn-start'),
    openRunnerAction: openWindowAction('runner-action'),
    openRunnerDiscard: openWindowAction('runner-discard'),
    openApproach: openWindowAction('run-approach-ice'),
    openEncounter: openWindowAction('run-encounter'),
    openPassIce: openWindowAction('run-pass-ice'),
    openMovement: assign(({ context, event }) =>
      continueDraft(event, context, (g) => {
        const leader = reopenLeader(g);
        if (topWindow(g)?.status === 'committed') dropTopWindow(g);
        // 6.9.4e: the last window before the server is its own kind (the Corp's last chance
        // to rez upgrades), so policies can tell them apart.
        openPaw(g, iceAtPosition(g) === null ? 'run-approach-server' : 'run-movement', leader);
      }),
    ),
    initiateRun: step(initiateRun),
    approachIce: step(approachIce),
    encounterIce: step(beginEncounter),
    resolveSubroutine: step(resolveNextSubroutine),
    passIce: step(passIce),
    offerJackOut: step(offerJackOut),
    moveInward: step(moveInward),
    approachServer: step(approachServer),
    declareSuccess: step(declareSuccess),
    beginBreach: step(beginBreach),
    accessNext: step(accessNext),
    endRun: step(endRun),
    completeRun: step(completeRun),
  },
}).createMachine({
  id: 'netrunner',
  context: ({ input }) => createGame(input),
  initial: 'setup',
  on: {
    act: [
      { guard: 'isChoose', actions: 'choose' },
      { guard: 'isPass', actions: 'pass' },
      { guard: 'isActivation', actions: 'activate' },
    ],
    policy: { actions: 'setPolicy' },
  },
  always: { guard: 'gameOver', target: '.over' },
  states: {
    setup: {
      always: { guard: 'settled', target: 'corpTurn' },
    },
    // Entering a turn allots its clicks (draw phase a / action phase a): nothing can trigger
    // on that, so it is the turn's own entry action rather than a state of its own.
    corpTurn: {
      entry: 'startCorpTurn',
      initial: 'draw',
      states: {
        draw: {
          initial: 'window',
          states: {
            window: {
              entry: 'openCorpDraw',
              exit: 'dropWindow',
              always: [
                { guard: 'windowReopens', target: 'window', reenter: true },
                { guard: 'windowDone', target: 'turnBegins' },
              ],
            },
            turnBegins: {
              entry: 'turnBegins',
              always: { guard: 'settled', target: 'mandatoryDraw' },
            },
            mandatoryDraw: {
              entry: 'mandatoryDraw',
              always: { guard: 'settled', target: '#netrunner.corpTurn.action' },
            },
          },
        },
        action: {
          initial: 'window',
          states: {
            window: {
              entry: 'openCorpAction',
              exit: 'dropWindow',
              on: { act: { guard: 'isClickAction', actions: 'holdAction' } },
              always: [
                { guard: 'windowReopens', target: 'window', reenter: true },
                { guard: 'actionHeld', actions: 'takeHeldAction', target: 'resolving' },
                { guard: 'actionUnchosen', target: 'window', reenter: true },
                { guard: 'windowDone', target: '#netrunner.corpTurn.discard' },
              ],
            },
            resolving: {
              always: { guard: 'settled', target: 'window' },
            },
          },
        },
        discard: {
          initial: 'discarding',
          states: {
            discarding: {
              entry: 'beginDiscard',
              always: { guard: 'settled', target: 'window' },
            },
            window: {
              entry: 'openCorpDiscard',
              exit: 'dropWindow',
              // Unspent clicks are lost as the discard phase ends (nothing triggers on it).
              always: [
                { guard: 'windowReopens', target: 'window', reenter: true },
                {
                  guard: 'windowDone',
                  actions: 'loseClicks',
                  target: '#netrunner.corpTurn.turnEnd',
                },
              ],
            },
          },
        },
        // "When your discard phase ends" abilities, before the Runner's turn begins.
        turnEnd: {
          entry: 'discardPhaseEnds',
          always: { guard: 'settled', target: '#netrunner.runnerTurn' },
        },
      },
    },
    runnerTurn: {
      entry: 'startRunnerTurn',
      initial: 'start',
      states: {
        start: {
          initial: 'window',
          states: {
            window: {
              entry: 'openRunnerStart',
              exit: 'dropWindow',
              always: [
                { guard: 'windowReopens', target: 'window', reenter: true },
                { guard: 'windowDone', target: 'turnBegins' },
              ],
            },
            turnBegins: {
              entry: 'turnBegins',
              always: { guard: 'settled', target: '#netrunner.runnerTurn.action' },
            },
          },
        },
        action: {
          initial: 'window',
          states: {
            window: {
              entry: 'openRunnerAction',
              exit: 'dropWindow',
              on: { act: { guard: 'isClickAction', actions: 'holdAction' } },
              always: [
                { guard: 'windowReopens', target: 'window', reenter: true },
                { guard: 'actionHeld', actions: 'takeHeldAction', target: 'resolving' },
                { guard: 'actionUnchosen', target: 'window', reenter: true },
                { guard: 'windowDone', target: '#netrunner.runnerTurn.discard' },
              ],
            },
            resolving: {
              always: [
                { guard: 'runStarting', target: 'run' },
                { guard: 'settled', target: 'window' },
              ],
            },
            run: {
              initial: 'initiation',
              always: { guard: 'runMustEnd', target: '.ends' },
              states: {
                initiation: {
                  entry: [enterRunStep('initiation'), 'initiateRun'],
                  always: [
                    { guard: 'progressToIce', target: 'approach' },
                    { guard: 'progress', target: 'movement' },
                  ],
                },
                approach: {
                  entry: enterRunStep('approach-ice'),
                  initial: 'begin',
                  states: {
                    begin: {
                      entry: 'approachIce',
                      always: { guard: 'progress', target: 'window' },
                    },
                    window: {
                      entry: 'openApproach',
                      exit: 'dropWindow',
                      always: [
                        { guard: 'windowReopens', target: 'window', reenter: true },
                        { guard: 'windowDoneIceRezzed', target: `${RUN}.encounter` },
                        { guard: 'windowDone', target: `${RUN}.movement` },
                      ],
                    },
                  },
                },
                encounter: {
                  entry: enterRunStep('encounter'),
                  initial: 'begin',
                  states: {
                    begin: {
                      entry: 'encounterIce',
                      always: { guard: 'progress', target: 'window' },
                    },
                    window: {
                      entry: 'openEncounter',
                      exit: 'dropWindow',
                      always: [
                        { guard: 'windowReopens', target: 'window', reenter: true },
                        { guard: 'windowDone', target: 'subroutines' },
                      ],
                    },
                    subroutines: {
                      always: [
                        { guard: 'subroutineToResolve', actions: 'resolveSubroutine' },
                        { guard: 'progress', target: `${RUN}.movement` },
                      ],
                    },
                  },
                },
                movement: {
                  entry: enterRunStep('movement'),
                  initial: 'pass',
                  states: {
                    pass: {
                      entry: 'passIce',
                      always: { guard: 'progress', target: 'passWindow' },
                    },
                    passWindow: {
                      entry: 'openPassIce',
                      exit: 'dropWindow',
                      always: [
                        { guard: 'windowReopens', target: 'passWindow', reenter: true },
                        { guard: 'windowDone', target: 'jackOut' },
                      ],
                    },
                    // Step d, moving one position inward, triggers nothing: it is the
                    // transition from the jack-out decision (step c) to the movement window.
                    jackOut: {
                      entry: 'offerJackOut',
                      always: { guard: 'progress', actions: 'moveInward', target: 'window' },
                    },
                    window: {
                      entry: 'openMovement',
                      exit: 'dropWindow',
                      always: [
                        { guard: 'windowReopens', target: 'window', reenter: true },
                        { guard: 'windowDoneWithPosition', target: `${RUN}.approach` },
                        { guard: 'windowDone', target: 'approachServer' },
                      ],
                    },
                    approachServer: {
                      entry: [enterRunStep('approach-server'), 'approachServer'],
                      always: { guard: 'progress', target: `${RUN}.success` },
                    },
                  },
                },
                success: {
                  initial: 'declare',
                  states: {
                    declare: {
                      entry: [enterRunStep('success'), 'declareSuccess'],
                      always: { guard: 'progress', target: 'breach' },
                    },
                    breach: {
                      entry: [enterRunStep('breach'), 'beginBreach'],
                      always: [
                        { guard: 'canAccessNext', actions: 'accessNext' },
                        { guard: 'progress', target: `${RUN}.ends` },
                      ],
                    },
                  },
                },
                ends: {
                  entry: [enterRunStep('ends'), 'endRun'],
                  always: {
                    guard: 'runEndsSettled',
                    actions: 'completeRun',
                    target: '#netrunner.runnerTurn.action.resolving',
                  },
                },
              },
            },
          },
        },
        discard: {
          initial: 'discarding',
          states: {
            discarding: {
              entry: 'beginDiscard',
              always: { guard: 'settled', target: 'window' },
            },
            window: {
              entry: 'openRunnerDiscard',
              exit: 'dropWindow',
              always: [
                { guard: 'windowReopens', target: 'window', reenter: true },
                { guard: 'windowDone', actions: 'loseClicks', target: '#netrunner.corpTurn' },
              ],
            },
          },
        },
      },
    },
    over: { type: 'final' },
  },
});

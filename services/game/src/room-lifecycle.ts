import type { GameSnapshot } from '@veil/engine';
import { assign, fromPromise, setup } from 'xstate';
import type { RegisteredGame } from './game-registry.js';
import type { LoadedRoomState } from './room-loading.js';
import type { RoomRecord } from '@veil/store';

/**
 * The life of one live room on a node: `loading` (snapshot + replay) → `active` → `finished`
 * (the game has an outcome) or `abandoned` (it cannot be run: the room is marked abandoned —
 * on load, or by this node when no seat came — or its log cannot be loaded). The context holds the room's current game snapshot and version.
 *
 * The actor only ever adopts a state that is already durable: the room runner computes the next
 * game snapshot with the engine's pure `applyAction` (the game's own machine, stepped without an
 * actor), commits it, and only then sends `committed`. A refused action or a failed commit
 * therefore never touches the actor.
 */
export interface RoomLifecycleContext {
  readonly roomId: string;
  readonly load: RoomLifecycleInput['load'];
  readonly record: RoomRecord | null;
  readonly game: RegisteredGame | null;
  readonly snapshot: GameSnapshot<unknown> | null;
  readonly version: number;
}

export type RoomLifecycleEvent =
  | {
      readonly type: 'committed';
      readonly snapshot: GameSnapshot<unknown>;
      readonly version: number;
      /** The game has an outcome at this version. */
      readonly over: boolean;
      /** Seats this commit stored anew (a seat handed to a bot). */
      readonly seatChanges?: RoomRecord['seats'];
    }
  /** The store marked the room abandoned: no seat came (unjoined-rooms.ts). */
  | { readonly type: 'abandoned' };

export interface RoomLifecycleInput {
  readonly roomId: string;
  /** Loads the room (snapshot + replay); kept out of the machine so one machine serves all. */
  readonly load: (roomId: string) => Promise<LoadedRoom>;
}

/** What loading yields, with whether the game is already over or the room abandoned. */
export interface LoadedRoom extends LoadedRoomState {
  readonly over: boolean;
}

/**
 * The machine, built once: every room's actor runs this same definition (a machine per room would
 * cost every live room a copy of the whole chart), and gets its loader through `input`.
 */
export const roomLifecycleMachine = createRoomLifecycle();

function createRoomLifecycle() {
  return setup({
    types: {
      context: {} as RoomLifecycleContext,
      events: {} as RoomLifecycleEvent,
      input: {} as RoomLifecycleInput,
    },
    actors: {
      loadRoom: fromPromise<LoadedRoom, RoomLifecycleInput>(({ input }) =>
        input.load(input.roomId),
      ),
    },
    guards: {
      loadedGameIsOver: (_, loaded: LoadedRoom) => loaded.over,
      loadedRoomIsAbandoned: (_, loaded: LoadedRoom) => loaded.record.status === 'abandoned',
      committedGameIsOver: ({ event }) => event.type === 'committed' && event.over,
    },
    actions: {
      adoptLoadedRoom: assign((_, loaded: LoadedRoom) => ({
        record: loaded.record,
        game: loaded.game,
        snapshot: loaded.snapshot,
        version: loaded.version,
      })),
      adoptCommittedSnapshot: assign(({ context, event }) => {
        if (event.type !== 'committed') return context;
        const { snapshot, version, seatChanges } = event;
        const record =
          seatChanges && context.record
            ? { ...context.record, seats: { ...context.record.seats, ...seatChanges } }
            : context.record;
        return { snapshot, version, record };
      }),
    },
  }).createMachine({
    id: 'room',
    context: ({ input }) => ({
      roomId: input.roomId,
      load: input.load,
      record: null,
      game: null,
      snapshot: null,
      version: 0,
    }),
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          src: 'loadRoom',
          input: ({ context }) => ({ roomId: context.roomId, load: context.load }),
          onDone: [
            {
              guard: { type: 'loadedRoomIsAbandoned', params: ({ event }) => event.output },
              target: 'abandoned',
              actions: { type: 'adoptLoadedRoom', params: ({ event }) => event.output },
            },
            {
              guard: { type: 'loadedGameIsOver', params: ({ event }) => event.output },
              target: 'finished',
              actions: { type: 'adoptLoadedRoom', params: ({ event }) => event.output },
            },
            {
              target: 'active',
              actions: { type: 'adoptLoadedRoom', params: ({ event }) => event.output },
            },
          ],
          onError: { target: 'abandoned' },
        },
      },
      active: {
        on: {
          committed: [
            { guard: 'committedGameIsOver', target: 'finished', actions: 'adoptCommittedSnapshot' },
            { actions: 'adoptCommittedSnapshot' },
          ],
          abandoned: { target: 'abandoned' },
        },
      },
      finished: { type: 'final' },
      abandoned: { type: 'final' },
    },
  });
}

export type RoomLifecycleMachine = ReturnType<typeof createRoomLifecycle>;

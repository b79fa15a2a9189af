/**
 * Veil through the real game node (`@veil/game` `startGameNode`): rooms created with
 * `veil.rooms.create`, moves sent as `act` commands on `veil.room.<id>.cmd`, views published on
 * `veil.room.<id>.view.<viewer>` — over whichever bus is given (in-process or NATS). The node
 * commits each act (grouped, with compare-and-set) before it acks and publishes the views.
 */
import type { Bus, InProcessBroker } from '@veil/bus';
import type { AnyGameModule } from '@veil/engine';
import type { CommitBatcherOptions, GameNode } from '@veil/game';
import type { RoomStore } from '@veil/store';
import { drawPlay, policyMove, type DrawPlaySeat } from './drawplay.js';
import { pool } from './durable-direct.js';

export const TOKEN_HASH = 'f'.repeat(64);

/** Started lazily, so that a game node that does not load (still being written) is reported. */
export async function startBenchNode(
  store: RoomStore,
  bus: Bus,
  nodeId: string,
  options: { games?: AnyGameModule[]; idleUnloadMs?: number } = {},
): Promise<GameNode> {
  const { startGameNode } = await import('@veil/game');
  return startGameNode({
    nodeId,
    store,
    bus,
    games: options.games ?? [drawPlay],
    idleUnloadMs: options.idleUnloadMs ?? 60 * 60_000,
    // The benchmarks' rooms have human seats nobody joins: they must neither wait for one (an
    // idle room would stay loaded) nor be abandoned.
    abandonUnjoinedMs: 0,
    commits: batcherKnobs(),
  });
}

/** `CommitBatcher` options from the environment, to try other settings (test/bench/README.md). */
function batcherKnobs(): CommitBatcherOptions {
  const knobs: CommitBatcherOptions = {};
  const names = {
    concurrency: 'VEIL_BENCH_COMMIT_CONCURRENCY',
    windowMs: 'VEIL_BENCH_COMMIT_WINDOW_MS',
    overlapAtItems: 'VEIL_BENCH_COMMIT_OVERLAP_AT',
    maxItems: 'VEIL_BENCH_COMMIT_MAX_ITEMS',
  } as const;
  for (const [option, name] of Object.entries(names) as [keyof typeof names, string][]) {
    const value = Number(process.env[name] || NaN); // set and not empty
    if (Number.isFinite(value)) knobs[option] = value;
  }
  return knobs;
}

/** Creates the rooms through `veil.rooms.create`; `moves` is each game's length (or all of them). */
export async function createNodeRooms(
  bus: Bus,
  ids: readonly string[],
  moves: number | ((roomId: string) => number),
): Promise<void> {
  await pool(ids, 16, async (roomId) => {
    const movesPerMatch = typeof moves === 'number' ? moves : moves(roomId);
    const reply = (await bus.request(
      'veil.rooms.create',
      {
        roomId,
        game: drawPlay.id,
        seats: {
          p1: { kind: 'human', tokenHash: TOKEN_HASH },
          p2: { kind: 'human', tokenHash: TOKEN_HASH },
        },
        options: { seed: roomId, gameOptions: { moves: movesPerMatch } },
      },
      { timeoutMs: 30_000 },
    )) as { ok: boolean };
    if (!reply.ok) throw new Error(`room ${roomId} not created: ${JSON.stringify(reply)}`);
  });
}

/** What a client tracks of its room: the version and both hands' sizes (it made every move). */
export class RoomDriver {
  version = 0;
  readonly hands: Record<DrawPlaySeat, number> = { p1: 0, p2: 0 };
  deck = 200;
  constructor(
    readonly id: string,
    readonly movesPerMatch: number,
  ) {}
  get done(): boolean {
    return this.version >= this.movesPerMatch;
  }
  /** The next act command (seats alternate, p1 first). */
  next(): { seat: DrawPlaySeat; command: Record<string, unknown> } {
    const seat: DrawPlaySeat = this.version % 2 === 0 ? 'p1' : 'p2';
    const move = policyMove(this.hands[seat], this.deck);
    return {
      seat,
      command: {
        type: 'act',
        seat,
        version: this.version,
        action: { type: move },
        requestId: `move-${this.version + 1}`,
      },
    };
  }
  /** The node acknowledged the act computed by `next()`. */
  acked(seat: DrawPlaySeat, command: Record<string, unknown>, version: number): void {
    const type = (command['action'] as { type: string }).type;
    if (type === 'draw') {
      this.hands[seat]++;
      this.deck--;
    } else this.hands[seat]--;
    this.version = version;
  }
}

export async function actOnce(bus: Bus, room: RoomDriver): Promise<void> {
  const { seat, command } = room.next();
  const reply = (await bus.request(`veil.room.${room.id}.cmd`, command, {
    timeoutMs: 30_000,
  })) as { ok: boolean; version?: number };
  if (!reply.ok || reply.version === undefined) {
    throw new Error(`room ${room.id}: act refused: ${JSON.stringify(reply)}`);
  }
  room.acked(seat, command, reply.version);
}

/**
 * Counts the JSON bytes of the view publications on every room, as they cross the in-process
 * broker: a tap on the wire, like boardgame.io's stand-in transport (bgio.ts), which counts the
 * payloads it serializes and decodes none. A client that subscribed would also decode every
 * view, work the boardgame.io side does not do, in this same process.
 */
export function countViews(broker: InProcessBroker): { bytes: () => number; stop: () => void } {
  let bytes = 0;
  const tap = {
    pattern: 'veil.room.*.view.*',
    queue: undefined,
    deliver: (message: { payload: Uint8Array }) => {
      bytes += message.payload.byteLength;
    },
  };
  broker.add(tap);
  return { bytes: () => bytes, stop: () => broker.remove(tap) };
}

/** Plays every room to the end, `concurrency` rooms at a time; returns moves and ms. */
export async function playThroughNode(
  bus: Bus,
  ids: readonly string[],
  movesPerMatch: number,
  concurrency: number,
  onProgress?: (message: string) => void,
): Promise<{ moves: number; ms: number }> {
  let moves = 0;
  const t0 = performance.now();
  const ticker = setInterval(() => onProgress?.(`  (b) game node: ${moves} moves`), 5_000);
  await pool(ids, concurrency, async (id) => {
    const room = new RoomDriver(id, movesPerMatch);
    while (!room.done) {
      await actOnce(bus, room);
      moves++;
    }
  });
  clearInterval(ticker);
  return { moves, ms: performance.now() - t0 };
}

import { fileURLToPath } from 'node:url';
import { NatsBus, type Bus } from '@veil/bus';
import {
  canonicalJson,
  type AnyGameModule,
  persistGame,
  restoreGame,
  type GameSnapshot,
  type PersistedGame,
} from '@veil/engine';
import { parlor, type ParlorAction, type ParlorView } from '@veil/parlor';
import {
  applyRoomEvent,
  gameRegistry,
  isRoomEventRecord,
  loadRoomState,
  sendRoomCommand,
} from '@veil/game';
import type { RoomStore } from '@veil/store';
import {
  createRoomCommandReplySchema,
  ROOMS_CREATE_SUBJECT,
  roomViewSubject,
  type CreateRoomCommandInput,
  type RoomCommandReply,
  type ViewPublication,
} from '@veil/protocol';
import pg from 'pg';
import { startProcess, type ManagedProcess } from '../support/index.js';

/** Shared by the game-node integration tests: node processes, a client, checks on Postgres. */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const TOKEN_HASH = 'e'.repeat(64);
/**
 * A request sent to a node that dies before answering is only given up at its timeout, so a
 * short one (as a gateway would use) keeps the measured takeover close to the lease expiry.
 */
const CLIENT_OPTIONS = { timeoutMs: 1_000, deadlineMs: 60_000 };

export interface NodeProcessOptions {
  databaseUrl: string;
  natsUrl: string;
  leaseTtlMs?: number;
}

/** `veil start`, as production runs it; the tests' processes differ only in their environment. */
const veilBin = fileURLToPath(new URL('../../services/cli/bin/veil.js', import.meta.url));

/**
 * A `veil start` child with `env` on top of this process's environment, once it has started.
 * Parlor is registered (`VEIL_EXTRA_GAMES`) beside the production games.
 */
async function startVeilProcess(name: string, env: NodeJS.ProcessEnv): Promise<ManagedProcess> {
  const child = await startProcess({
    name,
    command: process.execPath,
    args: [veilBin, 'start'],
    cwd: repoRoot,
    env: { ...process.env, VEIL_EXTRA_GAMES: '@veil/parlor', LOG_LEVEL: 'info', ...env },
  });
  await child.waitForOutput(/"msg":"veil started"/, 90_000);
  return child;
}

/** A game node as a child process (`veil start` with `VEIL_ROLE=game`), once it has started. */
export async function startGameNodeProcess(
  nodeId: string,
  options: NodeProcessOptions,
): Promise<ManagedProcess> {
  return startVeilProcess(nodeId, {
    VEIL_ROLE: 'game',
    DATABASE_URL: options.databaseUrl,
    NATS_URL: options.natsUrl,
    VEIL_NODE_ID: nodeId,
    VEIL_LEASE_TTL_MS: String(options.leaseTtlMs ?? 2_000),
  });
}

/** An AI worker as a child process (`veil start` with `VEIL_ROLE=ai`, one worker), once started. */
export async function startAiWorkerProcess(
  workerId: string,
  natsUrl: string,
): Promise<ManagedProcess> {
  return startVeilProcess(workerId, {
    VEIL_ROLE: 'ai',
    NATS_URL: natsUrl,
    VEIL_AI_WORKERS: '1',
    VEIL_AI_THINK_MS: '0',
    VEIL_AI_THINK_JITTER_MS: '0',
  });
}

export async function connectClient(natsUrl: string, name: string): Promise<Bus> {
  return NatsBus.connect({ servers: natsUrl, name });
}

/** A two-human Parlor room, created by whichever node of the queue group takes the request. */
export async function createParlorRoom(
  bus: Bus,
  roomId: string,
  options: CreateRoomCommandInput['options'] = {},
  seats: CreateRoomCommandInput['seats'] = {
    p1: { kind: 'human', tokenHash: TOKEN_HASH },
    p2: { kind: 'human', tokenHash: TOKEN_HASH },
  },
): Promise<string> {
  const reply = createRoomCommandReplySchema.parse(
    await bus.request(
      ROOMS_CREATE_SUBJECT,
      {
        roomId,
        game: 'parlor',
        seats,
        options,
      },
      { timeoutMs: 30_000 },
    ),
  );
  if (!reply.ok) throw new Error(`room not created: ${reply.error.code}`);
  return reply.nodeId;
}

export async function syncView(
  bus: Bus,
  roomId: string,
  viewer: string,
): Promise<{ version: number; view: ParlorView }> {
  const reply = await sendRoomCommand(bus, roomId, { type: 'sync', viewer }, CLIENT_OPTIONS);
  if (!reply.ok || !reply.view) throw new Error(`sync refused: ${JSON.stringify(reply)}`);
  return { version: reply.view.version, view: reply.view.view as unknown as ParlorView };
}

/** The deciding seat, its version and legal actions. */
export async function deciderOf(
  bus: Bus,
  roomId: string,
): Promise<{ seat: string; version: number; legal: readonly ParlorAction[] }> {
  const { view } = await syncView(bus, roomId, 'p1');
  const seat = view.deciders[0];
  if (!seat) throw new Error(`no decider in ${roomId}`);
  const own = await syncView(bus, roomId, seat);
  return { seat, version: own.version, legal: own.view.legalActions ?? [] };
}

export async function act(
  bus: Bus,
  roomId: string,
  seat: string,
  version: number,
  action: object,
  requestId: string,
): Promise<RoomCommandReply> {
  return sendRoomCommand(
    bus,
    roomId,
    { type: 'act', seat, version, action: action as never, requestId },
    CLIENT_OPTIONS,
  );
}

/** Records the versions of every publication on one viewer's subject. */
export class ViewWatcher {
  readonly versions: number[] = [];

  static async watch(bus: Bus, roomId: string, viewer: string): Promise<ViewWatcher> {
    const watcher = new ViewWatcher();
    await bus.subscribe(roomViewSubject(roomId, viewer), ({ data }) => {
      watcher.versions.push((data as ViewPublication).version);
    });
    return watcher;
  }

  /** Steps between consecutive publications that skip a version (a repeat is not a gap). */
  gaps(): number {
    let gaps = 0;
    for (let i = 1; i < this.versions.length; i += 1) {
      const step = (this.versions[i] as number) - (this.versions[i - 1] as number);
      if (step !== 0 && step !== 1) gaps += 1;
    }
    return gaps;
  }
}

interface EventRow {
  version: number;
  seat: string;
  action: unknown;
  request_id: string;
}

/**
 * A snapshot's bytes with object keys sorted: jsonb keeps values exactly but not key order, so
 * the stored form and the live form are compared in this canonical serialization.
 */
export function canonicalBytes(snapshot: GameSnapshot<unknown>): string {
  return canonicalJson(persistGame(snapshot));
}

/**
 * Replays a stored room from its first snapshot through every event and compares each stored
 * snapshot with the replayed state at its version. Returns how many snapshots matched, and the
 * versions whose snapshots did not.
 */
export async function replayStoredRoom(
  db: pg.Client,
  roomId: string,
  module: AnyGameModule = parlor as unknown as AnyGameModule,
): Promise<{ compared: number; mismatched: number[]; events: number }> {
  const snapshots = await db.query<{ version: number; snapshot: PersistedGame<never> }>(
    'select version, snapshot from room_snapshots where room_id = $1 order by version',
    [roomId],
  );
  const events = await db.query<EventRow>(
    'select version, seat, action, request_id from room_events where room_id = $1 order by version',
    [roomId],
  );
  const stored = new Map(snapshots.rows.map((r) => [r.version, r.snapshot]));
  const first = stored.get(0);
  if (!first) throw new Error(`room ${roomId} has no version-0 snapshot`);
  let state = restoreGame(module, first);
  const mismatched: number[] = [];
  let compared = 1;
  for (const event of events.rows) {
    if (!isRoomEventRecord(event.action)) throw new Error(`bad event at ${event.version}`);
    state = applyRoomEvent(module, state, event.seat, event.action) as typeof state;
    const snapshot = stored.get(event.version);
    if (snapshot) {
      compared += 1;
      if (canonicalBytes(restoreGame(module, snapshot)) !== canonicalBytes(state)) {
        mismatched.push(event.version);
      }
    }
  }
  return { compared, mismatched, events: events.rows.length };
}

/** The room's committed state as any node would load it (latest snapshot + later events). */
export async function storedRoomBytes(
  store: RoomStore,
  roomId: string,
): Promise<{ version: number; bytes: string }> {
  const loaded = await loadRoomState(store, gameRegistry([parlor]), roomId);
  return { version: loaded.version, bytes: canonicalBytes(loaded.snapshot) };
}

export async function openDb(url: string): Promise<pg.Client> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  return db;
}

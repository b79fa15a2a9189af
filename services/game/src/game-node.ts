import type { Bus, BusMessage, BusSubscription } from '@veil/bus';
import type { AnyGameModule } from '@veil/engine';
import {
  cancelCreationSchema,
  createRoomCommandSchema,
  GAME_NODES_QUEUE_GROUP,
  placeRequestSchema,
  protocolError,
  ROOMS_CANCEL_SUBJECT,
  ROOMS_CREATE_SUBJECT,
  ROOMS_MOVED_SUBJECT,
  ROOMS_PLACE_SUBJECT,
  ROOMS_REPLAY_SUBJECT,
  type CancelCreationReply,
  type CreateRoomCommand,
  type CreateRoomCommandReply,
  type ErrorCode,
  type PlaceReply,
} from '@veil/protocol';
import {
  DEFAULT_QUIET_SNAPSHOT_MS,
  DEFAULT_SNAPSHOT_INTERVAL,
  Limiter,
  type LoadedRoom as StoredRoom,
  type RoomStore,
} from '@veil/store';
import type { BotMoveOptions } from './bot-moves.js';
import { wallClock, type ClockSource } from './clock-source.js';
import { CommitBatcher, type CommitBatcherOptions } from './commit-batcher.js';
import { ExpiredLeaseSweep } from './expired-lease-sweep.js';
import { gameRegistry, type GameRegistry, type RegisteredGame } from './game-registry.js';
import { silentLogger, type Logger } from '@veil/log';
import { createRoom } from './room-creation.js';
import { LeaseReleases } from './lease-releases.js';
import { NodeLiveness } from './node-liveness.js';
import { RoomLoadError } from './room-loading.js';
import { reportRulesVersionsInPlay } from './rules-versions-in-play.js';
import { ReplayCache } from './replay-cache.js';
import { replayRoom } from './room-replay.js';
import { RoomRunner, type UnloadReason } from './room-runner.js';
import { StallGuard } from './stall-guard.js';
import { DEFAULT_ABANDON_UNJOINED_MS } from './unjoined-rooms.js';

/**
 * Leases renewed per statement. A renewal holds its rooms' rows until it ends, and a commit of
 * one of them waits that long: a thousand rows took 20–50 ms under load at 2,000 acts/s.
 */
const RENEW_CHUNK = 250;

/** How long a node remembers a cancelled creation (longer than any creation's deadline). */
const CANCEL_MEMORY_MS = 60_000;

export interface GameNodeOptions {
  /** This node's id, as it appears in room leases. */
  readonly nodeId: string;
  readonly store: RoomStore;
  readonly bus: Bus;
  /** The games this node runs: a registry, or modules (and entries with a turn counter). */
  readonly games: GameRegistry | Iterable<AnyGameModule | RegisteredGame>;
  /** Lease time-to-live (default 15 s); renewed every third of it. */
  readonly leaseTtlMs?: number;
  /** A room with no command for this long is unloaded (default 10 min). */
  readonly idleUnloadMs?: number;
  /**
   * A finished or abandoned room with no command for this long is unloaded (default 1 min, or
   * `idleUnloadMs` if that is shorter): its game can no longer change, so it need not hold memory,
   * a lease and a subscription for the whole idle time. A later command (a player's last look, a
   * spectator arriving) places it again like any other room.
   */
  readonly finishedUnloadMs?: number;
  readonly commits?: CommitBatcherOptions;
  readonly bots?: BotMoveOptions;
  /** Events between interval snapshots (default: the store's, 20). */
  readonly snapshotInterval?: number;
  /**
   * A room that waits on a human and has seen no action for this long is snapshotted (default:
   * the store's, 2 s); rooms unloaded idle or drained are snapshotted too. See the store's
   * snapshot policy.
   */
  readonly quietSnapshotMs?: number;
  /** Pause between this node's heartbeats (default 250 ms). */
  readonly heartbeatMs?: number;
  /**
   * A peer node not heard from for this long is gone and its rooms are taken over at once
   * (default 1.25 s); without liveness a dead node's rooms would wait out their leases.
   */
  readonly livenessDeadlineMs?: number;
  /**
   * Mean pause between this node's sweeps for rooms in play whose lease expired while held
   * (default 5 s, jittered ±50 %; 0: none). Such rooms were let go without a release (a commit
   * and the release failed while the database was down) or left by a node no peer heard.
   */
  readonly leaseSweepMs?: number;
  /** Most rooms one sweep takes (default 50). */
  readonly leaseSweepBatch?: number;
  /** The rooms' clocks for time controls (default: the wall clock; tests pass a fake one). */
  readonly clock?: ClockSource;
  /**
   * A room with a human seat that no human seat joined or acted in for this long after its
   * creation is abandoned (default 10 min; 0: never). Rooms of bots only are never.
   */
  readonly abandonUnjoinedMs?: number;
  readonly logger?: Logger;
}

export interface GameNode {
  readonly nodeId: string;
  /** Ids of the rooms this node runs now. */
  rooms(): string[];
  /** Claims and loads a room (what `veil.rooms.place` does). */
  place(roomId: string): Promise<PlaceReply>;
  /**
   * Graceful shutdown: stops taking rooms and commands, lets in-flight commands and their commits
   * finish, releases every lease. The bus and store stay open (they are the caller's).
   */
  drain(): Promise<void>;
  /** Stops at once, keeping the leases (they expire): what a crash looks like to other nodes. */
  stop(): Promise<void>;
}

/**
 * A game node (docs/architecture.md, "The parts", "Services"): hosts one `RoomRunner` per live room, answers placement and
 * creation in the `game-nodes` queue group, renews the leases of its rooms, and unloads idle ones.
 */
export async function startGameNode(options: GameNodeOptions): Promise<GameNode> {
  const { nodeId, store, bus } = options;
  const games = isRegistry(options.games) ? options.games : gameRegistry(options.games);
  const logger = options.logger ?? silentLogger;
  const leaseTtlMs = options.leaseTtlMs ?? 15_000;
  const idleUnloadMs = options.idleUnloadMs ?? 10 * 60_000;
  const finishedUnloadMs = Math.min(options.finishedUnloadMs ?? 60_000, idleUnloadMs);
  const batcher = new CommitBatcher(store, options.commits);
  const clock = options.clock ?? wallClock();
  const runners = new Map<string, RoomRunner>();
  const opening = new Map<string, Promise<PlaceReply>>();
  let accepting = true;
  let renewing: Promise<void> | null = null;

  const unload = (roomId: string, reason: UnloadReason, release: boolean): Promise<void> => {
    const runner = runners.get(roomId);
    if (!runner) return Promise.resolve();
    return runner.close(reason, release).finally(() => {
      if (runners.get(roomId) === runner) runners.delete(roomId);
    });
  };

  const deps = {
    nodeId,
    store,
    bus,
    games,
    batcher,
    logger,
    bots: options.bots ?? {},
    snapshotInterval: options.snapshotInterval ?? DEFAULT_SNAPSHOT_INTERVAL,
    quietSnapshotMs: options.quietSnapshotMs ?? DEFAULT_QUIET_SNAPSHOT_MS,
    snapshotWrites: new Limiter(2),
    leases: new LeaseReleases(store, nodeId, logger),
    createRoom: (command: CreateRoomCommand) => createAndRun(command),
    // A fenced room is let go with its lease released: the lease is usually another node's
    // already (a release only acts while this node holds it). A room whose commit failed keeps
    // its lease until it expires: released, nothing would place it again before a client's
    // command (a bot's turn would stall for good); left to expire, a node's lease sweep takes it
    // and loads it from the database afresh (a command placed here meanwhile reloads it too).
    // An abandoned room's lease was dropped by the statement that abandoned it.
    unload: (roomId: string, reason: string) =>
      void unload(
        roomId,
        reason as UnloadReason,
        reason !== 'commit_failed' && reason !== 'abandoned',
      ),
    serving: () => serving(),
    clock,
    abandonUnjoinedMs: options.abandonUnjoinedMs ?? DEFAULT_ABANDON_UNJOINED_MS,
  };

  const stallGuard = new StallGuard(() => liveness.stalledMs(), renewNow, logger);
  const serving = (): boolean => stallGuard.serving();

  /** A room this node creates itself (a rematch): stored with its lease held here, then run. */
  async function createAndRun(command: CreateRoomCommand): Promise<{ roomId: string } | ErrorCode> {
    if (!accepting) return 'unavailable';
    const lease = { owner: nodeId, ttlMs: leaseTtlMs };
    const created = await createRoom(store, games, command, logger, lease, clock);
    if (!created.ok) return created.error.code;
    const placed = await place(created.roomId, created.stored);
    return placed.ok ? { roomId: created.roomId } : placed.error.code;
  }

  /** Takes the room's lease, then opens it. */
  async function claimAndOpen(roomId: string): Promise<PlaceReply> {
    let claim;
    try {
      claim = await store.claimLease(roomId, nodeId, leaseTtlMs);
    } catch (error) {
      logger.warn('lease claim failed', { roomId, error });
      return { ok: false, error: protocolError('unavailable') };
    }
    if (claim.status === 'not_found') return { ok: false, error: protocolError('room_not_found') };
    if (claim.status === 'held') return { ok: false, error: protocolError('unavailable') };
    return open(roomId);
  }

  /**
   * Opens a room whose lease this node holds (from its rows when it was just created). An
   * abandoned room is refused `game_over` and its lease given back: it is never served again.
   * A load that fails gives the lease back too, unless `keepLease`: a room taken over with no
   * client asking for it (a takeover, the sweep) keeps it until it expires, so that the sweep
   * tries again (released, a bot-only room would wait for a command that never comes). A log
   * that does not replay, or of a retired rules version, fails the same way every time: its
   * lease is always given back, and the room is tried again only when a client asks for it.
   */
  async function open(roomId: string, stored?: StoredRoom, keepLease = false): Promise<PlaceReply> {
    try {
      const runner = await RoomRunner.open(roomId, deps, stored);
      if (runner.lifecycle === 'abandoned') {
        await runner.close('abandoned', false);
        await store.releaseLease(roomId, nodeId).catch(() => undefined);
        return { ok: false, error: protocolError('game_over') };
      }
      runners.set(roomId, runner);
      return { ok: true, nodeId };
    } catch (error) {
      const loadError = error instanceof RoomLoadError ? error : null;
      if (!keepLease || loadError?.permanent) {
        await store.releaseLease(roomId, nodeId).catch(() => undefined);
      }
      logger.error('room load failed', { roomId, error });
      return { ok: false, error: protocolError(loadError?.refusal ?? 'unavailable') };
    }
  }

  /** Runs the room here: already running, being opened, or claimed and opened now. */
  async function place(roomId: string, created?: StoredRoom): Promise<PlaceReply> {
    if (!accepting) {
      // A room created here holds this node's lease: let another node have it now.
      if (created) await store.releaseLease(roomId, nodeId).catch(() => undefined);
      return { ok: false, error: protocolError('unavailable') };
    }
    const running = runners.get(roomId);
    if (running) {
      return running.isClosing
        ? { ok: false, error: protocolError('unavailable') }
        : { ok: true, nodeId };
    }
    let pending = opening.get(roomId);
    if (!pending) {
      pending = (created ? open(roomId, created) : claimAndOpen(roomId)).finally(() =>
        opening.delete(roomId),
      );
      opening.set(roomId, pending);
    }
    return pending;
  }

  const onPlace = async ({ data, respond }: BusMessage): Promise<void> => {
    const parsed = placeRequestSchema.safeParse(data);
    const reply: PlaceReply = parsed.success
      ? await place(parsed.data.roomId)
      : { ok: false, error: protocolError('bad_request') };
    respond?.(reply);
  };

  const onCreate = async ({ data, respond }: BusMessage): Promise<void> => {
    const parsed = createRoomCommandSchema.safeParse(data);
    let reply: CreateRoomCommandReply;
    if (!parsed.success) reply = { ok: false, error: protocolError('bad_request') };
    else if (!accepting) reply = { ok: false, error: protocolError('unavailable') };
    else {
      // The room is created with its lease held by this node, which runs it from the rows it
      // wrote: no claim and no read back.
      const lease = { owner: nodeId, ttlMs: leaseTtlMs };
      const created = await createRoom(store, games, parsed.data, logger, lease, clock);
      if (!created.ok) reply = created;
      else if (cancelled.has(created.roomId)) {
        // The gateway gave up while this node was storing the room; the cancel came first.
        await store.deleteRoom(created.roomId).catch(() => undefined);
        reply = { ok: false, error: protocolError('unavailable') };
      } else {
        const placed = await place(created.roomId, created.stored);
        reply = placed.ok
          ? { ok: true, roomId: created.roomId, version: 0, nodeId }
          : { ok: false, error: placed.error };
      }
    }
    respond?.(reply);
  };

  /**
   * Room creations the gateway gave up on (`veil.rooms.cancel`), kept a while: a creation this
   * node is still storing when its cancel arrives is deleted as soon as it is stored.
   */
  const cancelled = new Map<string, NodeJS.Timeout>();
  const onCancel = async ({ data, respond }: BusMessage): Promise<void> => {
    const parsed = cancelCreationSchema.safeParse(data);
    let reply: CancelCreationReply;
    if (!parsed.success) reply = { ok: false, error: protocolError('bad_request') };
    else {
      const { roomId } = parsed.data;
      clearTimeout(cancelled.get(roomId));
      cancelled.set(
        roomId,
        setTimeout(() => cancelled.delete(roomId), CANCEL_MEMORY_MS),
      );
      try {
        // Another node running the room finds it gone at its next commit or renewal.
        const deleted = await store.deleteRoom(roomId);
        await unload(roomId, 'fenced', false);
        logger.info('room creation cancelled', { roomId, deleted });
        reply = { ok: true, deleted };
      } catch (error) {
        logger.warn('room creation not cancelled', { roomId, error });
        reply = { ok: false, error: protocolError('unavailable') };
      }
    }
    respond?.(reply);
  };

  /**
   * Takes over the rooms of a node gone silent: their leases move here in one statement, then
   * each room is loaded — which publishes its current views and asks for any bot move it waits
   * on, so play goes on without waiting for a client's command.
   */
  const takeovers = new Limiter(8);
  const openTaken = async (taken: readonly string[]): Promise<void> => {
    await Promise.all(
      taken.map((roomId) =>
        takeovers.run(async () => {
          if (runners.has(roomId) || opening.has(roomId)) return;
          // Stopping: the lease just taken is given back for another node to sweep.
          if (!accepting) return void store.releaseLease(roomId, nodeId).catch(() => undefined);
          const pending = open(roomId, undefined, true).finally(() => opening.delete(roomId));
          opening.set(roomId, pending);
          // Gateways holding a command for the room send it again now, here.
          if ((await pending).ok) publishMoved(roomId);
        }),
      ),
    );
  };
  const publishMoved = (roomId: string): void => {
    try {
      bus.publish(ROOMS_MOVED_SUBJECT, { roomId });
    } catch (error) {
      logger.warn('room move not announced', { roomId, error });
    }
  };
  /**
   * Each node that survives `peer` takes its share of the rooms (they find it gone within a
   * moment of each other, so each loads only its part), then, once those are loaded, whatever is
   * left: a share nobody else took is not stranded. Two statements at most, so a peer wrongly
   * found gone (it was reconnecting to NATS) is not stripped of rooms again and again.
   */
  const takeOver = async (peer: string): Promise<void> => {
    let share = liveness.peers().length + 1;
    for (let pass = 0; pass < 2 && accepting; pass += 1, share = 1) {
      let taken: string[];
      try {
        taken = await store.takeOverLeases(peer, nodeId, leaseTtlMs, share);
      } catch (error) {
        logger.warn('takeover failed', { peer, error });
        return;
      }
      if (taken.length === 0) return;
      logger.info('taking over rooms', { peer, rooms: taken.length, share });
      await openTaken(taken);
    }
  };
  const leaseSweep = new ExpiredLeaseSweep({
    nodeId,
    store,
    logger,
    leaseTtlMs,
    ...(options.leaseSweepMs === undefined ? {} : { intervalMs: options.leaseSweepMs }),
    ...(options.leaseSweepBatch === undefined ? {} : { batch: options.leaseSweepBatch }),
    onTaken: openTaken,
  });
  const liveness = new NodeLiveness({
    nodeId,
    bus,
    logger,
    ...(options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }),
    ...(options.livenessDeadlineMs === undefined ? {} : { deadlineMs: options.livenessDeadlineMs }),
    onPeerGone: (peer) => void takeOver(peer),
  });

  const replays = new ReplayCache();
  const subscriptions: BusSubscription[] = await Promise.all([
    bus.subscribe(ROOMS_PLACE_SUBJECT, onPlace, { queue: GAME_NODES_QUEUE_GROUP }),
    bus.subscribe(ROOMS_CREATE_SUBJECT, onCreate, { queue: GAME_NODES_QUEUE_GROUP }),
    // Any node replays a finished room from the store: it need not run there.
    bus.subscribe(
      ROOMS_REPLAY_SUBJECT,
      async ({ data, respond }) => respond?.(await replayRoom(store, games, data, logger, replays)),
      { queue: GAME_NODES_QUEUE_GROUP },
    ),
    bus.subscribe(ROOMS_CANCEL_SUBJECT, onCancel, { queue: GAME_NODES_QUEUE_GROUP }),
  ]);

  await liveness.start();
  leaseSweep.start();

  // Renewal keeps the rooms; a lost lease means another node may already run the room. All of
  // the node's rooms are renewed in one statement per chunk: one query per room every few
  // seconds would crowd the commits out of the connection pool.
  async function renewAll(): Promise<void> {
    const ids = [...runners].filter(([, runner]) => !runner.isClosing).map(([id]) => id);
    for (let i = 0; i < ids.length; i += RENEW_CHUNK) {
      const chunk = ids.slice(i, i + RENEW_CHUNK);
      let results;
      try {
        results = await store.renewLeases(chunk, nodeId, leaseTtlMs);
      } catch (error) {
        logger.warn('lease renewal failed', { rooms: chunk.length, error });
        continue;
      }
      for (const [roomId, result] of results) {
        if (result.status !== 'lost') continue;
        logger.warn('lease lost', { roomId });
        void unload(roomId, 'lease_lost', false);
      }
    }
  }
  function renewNow(): Promise<void> {
    return (renewing ??= renewAll().finally(() => {
      renewing = null;
    }));
  }
  const renewal = setInterval(() => void renewNow(), Math.max(1, Math.floor(leaseTtlMs / 3)));

  // Every second at most: a node where games end at a steady rate unloads them at that rate,
  // not in bursts (at 20 games ended a second, a 5-s sweep would let 100 go at once, each with
  // an unsubscribe and a lease release, in the way of the commits queued behind them).
  const idleSweep = setInterval(
    () => {
      const now = Date.now();
      for (const [roomId, runner] of runners) {
        const quietFor = runner.isOver ? finishedUnloadMs : idleUnloadMs;
        if (runner.isIdle(now, quietFor)) void unload(roomId, 'idle', true);
      }
    },
    Math.max(50, Math.min(1_000, Math.floor(finishedUnloadMs / 2))),
  );

  async function shutdown(reason: UnloadReason, release: boolean): Promise<void> {
    accepting = false;
    leaseSweep.stop();
    clearInterval(renewal);
    clearInterval(idleSweep);
    for (const timer of cancelled.values()) clearTimeout(timer);
    await Promise.all(subscriptions.map((s) => s.unsubscribe().catch(() => undefined)));
    await Promise.allSettled(opening.values());
    await Promise.all([...runners.keys()].map((roomId) => unload(roomId, reason, release)));
    await batcher.settled();
    // Heard until its rooms are let go: peers must not take over rooms still committing here.
    await liveness.stop();
    logger.info('game node stopped', { nodeId, reason, commits: batcher.stats() });
  }

  let stopping: Promise<void> | null = null;
  logger.info('game node started', { nodeId, games: [...games.keys()] });
  await reportRulesVersionsInPlay(store, games, logger);
  return {
    nodeId,
    rooms: () => [...runners.keys()],
    place,
    drain: () => (stopping ??= shutdown('drain', true)),
    stop: () => (stopping ??= shutdown('stop', false)),
  };
}

function isRegistry(
  games: GameRegistry | Iterable<AnyGameModule | RegisteredGame>,
): games is GameRegistry {
  return games instanceof Map;
}

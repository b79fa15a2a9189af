import { isDeepStrictEqual } from 'node:util';
import type { Bus, BusMessage, BusSubscription } from '@veil/bus';
import {
  applyAction,
  canonicalJson,
  isRulesError,
  openWindowOf,
  passAction,
  windowDecider,
  type AnyGameModule,
  type GameSnapshot,
} from '@veil/engine';
import {
  idleHandoverOf,
  isConcession,
  LEFT_REASON,
  MAX_LOG_ENTRIES,
  protocolError,
  roomCmdSubject,
  roomCommandReplySchema,
  roomCommandSchema,
  roomViewSubject,
  SPECTATOR,
  TIME_REASON,
  type ActCommand,
  type BotLevel,
  type ErrorCode,
  type PolicyCommand,
  type RoomCommand,
  type RoomOutcome,
  type RoomCommandReply,
  type ViewPayload,
} from '@veil/protocol';
import {
  quietSnapshotReason,
  snapshotReason,
  snapshotStagger,
  type CommitResult,
  Limiter,
  type LoadedRoom as StoredRoom,
  type RoomRecord,
  type RoomStore,
  type StoredSeat,
} from '@veil/store';
import { createActor, waitFor, type ActorRefFrom } from 'xstate';
import { chooseBotMove, type BotMoveOptions, type BotMoveRequest } from './bot-moves.js';
import type { ClockSource } from './clock-source.js';
import { loadClock } from './clock-loading.js';
import type { CommitBatcher } from './commit-batcher.js';
import { isPolicyKind } from './game-inputs.js';
import type { GameRegistry } from './game-registry.js';
import type { Logger } from '@veil/log';
import { concessionOf, concessionOutcome, type BotSeat } from './concession.js';
import { idleHandover } from './idle-seat.js';
import { RoomChat } from './room-chat.js';
import { RematchOffers, type CreateRoom } from './room-rematch.js';
import { applyRoomEvent, type RoomEventRecord } from './room-event.js';
import {
  roomLifecycleMachine,
  type LoadedRoom,
  type RoomLifecycleMachine,
} from './room-lifecycle.js';
import { loadRoomState, RoomLoadError, roomStateOf } from './room-loading.js';
import { persistedJson } from './room-snapshots.js';
import {
  afterArrivals,
  clockAfter,
  incrementSeats,
  clockSettingsOf,
  nextFlag,
  remainingAt,
  runningSeats,
  type Deciding,
  withoutClockOf,
  seatClocks,
  type ClockSettings,
  type ClockState,
} from './seat-clock.js';
import type { LeaseReleases } from './lease-releases.js';
import { abandonDeadline, commandSeat } from './unjoined-rooms.js';
import type { SpectatorDelay } from './spectator-delay.js';
import { spectatorHistory, spectatorMark } from './spectator-history.js';
import {
  logEntriesSince,
  viewPayload,
  viewPublicationSince,
  type RoomMarks,
} from './viewer-payloads.js';

export interface RoomRunnerDeps {
  readonly nodeId: string;
  readonly store: RoomStore;
  readonly bus: Bus;
  readonly games: GameRegistry;
  readonly batcher: CommitBatcher;
  readonly logger: Logger;
  readonly bots: BotMoveOptions;
  /** Events between interval snapshots (the store's snapshot policy). */
  readonly snapshotInterval: number;
  /**
   * A room waiting on a human with no action for this long is snapshotted (the store's quiet
   * snapshot); so is every room unloaded idle or drained.
   */
  readonly quietSnapshotMs: number;
  /** Node-wide: gives up the leases of rooms let go, many in one statement. */
  readonly leases: LeaseReleases;
  /** Node-wide: how many quiet snapshots are written at once (and serialized). */
  readonly snapshotWrites: Limiter;
  /** The runner can no longer serve the room (fenced, lost, failed): the node unloads it. */
  readonly unload: (roomId: string, reason: string) => void;
  /** Creates and runs a room on this node (a rematch); without it a rematch is `unavailable`. */
  readonly createRoom?: CreateRoom;
  /**
   * Whether the node may answer commands: not after a stall of its own past the liveness
   * deadline, until a renewal has shown which of its leases peers took meanwhile.
   */
  readonly serving: () => boolean;
  /** The rooms' clocks (time controls): wall time and flag timers. */
  readonly clock: ClockSource;
  /**
   * A room with a human seat that no human seat joined or acted in for this long after its
   * creation is abandoned (unjoined-rooms.ts; 0: never).
   */
  readonly abandonUnjoinedMs: number;
}

/** Why the runner stopped serving a room. */
export type UnloadReason =
  'idle' | 'drain' | 'fenced' | 'lease_lost' | 'commit_failed' | 'stop' | 'abandoned';

type Reply = RoomCommandReply;
type Respond = (reply: Reply) => void;

/** Room options the node reads; the rest are the game's. */
interface RoomOptions {
  readonly spectators?: boolean;
  readonly spectatorDelayTurns?: number;
  /** The creator chose the seed with other humans at the table (see `isFixedDeal`). */
  readonly fixedDeal?: boolean;
  /** The room's secret seed (drawn at creation, or the creator's fixed deal). */
  readonly seed?: string | number;
}

/**
 * Remembered acks of the latest requests, so a quick retry needs no database round trip. Older
 * retries are answered from the log (`staleOrRepeated`), so this is only a cache: kept small,
 * since every live room holds one.
 */
const REMEMBERED_ACKS = 8;

/** When the check for a room nobody joined could not be made, it is made again this much later. */
const ABANDON_RETRY_MS = 60_000;

function refusal(code: ErrorCode, view?: ViewPayload): Reply {
  return view === undefined
    ? { ok: false, error: protocolError(code) }
    : { ok: false, error: protocolError(code), view };
}

/**
 * One live room on a node: an XState actor (the room lifecycle machine, whose context holds the
 * room's current game snapshot) plus the serial command queue in front of it. The flow of one
 * action is docs/architecture.md, "Services": the seat is a decider and the action legal → the next snapshot (pure
 * stepping) → the event committed with compare-and-set (grouped with other rooms' commits) →
 * the actor adopts it → the reply → every seat's and the spectators' views are published.
 */
export class RoomRunner {
  // One command at a time: each is checked and committed against the version the one before
  // it left (`npm run bench -- queue`: per task 0.40x the hand-written queue it replaced).
  private readonly queue = new Limiter(1);
  private readonly acks = new Map<string, Reply>();
  /** Each bot seat's move being worked out, by the question it was asked (see `scheduleBots`). */
  private readonly botMoves = new Map<string, BotQuestion>();
  private chatState: RoomChat | null = null;
  /** The room's outcome when a seat conceded (docs/protocol.md, "Concede"). */
  private concession: RoomOutcome | null = null;
  private readonly rematch = new RematchOffers();
  private subscription: BusSubscription | null = null;
  private closing: Promise<void> | null = null;
  private lastSnapshotVersion: number;
  /** This room's place in the snapshot interval (rooms that move in step write apart). */
  private readonly snapshotStagger: number;
  private spectatorVersion = -1;
  /** Log entries of the state spectators were last shown (the next publication sends the rest). */
  private spectatorLogLength = -1;
  private readonly spectators: SpectatorDelay;
  private lastActivity = Date.now();
  /** Armed by every commit; fires once the room has been quiet for `quietSnapshotMs`. */
  private quietTimer: NodeJS.Timeout | null = null;
  /** The quiet snapshots being written, in order. */
  private snapshotWrites: Promise<void> = Promise.resolve();
  /** The spectators' versions being recorded for the lobby, in order. */
  private publicVersionWrites: Promise<void> = Promise.resolve();
  /** Time controls (null without): the settings and the clock as of the last commit. */
  private readonly clockSettings: ClockSettings | null;
  private clockState: ClockState | null;
  /** Cancels the flag timer, armed while a clock runs. */
  private cancelFlag: (() => void) | null = null;
  /** Awaited seats whose player has come (here, or before as the table chat tells). */
  private readonly came = new Set<string>();
  /** A human seat has joined or acted (here, or before the room came here). */
  private seatCame = false;
  /** Cancels the timer that abandons the room if no seat comes (unjoined-rooms.ts). */
  private cancelAbandon: (() => void) | null = null;
  /** The last commit here, or the load: how long the table has waited (`idle-seat.ts`). */
  private waitingSince: number;

  private constructor(
    readonly roomId: string,
    private readonly deps: RoomRunnerDeps,
    private readonly actor: ActorRefFrom<RoomLifecycleMachine>,
    loaded: LoadedRoom,
    spectators: SpectatorDelay,
    clock: ClockState | null,
  ) {
    this.lastSnapshotVersion = loaded.snapshotVersion;
    if (loaded.conceded !== null) {
      const outcome = concessionOutcome(loaded.record.seats, loaded.conceded);
      // Claimed by the other player from a seat that was gone (`idle-seat.ts`).
      this.concession = loaded.claimed ? { ...outcome, reason: LEFT_REASON } : outcome;
    }
    if (loaded.flagged !== null) this.concession = flagOutcome(loaded.record, loaded.flagged);
    this.clockSettings = clockSettingsOf(loaded.record.options);
    this.clockState = clock;
    this.snapshotStagger = snapshotStagger(roomId, deps.snapshotInterval);
    this.spectators = spectators;
    this.waitingSince = deps.clock.now();
  }

  /**
   * Loads the room (the caller holds its lease), then starts serving its command subject and
   * asks for any bot move the game is waiting on. A room just created is given as `stored`
   * (the rows `createRoom` wrote and answered), so it is not read back. Throws `RoomLoadError`.
   */
  static async open(
    roomId: string,
    deps: RoomRunnerDeps,
    stored?: StoredRoom,
  ): Promise<RoomRunner> {
    // Filled in by the lifecycle's load step (closures defeat narrowing of plain `let`s).
    const outcome: { loaded: LoadedRoom | null; error: unknown } = { loaded: null, error: null };
    // Taken once: the actor keeps `load` for the room's life, and must not keep these rows.
    const given: { stored: StoredRoom | null } = { stored: stored ?? null };
    const load = async (id: string): Promise<LoadedRoom> => {
      const rows = given.stored;
      given.stored = null;
      try {
        const state = rows
          ? roomStateOf(deps.games, rows)
          : await loadRoomState(deps.store, deps.games, id);
        const over = state.conceded !== null || state.game.module.outcome(state.snapshot) !== null;
        outcome.loaded = { ...state, over };
        return outcome.loaded;
      } catch (error) {
        outcome.error = error;
        throw error;
      }
    };
    const actor = createActor(roomLifecycleMachine, { input: { roomId, load } });
    actor.start();
    const settled = await waitFor(actor, (s) => !s.matches('loading'));
    const loaded = outcome.loaded;
    // The actor's context keeps the loader (and so `outcome`) for the room's life: drop the
    // loaded state from it, or every room would hold its first state forever.
    outcome.loaded = null;
    if (outcome.error !== null || loaded === null) {
      actor.stop();
      throw outcome.error ?? new RoomLoadError('corrupt_log', roomId);
    }
    const spectators = await spectatorHistory(
      deps.store,
      deps.games,
      {
        roomId,
        module: loaded.game.module,
        version: loaded.version,
        snapshot: loaded.snapshot,
        snapshotVersion: loaded.snapshotVersion,
      },
      roomOptions(loaded.record).spectatorDelayTurns ?? 0,
      deps.logger,
    );
    const settings = clockSettingsOf(loaded.record.options);
    const clock = settings && !loaded.over ? await loadClock(deps.store, loaded, settings) : null;
    const runner = new RoomRunner(roomId, deps, actor, loaded, spectators, clock);
    // An abandoned room is never served: the node refuses it. One whose players never came and
    // whose deadline passed while it was not loaded is abandoned now, before any command.
    if (runner.lifecycle === 'abandoned') return runner;
    const dueAt = runner.abandonDueAt();
    if (dueAt !== null && dueAt <= deps.clock.now()) {
      await runner.abandonIfUnjoined();
      if (runner.lifecycle === 'abandoned') return runner;
    }
    // Not a queue group: a node taking the room over from a hung one that still holds the
    // subject answers every command at once (the first reply wins); the hung one, resumed,
    // serves nothing before a renewal shows its leases gone (`serving`).
    runner.subscription = await deps.bus.subscribe(roomCmdSubject(roomId), runner.onMessage);
    // The previous owner may have died between a commit and its publication: publishing the
    // current views again means a subscriber never sees a gap (a version may repeat).
    runner.publishViews(loaded.previousSnapshot, loaded.snapshot, loaded.version);
    deps.logger.info('room loaded', {
      roomId,
      version: settled.context.version,
      state: String(settled.value),
    });
    runner.scheduleBots();
    // The clock ran on while the room moved: a flag already due falls at once.
    runner.armFlag();
    if (runner.clockState?.awaiting) runner.startClocksIfCameBefore();
    runner.armAbandon();
    // A load that replayed events has work worth keeping once the room is quiet.
    if (loaded.version > loaded.snapshotVersion) runner.armQuietSnapshot();
    return runner;
  }

  get version(): number {
    return this.actor.getSnapshot().context.version;
  }

  /** The game can no longer change: it has an outcome, or the room is abandoned. */
  get isOver(): boolean {
    const lifecycle = this.lifecycle;
    return lifecycle === 'finished' || lifecycle === 'abandoned';
  }

  /** `loading` | `active` | `finished` | `abandoned`. */
  get lifecycle(): string {
    return String(this.actor.getSnapshot().value);
  }

  get isClosing(): boolean {
    return this.closing !== null;
  }

  /** Nothing queued, no bot move pending, and no command for `idleMs`. */
  isIdle(now: number, idleMs: number): boolean {
    return (
      this.closing === null &&
      this.queue.size === 0 &&
      this.botMoves.size === 0 &&
      !this.rematch.holds(now) &&
      // A running clock's flag timer must stay armed, and so must the wait for a first seat:
      // unloaded, a room nobody joins would be loaded by nothing and stay in play for good.
      this.cancelFlag === null &&
      this.cancelAbandon === null &&
      now - this.lastActivity >= idleMs
    );
  }

  /**
   * Stops serving: no new commands, the queued ones finish (their commits included), the actor
   * stops, and with `release` the lease is given up so another node may load the room at once.
   */
  close(reason: UnloadReason, release: boolean): Promise<void> {
    this.closing ??= (async () => {
      await this.subscription?.unsubscribe().catch(() => undefined);
      await this.queue.idle();
      if (this.quietTimer) clearTimeout(this.quietTimer);
      this.disarmFlag();
      const awaitingSeat = this.cancelAbandon !== null;
      this.disarmAbandon();
      const botToMove = this.botSeatsToMove().length > 0;
      // A room leaving memory in good order is snapshotted at its version, so that the next
      // load starts there without a replay. A fenced or failed room's state may be stale, and a
      // stopped node is a simulated crash: those leave the store as it is.
      if (reason === 'idle' || reason === 'drain') await this.writeQuietSnapshot(true);
      await this.snapshotWrites;
      await this.publicVersionWrites;
      this.actor.stop();
      if (release && reason === 'drain' && (awaitingSeat || botToMove)) await this.handToSweep();
      else if (release) await this.deps.leases.release(this.roomId);
      this.deps.logger.info('room unloaded', { roomId: this.roomId, reason });
    })();
    return this.closing;
  }

  /**
   * A drained room still waiting for its first seat, or for a bot's move, is not released but
   * left with a lease that has run out, in this node's name: a peer's sweep for expired leases
   * then loads it and waits on, or asks the bot (released, nothing would load it again before a
   * player's command: unjoined, it would stay in play for good; a room of bots only would stop
   * mid-game). A join meanwhile claims it as it would a released one.
   */
  private async handToSweep(): Promise<void> {
    try {
      await this.deps.store.renewLeases([this.roomId], this.deps.nodeId, 1);
    } catch (error) {
      this.deps.logger.warn('lease not handed to the sweep', { roomId: this.roomId, error });
    }
  }

  private get context() {
    const { record, game, snapshot, version } = this.actor.getSnapshot().context;
    if (!record || !game || !snapshot) throw new Error('room runner without a loaded room');
    return { record, game, module: game.module, snapshot, version };
  }

  private get options(): RoomOptions {
    return roomOptions(this.actor.getSnapshot().context.record);
  }

  private readonly onMessage = async ({ data, respond }: BusMessage): Promise<void> => {
    if (!respond) return;
    if (!this.deps.serving()) {
      respond(refusal('unavailable'));
      return;
    }
    this.lastActivity = Date.now();
    const parsed = roomCommandSchema.safeParse(data);
    if (!parsed.success) {
      respond(refusal('bad_request'));
      return;
    }
    // Before the queue: an abandonment queued behind this command then finds the seat came.
    this.noteSeat(parsed.data);
    await this.queue.run(async () => {
      // Checked in queue order, so a command queued behind its seat's concession is refused too.
      if (this.handedToBot(parsed.data)) respond(refusal('forbidden'));
      else await this.runCommand(parsed.data, respond);
    });
  };

  /** One command, in queue order: answer it, then publish what it changed. */
  private async runCommand(command: RoomCommand, respond: Respond): Promise<void> {
    if (this.closing) {
      respond(refusal('unavailable'));
      return;
    }
    const seat = commandSeat(command);
    if (seat !== null && this.clockState?.awaiting?.includes(seat)) this.came.add(seat);
    let outcome: { reply: Reply; committed?: Committed };
    try {
      outcome = await this.execute(command);
    } catch (error) {
      this.deps.logger.error('command failed', { roomId: this.roomId, type: command.type, error });
      outcome = { reply: refusal('internal') };
    }
    try {
      respond(outcome.reply);
    } catch (error) {
      this.deps.logger.warn('reply not sent', { roomId: this.roomId, error });
    }
    if (outcome.committed) this.afterCommit(outcome.committed);
    if (seat !== null) await this.startClocksOnceAllCame(seat);
  }

  /**
   * Once every human seat's player has come, the clocks start: a room-level `start` event stores
   * the clock as of now, so a node that loads the room later runs it from there. (An action
   * from the last seat to come already started it in its own commit.)
   */
  private async startClocksOnceAllCame(seat: string): Promise<void> {
    const clock = this.clockState;
    if (!clock?.awaiting || this.closing || this.lifecycle !== 'active') return;
    const now = this.deps.clock.now();
    if (afterArrivals(clock, this.came, now, this.clockSettings ?? undefined).awaiting) {
      this.armFlag();
      return;
    }
    // Started by the arrival deadline, the event is a seat's that came (not a spectator's sync).
    const by = this.isSeat(seat) ? seat : this.seatThatCame();
    if (by === null) return;
    const { snapshot, version } = this.context;
    const result = await this.commit(by, `start-v${version}`, { type: 'start' }, snapshot);
    if (result.committed) this.afterCommit(result.committed);
  }

  /** A human seat whose player has come while the clocks await others; null if none has. */
  private seatThatCame(): string | null {
    const [first] = this.came;
    if (first !== undefined) return first;
    const awaiting = this.clockState?.awaiting ?? [];
    return this.clockSettings?.awaitedSeats.find((seat) => !awaiting.includes(seat)) ?? null;
  }

  /**
   * A room loaded while its clock awaits seats: those whose join the table chat stored came
   * before (perhaps on a node that stopped before starting the clocks).
   */
  private startClocksIfCameBefore(): void {
    void this.queue
      .run(async () => {
        const awaiting = this.clockState?.awaiting ?? [];
        const joined = await this.chat.seatsEverJoined();
        const cameBefore = awaiting.filter((seat) => joined.has(seat));
        for (const seat of cameBefore) this.came.add(seat);
        const last = cameBefore.at(-1);
        if (last !== undefined) await this.startClocksOnceAllCame(last);
      })
      .catch((error) =>
        this.deps.logger.error('clock start failed', { roomId: this.roomId, error }),
      );
  }

  private async execute(command: RoomCommand): Promise<{ reply: Reply; committed?: Committed }> {
    // Commands queued before the room was abandoned: it serves nothing, join and sync included.
    if (this.lifecycle === 'abandoned') return { reply: refusal('game_over') };
    switch (command.type) {
      case 'act':
        return this.act(command);
      case 'policy':
        return this.policy(command);
      case 'join': {
        // No rule depends on who is connected: `join` answers like `sync` plus the viewer's log
        // and chat so far; joins and leaves only make the chat's system lines.
        const reply = this.currentView(command.viewer, { withLog: true });
        if (!reply.ok) return { reply };
        const chat = await this.chatSafely(() => this.chat.history(command.viewer));
        await this.chatSafely(() => this.chat.joined(command.viewer, command.connectionId));
        return { reply: chat ? { ...reply, chat } : reply };
      }
      case 'sync':
        return { reply: this.currentView(command.viewer) };
      case 'leave':
        await this.chatSafely(() => this.chat.left(command.viewer, command.connectionId));
        return { reply: { ok: true, version: this.version } };
      case 'chat': {
        const refused = await this.chat.say(command);
        return { reply: refused ? refusal(refused) : { ok: true, version: this.version } };
      }
      case 'rematch': {
        const create = this.deps.createRoom;
        const refused = create
          ? await this.rematch.offer(command, {
              record: this.context.record,
              over: this.isOver,
              create,
              offered: (seat) => this.chat.rematchOffered(seat),
              created: (seat, room) => this.chat.rematch(seat, room),
            })
          : 'unavailable';
        return { reply: refused ? refusal(refused) : { ok: true, version: this.version } };
      }
      case 'publicVersion': {
        const shown = this.spectatorState();
        return { reply: shown ? { ok: true, version: shown.version } : refusal('unavailable') };
      }
    }
  }

  /** The room's chat, made on first use from the loaded room's seats and options. */
  private get chat(): RoomChat {
    if (!this.chatState) {
      const seats = this.context.record.seats;
      this.chatState = new RoomChat({
        roomId: this.roomId,
        store: this.deps.store,
        bus: this.deps.bus,
        logger: this.deps.logger,
        humanSeats: Object.keys(seats).filter((seat) => seats[seat]?.kind === 'human'),
        spectators: this.options.spectators !== false,
        spectatorsReadTable: (this.options.spectatorDelayTurns ?? 0) === 0,
      });
    }
    return this.chatState;
  }

  /** Chat around a join or a leave: a failure is logged, never the command's. */
  private async chatSafely<T>(task: () => Promise<T>): Promise<T | null> {
    try {
      return await task();
    } catch (error) {
      this.deps.logger.warn('chat failed', { roomId: this.roomId, error });
      return null;
    }
  }

  /**
   * A player's command for a seat a bot plays now: the player left the table (docs/protocol.md,
   * "Concede"), though the gateway may still hold the seat's token. Only a connection's closing
   * still goes through. (The bots' own moves do not come this way.)
   */
  private handedToBot(command: RoomCommand): boolean {
    const seat = command.type === 'leave' ? null : commandSeat(command);
    const record = this.actor.getSnapshot().context.record;
    return seat !== null && record?.seats[seat]?.kind === 'bot';
  }

  private isSeat(seat: string): boolean {
    return Object.hasOwn(this.context.record.seats, seat);
  }

  private async act(command: ActCommand): Promise<{ reply: Reply; committed?: Committed }> {
    if (!this.isSeat(command.seat)) return { reply: refusal('bad_request') };
    const remembered = this.acks.get(ackKey(command.seat, command.requestId));
    if (remembered) return { reply: remembered };
    const { module, snapshot, version } = this.context;
    if (this.lifecycle === 'abandoned') return { reply: refusal('game_over') };
    const conceding = isConcession(command.action);
    const idle = idleHandoverOf(command.action);
    if (idle === 'malformed') return { reply: refusal('bad_request') };
    const record: RoomEventRecord = conceding
      ? { type: 'concede' }
      : { type: 'act', action: command.action };
    if (command.version > version) return { reply: await this.versionAhead(command.seat) };
    if (command.version < version) return { reply: await this.staleOrRepeated(command, record) };
    // A conceded room's game state is still live to its rules: the room says it is over.
    if (this.lifecycle !== 'active') return { reply: refusal('game_over') };
    // A clock that ran out before its timer fired falls first; the action then meets that state.
    if (this.flagDueSeat() !== null) {
      await this.flag();
      if (this.lifecycle !== 'active') return { reply: refusal('game_over') };
      return { reply: refusal('stale_version', this.viewFor(command.seat)) };
    }
    if (conceding) return this.concede(command.seat, command.requestId);
    if (idle) return this.handOverIdle(command.seat, idle.seat, command.requestId);
    let next: GameSnapshot<unknown>;
    try {
      next = applyRoomEvent(module, snapshot, command.seat, record);
    } catch (error) {
      if (isRulesError(error)) return { reply: refusal(error.code) };
      throw error;
    }
    return this.commit(command.seat, command.requestId, record, next);
  }

  /**
   * A seat concedes (docs/protocol.md, "Concede"): whenever the game is live, turn or not. The
   * game state stays as it is. The room ends with every other seat winning, unless other players
   * go on at a larger table: then a bot takes the seat over and the game goes on (`concession.ts`).
   */
  private async concede(
    seat: string,
    requestId: string,
  ): Promise<{ reply: Reply; committed?: Committed }> {
    if (this.lifecycle !== 'active') return { reply: refusal('game_over') };
    const { record: room, snapshot } = this.context;
    const concession = concessionOf(room.seats, seat);
    if (concession.kind === 'hands_over') {
      const result = await this.handOver(seat, requestId, concession.bot);
      const { level } = concession.bot;
      if (result.committed) await this.chatSafely(() => this.chat.handedToBot(seat, level));
      return result;
    }
    const result = await this.commit(seat, requestId, { type: 'concede' }, snapshot, {
      outcome: concession.outcome,
    });
    if (result.committed) await this.chatSafely(() => this.chat.conceded(seat));
    return result;
  }

  /**
   * `requester` hands `target`'s seat to a bot: the table has waited on it too long
   * (docs/protocol.md, "Hand an idle seat to a bot"; `idle-seat.ts`). The event is the target
   * seat's, as when its player leaves, with a request id of the seat and version, so two players
   * asking at once hand it over once (the later one is `stale_version`).
   */
  private async handOverIdle(
    requester: string,
    target: string,
    requestId: string,
  ): Promise<{ reply: Reply; committed?: Committed }> {
    const { record: room, snapshot, version } = this.context;
    const claim = idleHandover({
      seats: room.seats,
      requester,
      target,
      timed: this.clockSettings !== null,
      waitingOn: this.deciders(snapshot),
      waitedMs: this.deps.clock.now() - this.waitingSince,
      connected: this.chat.isConnected(target),
      secondMs: this.deps.clock.secondMs,
    });
    if (!claim.ok) return { reply: refusal(claim.code) };
    const claimId = `idle-${target}-v${version}`;
    let result: { reply: Reply; committed?: Committed };
    if (claim.kind === 'hands_over') {
      const { level } = claim.bot;
      result = await this.handOver(target, claimId, claim.bot, requester);
      if (result.committed)
        await this.chatSafely(() => this.chat.handedToBot(target, level, requester));
    } else {
      // Two seats: the room ends as at the target's concession, claimed by the asker (`by`).
      const record: RoomEventRecord = { type: 'concede', by: requester };
      result = await this.commit(target, claimId, record, snapshot, { outcome: claim.outcome });
      if (result.committed) await this.chatSafely(() => this.chat.conceded(target, requester));
    }
    if (!result.committed) return result;
    return { ...result, reply: this.remember(requester, requestId, result.reply) };
  }

  /**
   * Commits `seat`'s handing to `bot` (by another seat's player, `by`, when it was idle): the
   * game state stays, the room's row stores the bot.
   */
  private handOver(
    seat: string,
    requestId: string,
    bot: BotSeat,
    by?: string,
  ): Promise<{ reply: Reply; committed?: Committed }> {
    const record: RoomEventRecord = {
      type: 'handed_to_bot',
      level: bot.level,
      ...(by === undefined ? {} : { by }),
    };
    return this.commit(seat, requestId, record, this.context.snapshot, {
      seatChanges: { [seat]: bot },
    });
  }

  private async policy(command: PolicyCommand): Promise<{ reply: Reply; committed?: Committed }> {
    if (!this.isSeat(command.seat)) return { reply: refusal('bad_request') };
    const remembered = this.acks.get(ackKey(command.seat, command.requestId));
    if (remembered) return { reply: remembered };
    if (this.lifecycle !== 'active') return { reply: refusal('game_over') };
    const { module, game, snapshot, version } = this.context;
    if (!isPolicyKind(game, command.kind)) return { reply: refusal('bad_request') };
    const record: RoomEventRecord = {
      type: 'policy',
      kind: command.kind,
      policy: command.policy,
    };
    let next: GameSnapshot<unknown>;
    try {
      next = applyRoomEvent(module, snapshot, command.seat, record);
    } catch (error) {
      if (isRulesError(error)) return { reply: refusal(error.code) };
      throw error;
    }
    // A policy the seat already had changes nothing: no event, no new version.
    if (
      isDeepStrictEqual(next.value, snapshot.value) &&
      isDeepStrictEqual(next.context, snapshot.context)
    ) {
      return { reply: this.remember(command.seat, command.requestId, { ok: true, version }) };
    }
    return this.commit(command.seat, command.requestId, record, next);
  }

  /**
   * A command against an older version is either a retry of a request that already committed
   * (answered with its original ack, nothing applied) or stale. Only the store knows the first
   * after a takeover, so it is asked with the item's own (older) version: that can never commit,
   * since the room's version in the database is at least this node's.
   */
  private async staleOrRepeated(command: ActCommand, record: RoomEventRecord): Promise<Reply> {
    let result: CommitResult;
    try {
      result = await this.deps.batcher.commit({
        roomId: this.roomId,
        expectedVersion: command.version,
        seat: command.seat,
        requestId: command.requestId,
        action: record,
      });
    } catch (error) {
      this.deps.logger.warn('duplicate check failed', { roomId: this.roomId, error });
      return refusal('unavailable');
    }
    switch (result.status) {
      case 'duplicate':
        return this.remember(command.seat, command.requestId, storedAck(result));
      case 'conflict':
        if (result.currentVersion !== this.version) {
          this.fenced('another node committed');
          return refusal('unavailable');
        }
        return refusal('stale_version', this.viewFor(command.seat));
      case 'not_found':
        this.deps.unload(this.roomId, 'fenced');
        return refusal('room_not_found');
      case 'committed':
        // Impossible by the argument above; never acknowledge an unchecked action.
        this.fenced('stale item committed');
        return refusal('internal');
    }
  }

  /**
   * A version this node never committed: either another node runs the room now (the database is
   * ahead: let the room go, the caller places it again), or the client is simply wrong.
   */
  private async versionAhead(seat: string): Promise<Reply> {
    let stored: number | null;
    try {
      stored = (await this.deps.store.roomSummary(this.roomId))?.version ?? null;
    } catch (error) {
      this.deps.logger.warn('version check failed', { roomId: this.roomId, error });
      return refusal('unavailable');
    }
    if (stored === this.version) return refusal('stale_version', this.viewFor(seat));
    this.fenced('the database is ahead of this node');
    return refusal(stored === null ? 'room_not_found' : 'unavailable');
  }

  private async commit(
    seat: string,
    requestId: string,
    record: RoomEventRecord,
    next: GameSnapshot<unknown>,
    change: RoomChange = {},
  ): Promise<{ reply: Reply; committed?: Committed }> {
    const { module, snapshot: before, version } = this.context;
    const nextVersion = version + 1;
    const outcome = change.outcome ?? module.outcome(next);
    // The seats deciding are charged up to this commit; the seat that decided gets the increment
    // (unless it only committed to a choice still open: `incrementSeats`). The seats that came
    // are no longer awaited: the last one's coming starts the clocks. A seat handed to a bot
    // loses its clock.
    const now = this.deps.clock.now();
    let clock =
      this.clockState && this.clockSettings
        ? afterArrivals(
            clockAfter(
              this.clockState,
              runningSeats(this.clockState, this.deciders(before)),
              record.type === 'act'
                ? incrementSeats(seat, this.deciding(before), this.deciding(next))
                : [],
              this.clockSettings.incrementMs,
              now,
            ),
            this.came,
            now,
            this.clockSettings,
          )
        : null;
    for (const changed of Object.keys(change.seatChanges ?? {})) {
      if (clock) clock = withoutClockOf(clock, changed);
    }
    const over = outcome !== null;
    const ack: Reply = { ok: true, version: nextVersion };
    // Creation, every K events and the end travel with the event; a pause that waits on a human
    // is snapshotted when it happens (the quiet timer), not with every move.
    // A concession is never snapshotted: the load replays it to know the room ended so.
    const reason = change.outcome
      ? null
      : snapshotReason(
          {
            version: nextVersion,
            lastSnapshotVersion: this.lastSnapshotVersion,
            finished: over,
            stagger: this.snapshotStagger,
          },
          this.deps.snapshotInterval,
        );
    let result: CommitResult;
    try {
      result = await this.deps.batcher.commit({
        roomId: this.roomId,
        expectedVersion: version,
        seat,
        requestId,
        action: clock ? { ...record, clock } : record,
        ack,
        // Fenced on this node's lease too: once the room was taken over, nothing commits here.
        leaseOwner: this.deps.nodeId,
        ...(reason === null ? {} : { snapshot: persistedJson(next) }),
        ...(change.seatChanges ? { seatChanges: change.seatChanges } : {}),
        // The outcome's two public fields only (an allow-list copy, like the summaries' seats).
        ...(over
          ? {
              roomStatus: 'finished' as const,
              roomOutcome: { winners: [...outcome.winners], reason: outcome.reason },
            }
          : {}),
      });
    } catch (error) {
      // Unknown whether it committed: unload, so the next command reloads from the database.
      this.deps.logger.error('commit failed', { roomId: this.roomId, version: nextVersion, error });
      this.deps.unload(this.roomId, 'commit_failed');
      return { reply: refusal('unavailable') };
    }
    switch (result.status) {
      case 'committed':
        this.waitingSince = now;
        if (reason !== null) this.lastSnapshotVersion = nextVersion;
        if (change.outcome) this.concession = change.outcome;
        if (clock) this.clockState = clock;
        this.actor.send({
          type: 'committed',
          snapshot: next,
          version: nextVersion,
          over,
          ...(change.seatChanges ? { seatChanges: change.seatChanges } : {}),
        });
        if (!over) this.armQuietSnapshot();
        this.armFlag();
        return {
          reply: this.remember(seat, requestId, ack),
          committed: { before, after: next, version: nextVersion },
        };
      case 'duplicate':
        return { reply: this.remember(seat, requestId, storedAck(result)) };
      case 'conflict':
        this.fenced('version conflict on commit');
        return { reply: refusal('unavailable') };
      case 'not_found':
        this.deps.unload(this.roomId, 'fenced');
        return { reply: refusal('room_not_found') };
    }
  }

  /** (Re)starts the quiet timer: a commit is activity. One timer per room, re-armed in place. */
  private armQuietSnapshot(): void {
    if (this.closing) return;
    if (this.quietTimer) this.quietTimer.refresh();
    else {
      this.quietTimer = setTimeout(
        () => void this.writeQuietSnapshot(false),
        this.deps.quietSnapshotMs,
      );
      this.quietTimer.unref();
    }
  }

  /**
   * The quiet snapshot (the store's `quietSnapshotReason`): the current committed state, when
   * the room waits on a human or is being unloaded, unless one is stored at this version. It is
   * written on its own, off every command's path; a failure only means a longer replay later.
   */
  private writeQuietSnapshot(unloading: boolean): Promise<void> {
    const write = async (): Promise<void> => {
      if (this.closing && !unloading) return;
      const { record, game, snapshot, version } = this.actor.getSnapshot().context;
      // Past a concession the load must replay it (see `commit`).
      if (!record || !game || !snapshot || this.concession) return;
      const due = quietSnapshotReason({
        version,
        lastSnapshotVersion: this.lastSnapshotVersion,
        unloading,
        waitingOnHumans:
          !unloading &&
          (game.module.deciders(snapshot) as string[]).some(
            (seat) => record.seats[seat]?.kind === 'human',
          ),
      });
      if (due === null) return;
      try {
        await this.deps.store.saveSnapshot(this.roomId, version, persistedJson(snapshot));
        this.lastSnapshotVersion = Math.max(this.lastSnapshotVersion, version);
      } catch (error) {
        this.deps.logger.warn('snapshot not saved', { roomId: this.roomId, version, error });
      }
    };
    // Decided and serialized when its turn comes, with the room's state at that moment.
    this.snapshotWrites = this.snapshotWrites.then(() => this.deps.snapshotWrites.run(write));
    return this.snapshotWrites;
  }

  /** Another writer committed this room: this node's state is stale, so it lets the room go. */
  private fenced(why: string): void {
    this.deps.logger.warn('room fenced', { roomId: this.roomId, version: this.version, why });
    this.deps.unload(this.roomId, 'fenced');
  }

  private remember(seat: string, requestId: string, reply: Reply): Reply {
    this.acks.set(ackKey(seat, requestId), reply);
    if (this.acks.size > REMEMBERED_ACKS) {
      const oldest = this.acks.keys().next().value;
      if (oldest !== undefined) this.acks.delete(oldest);
    }
    return reply;
  }

  private currentView(viewer: string, { withLog = false } = {}): Reply {
    if (viewer !== SPECTATOR && !this.isSeat(viewer)) return refusal('bad_request');
    if (viewer === SPECTATOR && this.options.spectators === false) return refusal('forbidden');
    // Spectators are shown a delayed state, seats the live one.
    const shown =
      viewer === SPECTATOR
        ? this.spectatorState()
        : { version: this.context.version, snapshot: this.context.snapshot };
    if (!shown) return refusal('unavailable');
    const { module } = this.context;
    const view = viewPayload(
      module,
      this.roomId,
      shown.version,
      shown.snapshot,
      viewer,
      this.marksFor(viewer),
    );
    if (!withLog) return { ok: true, version: view.version, view };
    const log = logEntriesSince(module, 0, shown.snapshot, viewer).slice(-MAX_LOG_ENTRIES);
    return { ok: true, version: view.version, view, log };
  }

  /**
   * What spectators are shown: while the game runs, the state the room's delay allows; once it
   * has an outcome there is nothing live left to relay (docs/privacy.md), so the final state — also
   * for a finished room loaded again, whose delay has no history to show.
   */
  private spectatorState(): { version: number; snapshot: GameSnapshot<unknown> } | null {
    if (this.lifecycle !== 'finished') return this.spectators.shown();
    const { version, snapshot } = this.context;
    return { version, snapshot };
  }

  private viewFor(seat: string): ViewPayload {
    const { module, snapshot, version } = this.context;
    return viewPayload(module, this.roomId, version, snapshot, seat, this.marksFor(seat));
  }

  /**
   * What a viewer's payloads carry beside the view. The clocks are live: spectators held behind
   * the game by a delay are not shown them (whose clock runs would tell them the live game).
   */
  private marksFor(viewer: string): RoomMarks {
    const marks = { fixedDeal: this.options.fixedDeal === true, outcome: this.concession };
    const delayed = viewer === SPECTATOR && (this.options.spectatorDelayTurns ?? 0) > 0;
    if (!this.clockState || delayed || this.lifecycle !== 'active') return marks;
    // Shown with the seats that came already off the awaited list (the start commits next).
    const now = this.deps.clock.now();
    const clock = afterArrivals(this.clockState, this.came, now, this.clockSettings ?? undefined);
    // A larger table of bots only has no clock to show (only human seats have one).
    if (Object.keys(clock.remainingMs).length === 0) return marks;
    const running = runningSeats(clock, this.deciders(this.context.snapshot));
    return { ...marks, clocks: seatClocks(clock, running, now) };
  }

  /** When the room is abandoned if no human seat comes; null when it never is (or one came). */
  private abandonDueAt(): number | null {
    if (this.seatCame || this.lifecycle !== 'active') return null;
    return abandonDeadline(this.context.record, this.deps.abandonUnjoinedMs);
  }

  /** A command from a human seat: the room has a player, and the wait for one ends. */
  private noteSeat(command: RoomCommand): void {
    if (this.seatCame) return;
    const seat = commandSeat(command);
    const record = this.actor.getSnapshot().context.record;
    if (seat === null || !record || record.seats[seat]?.kind !== 'human') return;
    this.seatCame = true;
    this.disarmAbandon();
  }

  /** Arms the timer that abandons the room at its deadline unless a human seat comes first. */
  private armAbandon(delayMs?: number): void {
    this.disarmAbandon();
    const at = this.abandonDueAt();
    if (at === null || this.closing) return;
    this.cancelAbandon = this.deps.clock.schedule(delayMs ?? at - this.deps.clock.now(), () => {
      this.cancelAbandon = null;
      void this.queue
        .run(() => this.abandonIfUnjoined())
        .catch((error) => this.deps.logger.error('abandon failed', { roomId: this.roomId, error }));
    });
  }

  private disarmAbandon(): void {
    this.cancelAbandon?.();
    this.cancelAbandon = null;
  }

  /**
   * Abandons the room if no human seat has come: not here (`seatCame`), not on a node that ran
   * it before (a seat's join or words are in the table chat), and — checked by the store in the
   * same statement that marks it, fenced on this node's lease — no event is a human seat's.
   * The room then leaves this node; a late join is answered `game_over`.
   */
  private async abandonIfUnjoined(): Promise<void> {
    if (this.closing || this.abandonDueAt() === null) return;
    let abandoned: boolean;
    try {
      if (await this.chat.seatEverCame()) {
        this.seatCame = true;
        return;
      }
      abandoned = await this.deps.store.abandonUnplayedRoom(this.roomId, this.deps.nodeId);
    } catch (error) {
      // Unknown now: ask again later rather than leave the room in play for good.
      this.deps.logger.warn('abandon check failed', { roomId: this.roomId, error });
      this.armAbandon(ABANDON_RETRY_MS);
      return;
    }
    if (!abandoned) {
      // A human seat's event, or the lease gone: either way not this node's to abandon.
      this.seatCame = true;
      return;
    }
    this.actor.send({ type: 'abandoned' });
    this.deps.logger.info('room abandoned: no seat came', { roomId: this.roomId });
    this.deps.unload(this.roomId, 'abandoned');
  }

  /** (Re)arms the flag timer for the running clock that runs out first; none when none runs. */
  private armFlag(): void {
    this.disarmFlag();
    if (!this.clockState || this.closing || this.lifecycle !== 'active') return;
    if (this.clockState.awaiting) return this.armArrivalDeadline();
    const running = runningSeats(this.clockState, this.deciders(this.context.snapshot));
    const first = nextFlag(this.clockState, running);
    if (first === null) return;
    this.cancelFlag = this.deps.clock.schedule(first.at - this.deps.clock.now(), () => {
      this.cancelFlag = null;
      void this.queue
        .run(() => this.flag())
        .catch((error) => this.deps.logger.error('flag failed', { roomId: this.roomId, error }));
    });
  }

  /**
   * While the clocks await players and one has come, they start at the arrival deadline without
   * the others (seat-clock.ts, `afterArrivals`), on the flag's timer.
   */
  private armArrivalDeadline(): void {
    const deadline = this.clockSettings?.arrivalDeadline;
    const seat = this.seatThatCame();
    if (deadline === undefined || seat === null) return;
    this.cancelFlag = this.deps.clock.schedule(deadline - this.deps.clock.now(), () => {
      this.cancelFlag = null;
      void this.queue
        .run(() => this.startClocksOnceAllCame(seat))
        .catch((error) =>
          this.deps.logger.error('clock start failed', { roomId: this.roomId, error }),
        );
    });
  }

  private disarmFlag(): void {
    this.cancelFlag?.();
    this.cancelFlag = null;
  }

  /** A deciding seat whose clock has run out now, if any. */
  private flagDueSeat(): string | null {
    if (!this.clockState || this.lifecycle !== 'active') return null;
    const running = runningSeats(this.clockState, this.deciders(this.context.snapshot));
    const remaining = remainingAt(this.clockState, running, this.deps.clock.now());
    return running.find((seat) => (remaining[seat] ?? 1) <= 0) ?? null;
  }

  /**
   * A flag-fall, in queue order and through the same compare-and-set commit as any action: the
   * seat loses (a room-level `flag` event, like a concession), or with `onFlag: 'pass'` its
   * pending decision is passed where the game offers a pass (a reaction window's); a decision
   * with no pass is a loss. At a larger table where other players go on, a bot takes the seat
   * instead of the room ending (`concession.ts`). The request id names the seat and version, so
   * two nodes flagging the same state commit it once.
   */
  private async flag(): Promise<void> {
    if (this.closing) return;
    const seat = this.flagDueSeat();
    if (seat === null) {
      this.armFlag();
      return;
    }
    const { module, record: room, snapshot, version } = this.context;
    const requestId = `flag-${seat}-v${version}`;
    const passed = this.clockSettings?.onFlag === 'pass' ? passFor(module, snapshot, seat) : null;
    const concession = concessionOf(room.seats, seat);
    const result = passed
      ? await this.commit(seat, requestId, { type: 'act', action: passed.action }, passed.next)
      : concession.kind === 'hands_over'
        ? await this.handOver(seat, requestId, concession.bot)
        : await this.commit(seat, requestId, { type: 'flag' }, snapshot, {
            outcome: flagOutcome(room, seat),
          });
    if (!result.committed) {
      this.armFlag();
      return;
    }
    this.afterCommit(result.committed);
    if (passed) return;
    await this.chatSafely(() => this.chat.outOfTime(seat));
    if (concession.kind !== 'hands_over') return;
    const { level } = concession.bot;
    await this.chatSafely(() => this.chat.handedToBot(seat, level));
  }

  private afterCommit({ before, after, version }: Committed): void {
    const mark = spectatorMark(this.context.module, after, version);
    this.spectators.record({ version, snapshot: after, mark });
    this.publishViews(before, after, version);
    this.scheduleBots();
  }

  /** Publishes every seat's view, then the spectators' if their delayed state moved. */
  private publishViews(
    before: GameSnapshot<unknown> | null,
    after: GameSnapshot<unknown>,
    version: number,
  ): void {
    const { module, record } = this.context;
    // Without a previous state (a load at a stored snapshot) there are no new entries to send.
    const seen = module.log(before ?? after).length;
    // Only human seats are watched: a bot is asked with its view (`botQuestion`), and a seat
    // handed to a bot is no longer its old player's to see.
    for (const seat of Object.keys(record.seats)) {
      if (record.seats[seat]?.kind !== 'human') continue;
      this.publish(
        seat,
        viewPublicationSince(module, this.roomId, version, seen, after, seat, this.marksFor(seat)),
      );
    }
    const shown = this.spectatorState();
    if (!shown || shown.version === this.spectatorVersion) return;
    if (this.options.spectators !== false) {
      const shownLog = module.log(shown.snapshot).length;
      this.publish(
        SPECTATOR,
        viewPublicationSince(
          module,
          this.roomId,
          shown.version,
          this.spectatorLogLength < 0 ? shownLog : this.spectatorLogLength,
          shown.snapshot,
          SPECTATOR,
          this.marksFor(SPECTATOR),
        ),
      );
      this.spectatorLogLength = shownLog;
    }
    this.spectatorVersion = shown.version;
    this.recordPublicVersion(shown.version);
  }

  /**
   * A delayed room's lobby summary shows the version its spectators are shown: stored, so the
   * gateway reads it with the room instead of asking this node (which would keep every listed
   * room loaded). Written after the publication, in order; the store keeps the highest.
   */
  private recordPublicVersion(version: number): void {
    if ((this.options.spectatorDelayTurns ?? 0) === 0) return;
    const { store, nodeId, logger } = this.deps;
    this.publicVersionWrites = this.publicVersionWrites.then(() =>
      store.recordPublicVersion(this.roomId, version, nodeId).then(
        () => undefined,
        (error: unknown) =>
          logger.warn('public version not recorded', { roomId: this.roomId, error }),
      ),
    );
  }

  private publish(viewer: string, payload: unknown): void {
    try {
      this.deps.bus.publish(roomViewSubject(this.roomId, viewer), payload);
    } catch (error) {
      this.deps.logger.error('view not published', { roomId: this.roomId, viewer, error });
    }
  }

  /**
   * Starts one move request per bot seat the game now needs an action from (not a bot already in
   * on an open simultaneous choice: `awaiting`), unless the seat is already being asked the same
   * question — its view and legal actions unchanged by another seat's commit, as in a
   * simultaneous choice, where each seat's commitment is hidden from the others. That answer
   * still fits, and is played when it comes (`playBot`); asking again would throw it away.
   */
  private scheduleBots(): void {
    if (this.closing || this.lifecycle !== 'active') return;
    const { record } = this.context;
    for (const { seat, level } of this.botSeatsToMove()) {
      const asked = this.botMoves.get(seat);
      if (asked && this.stillAsks(seat, asked)) continue;
      const question = this.botQuestion(seat);
      this.botMoves.set(seat, question);
      void this.playBot(record, seat, level, question)
        .catch((error) => this.deps.logger.error('bot move failed', { roomId: this.roomId, error }))
        .finally(() => {
          if (this.botMoves.get(seat) === question) this.botMoves.delete(seat);
        });
    }
  }

  /** What a bot seat is asked now: its view and legal actions (all a worker ever gets). */
  private botQuestion(seat: string): BotQuestion {
    const { module, snapshot, version } = this.context;
    const view = module.view(snapshot, seat);
    const legalActions = module.legalActions(snapshot, seat);
    return { version, view, legalActions, key: canonicalJson({ view, legalActions }) };
  }

  /** Whether the seat would be asked `question` now (compared only once the room has moved on). */
  private stillAsks(seat: string, question: BotQuestion): boolean {
    return this.version === question.version || this.botQuestion(seat).key === question.key;
  }

  /**
   * Whether a bot seat's answer to `question` is still wanted: it is the seat's latest request,
   * the room goes on, and the seat would be asked the same now.
   */
  private botAnswerFits(seat: string, question: BotQuestion): boolean {
    return (
      this.closing === null &&
      this.lifecycle === 'active' &&
      this.botMoves.get(seat) === question &&
      this.stillAsks(seat, question)
    );
  }

  /**
   * The seats every viewer sees deciding in `snapshot` (the game's `deciders`): whether one is
   * in on a simultaneous choice is hidden, so what the table shows — the clocks, who may be
   * handed over as idle — goes by these.
   */
  private deciders(snapshot: GameSnapshot<unknown>): readonly string[] {
    return this.context.module.deciders(snapshot) as string[];
  }

  private deciding(snapshot: GameSnapshot<unknown>): Deciding {
    return { deciders: this.deciders(snapshot), awaiting: this.seatsDeciding(snapshot) };
  }

  /**
   * The seats the game needs an action from in `snapshot`: its deciders, less those already in
   * on a simultaneous choice (the registry entry's `awaiting`, never shown to anyone). Bots among
   * them are asked.
   */
  private seatsDeciding(snapshot: GameSnapshot<unknown>): readonly string[] {
    const { module, record } = this.context;
    const awaiting = this.deps.games.get(record.game)?.awaiting;
    return awaiting ? awaiting(snapshot) : (module.deciders(snapshot) as string[]);
  }

  /** The bot seats the game now needs an action from, with their levels (none once it is over). */
  private botSeatsToMove(): { seat: string; level: BotLevel }[] {
    if (this.lifecycle !== 'active') return [];
    const { record, snapshot } = this.context;
    return this.seatsDeciding(snapshot).flatMap((seat) => {
      const stored = record.seats[seat];
      return stored?.kind === 'bot' ? [{ seat, level: stored.level as BotLevel }] : [];
    });
  }

  /**
   * Asks for the seat's move on `question` and plays it at the room's version when it comes, if
   * the seat would still be asked the same (`botAnswerFits`).
   */
  private async playBot(
    record: RoomRecord,
    seat: string,
    level: BotLevel,
    question: BotQuestion,
  ): Promise<void> {
    const stillWanted = (): boolean => this.botAnswerFits(seat, question);
    const move = await chooseBotMove(
      this.deps.bus,
      {
        game: record.game,
        roomId: this.roomId,
        seat,
        version: question.version,
        level,
        secret: roomSecret(record),
        view: question.view as BotMoveRequest['view'],
        legalActions: question.legalActions as BotMoveRequest['legalActions'],
      },
      this.deps.logger,
      this.deps.bots,
      stillWanted,
    );
    if (!move) return;
    await this.queue.run(async () => {
      // Checked in the queue: nothing commits between this check and the act.
      if (!stillWanted()) return;
      const now = this.version;
      await this.runCommand(
        { type: 'act', seat, version: now, action: move.action, requestId: `bot-${seat}-v${now}` },
        (reply) => {
          if (!reply.ok && reply.error.code !== 'stale_version') {
            this.deps.logger.warn('bot move refused', {
              roomId: this.roomId,
              seat,
              version: now,
              code: reply.error.code,
            });
          }
        },
      );
    });
  }
}

/**
 * A bot seat's question: the version it was asked at, what it sees and may do, and those two as
 * one canonical string.
 */
interface BotQuestion {
  readonly version: number;
  readonly view: unknown;
  readonly legalActions: readonly unknown[];
  readonly key: string;
}

/** What a commit changes of the room besides its game: it ends it, or stores seats anew. */
interface RoomChange {
  readonly outcome?: RoomOutcome;
  readonly seatChanges?: Readonly<Record<string, StoredSeat>>;
}

interface Committed {
  readonly before: GameSnapshot<unknown>;
  readonly after: GameSnapshot<unknown>;
  readonly version: number;
}

function roomOptions(record: RoomRecord | null): RoomOptions {
  const options = record?.options;
  return options !== null && typeof options === 'object' ? (options as RoomOptions) : {};
}

function ackKey(seat: string, requestId: string): string {
  return `${seat}\u0000${requestId}`;
}

/** The ack stored with the first commit of a request, as it was given then. */
function storedAck(result: { version: number; ack: unknown }): Reply {
  const parsed = roomCommandReplySchema.safeParse(result.ack);
  return parsed.success ? parsed.data : { ok: true, version: result.version };
}

/** The room's secret, from which its bots' seeds are derived (never sent anywhere). */
function roomSecret(record: RoomRecord): string {
  const seed = roomOptions(record).seed;
  // Every room is created with one (room-creation.ts); a public stand-in would make bots predictable.
  if (seed === undefined) throw new Error('room has no secret seed');
  return String(seed);
}

/** A two-seat room's outcome when `seat`'s clock runs out: the other seat wins. */
function flagOutcome(room: RoomRecord, seat: string): RoomOutcome {
  return { ...concessionOutcome(room.seats, seat), reason: TIME_REASON };
}

/** The pass `seat` has in the innermost open reaction window, and the state after it; else null. */
function passFor(
  module: AnyGameModule,
  snapshot: GameSnapshot<unknown>,
  seat: string,
): { readonly action: unknown; readonly next: GameSnapshot<unknown> } | null {
  const window = openWindowOf(module.windows(snapshot));
  if (!window || windowDecider(window) !== seat) return null;
  const action = passAction(window);
  try {
    // The engine's own check: a seat whose decision is on the stack above the window has no pass.
    return { action, next: applyAction(module, snapshot, seat, action) };
  } catch (error) {
    if (isRulesError(error)) return null;
    throw error;
  }
}

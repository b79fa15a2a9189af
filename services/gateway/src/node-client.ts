import { isBusError, retry, type Bus } from '@veil/bus';
import {
  cancelCreationReplySchema,
  createRoomCommandReplySchema,
  placeReplySchema,
  replayReplySchema,
  roomCmdSubject,
  roomCommandReplySchema,
  ROOMS_CANCEL_SUBJECT,
  ROOMS_CREATE_SUBJECT,
  ROOMS_PLACE_SUBJECT,
  ROOMS_REPLAY_SUBJECT,
  type CreateRoomCommand,
  type CreateRoomCommandReply,
  type ReplayReply,
  type ReplayRequest,
  type RoomCommand,
  type RoomCommandReply,
} from '@veil/protocol';
import { GatewayError } from './errors.js';
import type { Logger } from '@veil/log';
import type { RoomMoves } from './room-moves.js';

export interface NodeClientOptions {
  /** How long a room command may take (default 5 s). */
  commandTimeoutMs?: number;
  /** How long room creation may take: the game's setup runs (default 10 s). */
  createTimeoutMs?: number;
  /** How long a placement (load + claim) may take (default 10 s). */
  placeTimeoutMs?: number;
  /**
   * How long a room command is held and sent again while its room moves between nodes
   * (default 15 s): the client sees a slower answer, not an error.
   */
  holdMs?: number;
}

/** Pause before a held command is sent again. */
const RETRY_PAUSE_MS = 100;

/**
 * How long before the gateway gives up on a room creation the creation's deadline falls (at
 * most half the timeout): room for the clocks of gateway and database to differ and for the
 * reply of a room stored just in time to arrive.
 */
const CREATE_DEADLINE_MARGIN_MS = 1_000;

/** Attempts at cancelling a creation given up on (each one a request to one game node). */
const CANCEL_ATTEMPTS = 5;

/** What an attempt's race answers when the room was announced moved first. */
const MOVED: unique symbol = Symbol('moved');

/**
 * The gateway's side of the node protocol (docs/protocol.md): room commands on
 * `veil.room.<id>.cmd`, placement on `veil.rooms.place` when no node answers for a room, and
 * room creation on `veil.rooms.create`. Every reply is validated; a reply that does not parse
 * is an `internal` error, never forwarded.
 */
export class NodeClient {
  private readonly commandTimeoutMs: number;
  private readonly createTimeoutMs: number;
  private readonly placeTimeoutMs: number;
  private readonly holdMs: number;

  constructor(
    private readonly bus: Bus,
    private readonly logger: Logger,
    options: NodeClientOptions = {},
    /** Rooms announced moved: a command out to one is sent again at once. */
    private readonly moves?: RoomMoves,
  ) {
    this.commandTimeoutMs = options.commandTimeoutMs ?? 5_000;
    this.createTimeoutMs = options.createTimeoutMs ?? 10_000;
    this.placeTimeoutMs = options.placeTimeoutMs ?? 10_000;
    this.holdMs = options.holdMs ?? 15_000;
  }

  /**
   * Sends a command to the room's owner. When no node owns the room (`no_responders`), asks
   * the game nodes to place it and sends the command once more. While the room moves (its
   * node died or hangs and a peer takes it over: the request times out, placement or the node
   * answers `unavailable`, or the room was let go between placement and command) the same command — same request id, so an action is applied once
   * however often it is sent — is sent again until `holdMs` have passed.
   */
  async command(roomId: string, command: RoomCommand): Promise<RoomCommandReply> {
    return retry<RoomCommandReply>(
      async () => {
        let reply: RoomCommandReply | null = null;
        let failure: unknown = null;
        const wait = this.moves?.next(roomId);
        try {
          const sent = this.commandOnce(roomId, command);
          const answer = wait
            ? await Promise.race([sent, wait.moved.then((): typeof MOVED => MOVED)])
            : await sent;
          if (answer === MOVED) {
            // The request may sit with a hung node until its timeout: the one sent now reaches
            // the new owner too, and the request id keeps the action applied once.
            sent.catch(() => undefined);
            const unavailable = new GatewayError('unavailable');
            return {
              again: 'now',
              giveUp: () => {
                throw unavailable;
              },
            };
          }
          reply = answer;
        } catch (error) {
          failure = error;
        } finally {
          wait?.cancel();
        }
        // `no_responders` after a placement: the room was let go again before the command came
        // (a finished room unloads quickly) — place it again.
        const moving = reply
          ? !reply.ok && reply.error.code === 'unavailable'
          : isBusError(failure, 'timeout') ||
            isBusError(failure, 'no_responders') ||
            (failure instanceof GatewayError && failure.code === 'unavailable');
        const last = (): RoomCommandReply => {
          if (reply) return reply;
          throw failure;
        };
        return moving ? { again: 'pause', giveUp: last } : { done: last() };
      },
      {
        holdMs: this.holdMs,
        pauseMs: RETRY_PAUSE_MS,
        onRetry: () => this.logger.debug('room command held', { roomId, type: command.type }),
      },
    );
  }

  private async commandOnce(roomId: string, command: RoomCommand): Promise<RoomCommandReply> {
    const subject = roomCmdSubject(roomId);
    let raw: unknown;
    try {
      raw = await this.bus.request(subject, command, { timeoutMs: this.commandTimeoutMs });
    } catch (error) {
      if (!isBusError(error, 'no_responders')) throw error;
      await this.place(roomId);
      raw = await this.bus.request(subject, command, { timeoutMs: this.commandTimeoutMs });
    }
    const reply = roomCommandReplySchema.safeParse(raw);
    if (!reply.success) {
      this.logger.error('malformed room command reply', { roomId, type: command.type });
      throw new GatewayError('internal');
    }
    return reply.data;
  }

  /** Asks one game node to load and claim the room; throws its refusal as a GatewayError. */
  async place(roomId: string): Promise<void> {
    let raw: unknown;
    try {
      raw = await this.bus.request(
        ROOMS_PLACE_SUBJECT,
        { roomId },
        {
          timeoutMs: this.placeTimeoutMs,
        },
      );
    } catch (error) {
      if (isBusError(error, 'no_responders')) throw new GatewayError('unavailable');
      throw error;
    }
    const reply = placeReplySchema.safeParse(raw);
    if (!reply.success) {
      this.logger.error('malformed placement reply', { roomId });
      throw new GatewayError('internal');
    }
    if (!reply.data.ok) throw new GatewayError(reply.data.error.code);
    this.logger.debug('room placed', { roomId, nodeId: reply.data.nodeId });
  }

  /**
   * Asks one game node to create the room, with a deadline before this request times out: a
   * creation still queued or running when the gateway gives up stores nothing (docs/protocol.md,
   * "Room creation").
   */
  async createRoom(command: CreateRoomCommand): Promise<CreateRoomCommandReply> {
    const margin = Math.min(CREATE_DEADLINE_MARGIN_MS, Math.floor(this.createTimeoutMs / 2));
    const deadline = Date.now() + this.createTimeoutMs - margin;
    let raw: unknown;
    try {
      raw = await this.bus.request(
        ROOMS_CREATE_SUBJECT,
        { ...command, deadline },
        {
          timeoutMs: this.createTimeoutMs,
        },
      );
    } catch (error) {
      if (isBusError(error, 'no_responders')) throw new GatewayError('unavailable');
      // The node may have stored the room just in time and not answered yet: since the client
      // is told the creation failed, that room must go.
      if (isBusError(error, 'timeout') && command.roomId) void this.cancelCreation(command.roomId);
      throw error;
    }
    const reply = createRoomCommandReplySchema.safeParse(raw);
    if (!reply.success) {
      this.logger.error('malformed room creation reply', { game: command.game });
      throw new GatewayError('internal');
    }
    return reply.data;
  }

  /** Asks one game node for a finished room's view at a version, replayed from the store. */
  async replay(request: ReplayRequest): Promise<ReplayReply> {
    let raw: unknown;
    try {
      raw = await this.bus.request(ROOMS_REPLAY_SUBJECT, request, {
        timeoutMs: this.commandTimeoutMs,
      });
    } catch (error) {
      if (isBusError(error, 'no_responders')) throw new GatewayError('unavailable');
      throw error;
    }
    const reply = replayReplySchema.safeParse(raw);
    if (!reply.success) {
      this.logger.error('malformed replay reply', { roomId: request.roomId });
      throw new GatewayError('internal');
    }
    return reply.data;
  }

  /**
   * Tells the game nodes a creation was given up on (`veil.rooms.cancel`): a room stored for it
   * is deleted. Sent again, to another node of the queue group, until one answers.
   */
  async cancelCreation(roomId: string): Promise<boolean> {
    const done = await retry<boolean>(
      async () => {
        try {
          const raw = await this.bus.request(
            ROOMS_CANCEL_SUBJECT,
            { roomId },
            { timeoutMs: this.commandTimeoutMs },
          );
          const reply = cancelCreationReplySchema.safeParse(raw);
          if (reply.success && reply.data.ok) return { done: true };
        } catch {
          // No node answered this time (none running, or a hung one): try again.
        }
        return { again: 'pause', giveUp: () => false };
      },
      { attempts: CANCEL_ATTEMPTS, pauseMs: RETRY_PAUSE_MS },
    );
    if (done) this.logger.info('room creation cancelled', { roomId });
    else this.logger.error('room creation not cancelled', { roomId });
    return done;
  }
}

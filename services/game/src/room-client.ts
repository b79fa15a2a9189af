import { isBusError, retry, type Bus } from '@veil/bus';
import {
  placeReplySchema,
  protocolError,
  roomCmdSubject,
  roomCommandReplySchema,
  ROOMS_PLACE_SUBJECT,
  type ErrorCode,
  type RoomCommand,
  type RoomCommandReply,
} from '@veil/protocol';

export interface RoomClientOptions {
  /** One request's timeout (default 5 s). */
  timeoutMs?: number;
  /** Give up (with `unavailable`) after this long in total (default 30 s). */
  deadlineMs?: number;
  /** Pause between attempts while no node can take the room yet (default 50 ms). */
  retryDelayMs?: number;
}

/**
 * Sends a command to whichever node owns the room, the way a gateway does (docs/architecture.md, "Services"; docs/protocol.md): when
 * nothing answers the room's subject (`no_responders`: no node runs it, e.g. after a crash or an
 * idle unload), it asks `veil.rooms.place` for a node to load it, then sends again. `unavailable`
 * (the lease is still held by a node that stopped answering, or a node let the room go) and
 * timeouts are retried until the deadline. Retrying is safe because `act` and `policy` carry a
 * `requestId`: a repeated request is answered from its first commit.
 */
export async function sendRoomCommand(
  bus: Bus,
  roomId: string,
  command: RoomCommand,
  options: RoomClientOptions = {},
): Promise<RoomCommandReply> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const unavailable = (): RoomCommandReply => ({ ok: false, error: protocolError('unavailable') });
  return retry<RoomCommandReply>(
    async () => {
      try {
        const reply = roomCommandReplySchema.parse(
          await bus.request(roomCmdSubject(roomId), command, { timeoutMs }),
        );
        if (reply.ok || reply.error.code !== 'unavailable') return { done: reply };
        return { again: 'pause', giveUp: unavailable };
      } catch (error) {
        if (isBusError(error) && error.code === 'no_responders') {
          const placed = await placeRoom(bus, roomId, timeoutMs);
          if (placed === 'placed') return { again: 'now', giveUp: unavailable };
          if (placed === 'retry') return { again: 'pause', giveUp: unavailable };
          return { done: { ok: false, error: protocolError(placed) } };
        }
        if (isBusError(error) && error.code === 'timeout') {
          return { again: 'now', giveUp: unavailable };
        }
        throw error;
      }
    },
    { holdMs: options.deadlineMs ?? 30_000, pauseMs: options.retryDelayMs ?? 50 },
  );
}

/** Placement refusals no retry changes: no such room, one abandoned, one on retired rules. */
const FINAL_REFUSALS = ['room_not_found', 'game_over', 'rules_retired'] as const;
type FinalRefusal = (typeof FINAL_REFUSALS)[number];

function isFinalRefusal(code: ErrorCode): code is FinalRefusal {
  return (FINAL_REFUSALS as readonly ErrorCode[]).includes(code);
}

/** Asks the game nodes' queue group to load the room: placed, a final refusal, or retry. */
export async function placeRoom(
  bus: Bus,
  roomId: string,
  timeoutMs = 5_000,
): Promise<'placed' | FinalRefusal | 'retry'> {
  try {
    const reply = placeReplySchema.parse(
      await bus.request(ROOMS_PLACE_SUBJECT, { roomId }, { timeoutMs }),
    );
    if (reply.ok) return 'placed';
    return isFinalRefusal(reply.error.code) ? reply.error.code : 'retry';
  } catch (error) {
    if (isBusError(error) && (error.code === 'no_responders' || error.code === 'timeout')) {
      return 'retry';
    }
    throw error;
  }
}

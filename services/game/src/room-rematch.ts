import { randomUUID } from 'node:crypto';
import {
  createRoomCommandSchema,
  rematchSeat,
  type CreateRoomCommand,
  type ErrorCode,
  type RematchCommand,
  type RoomSeat,
} from '@veil/protocol';
import type { RoomRecord } from '@veil/store';

/** How long an offer keeps a finished room loaded for the other seat to accept. */
export const REMATCH_OFFER_MS = 10 * 60_000;

/** Creates and runs a room on this node: the id of the new room, or the refusal. */
export type CreateRoom = (command: CreateRoomCommand) => Promise<{ roomId: string } | ErrorCode>;

export interface RematchContext {
  readonly record: RoomRecord;
  /** The game is over (the rules ended it or a seat conceded). */
  readonly over: boolean;
  readonly create: CreateRoom;
  readonly offered: (seat: string) => Promise<void>;
  readonly created: (seat: string, roomId: string) => Promise<void>;
}

/**
 * A finished room's rematch (docs/protocol.md, "Rematch"): the offers of its human seats, kept
 * by the node running the room, and once every human seat has offered, the new room — the same
 * game and options, the seats swapped, a fresh secret seed. Offers live as long as the room runs
 * here: an offer holds the room for REMATCH_OFFER_MS, and one lost with the room (a takeover, a
 * restart) is made again by the player.
 */
export class RematchOffers {
  /** The new seat's token hash, by the seat that offered. */
  private readonly offers = new Map<string, string>();
  private room: string | null = null;
  private creating = false;
  private lastOffer = 0;

  /** Whether an open offer should keep the room loaded now. */
  holds(now: number): boolean {
    return this.room === null && this.offers.size > 0 && now - this.lastOffer < REMATCH_OFFER_MS;
  }

  async offer(command: RematchCommand, ctx: RematchContext): Promise<ErrorCode | null> {
    const seats = Object.keys(ctx.record.seats);
    if (ctx.record.seats[command.seat]?.kind !== 'human') return 'bad_request';
    if (rematchSeat(seats, command.seat) === null) return 'bad_request';
    if (!ctx.over) return 'illegal_action';
    // Once made, the rematch is made: a late or repeated offer changes nothing.
    if (this.room !== null || this.creating) return null;
    const first = !this.offers.has(command.seat);
    this.offers.set(command.seat, command.tokenHash);
    this.lastOffer = Date.now();
    if (first) await ctx.offered(command.seat);
    const humans = seats.filter((s) => ctx.record.seats[s]?.kind === 'human');
    if (!humans.every((s) => this.offers.has(s))) return null;

    this.creating = true;
    try {
      const parsed = createRoomCommandSchema.safeParse(rematchCommand(ctx.record, this.offers));
      if (!parsed.success) return 'internal';
      const created = await ctx.create(parsed.data);
      if (typeof created === 'string') return created;
      this.room = created.roomId;
    } finally {
      this.creating = false;
    }
    await ctx.created(command.seat, this.room);
    return null;
  }
}

/**
 * The new room: each player in the other seat with the token hash it sent, a bot in the other
 * seat at its level; the room's options without its secret (a new one is drawn), without
 * `fixedDeal`, which only a chosen seed makes, and without the clocks' start (new clocks start).
 */
function rematchCommand(
  record: RoomRecord,
  offers: ReadonlyMap<string, string>,
): CreateRoomCommand {
  const names = Object.keys(record.seats);
  const seats: Record<string, RoomSeat> = {};
  for (const [seat, stored] of Object.entries(record.seats)) {
    const next = rematchSeat(names, seat) ?? seat;
    seats[next] =
      stored.kind === 'bot'
        ? { kind: 'bot', level: stored.level as Extract<RoomSeat, { kind: 'bot' }>['level'] }
        : { kind: 'human', tokenHash: offers.get(seat) ?? '' };
  }
  const stored = (record.options ?? {}) as Record<string, unknown>;
  const { seed: _seed, fixedDeal: _fixed, clock: _clock, ...options } = stored;
  return { roomId: randomUUID(), game: record.game, seats, options } as CreateRoomCommand;
}

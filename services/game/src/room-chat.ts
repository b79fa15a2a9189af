import type { Bus } from '@veil/bus';
import type { Logger } from '@veil/log';
import {
  CHAT_BURST,
  CHAT_EVENTS,
  CHAT_REFILL_MS,
  chatLineSchema,
  MAX_CHAT_HISTORY,
  roomChatSubject,
  SPECTATOR,
  type ChatChannel,
  type ChatCommand,
  type ChatLine,
  type ErrorCode,
} from '@veil/protocol';
import type { RoomStore } from '@veil/store';

export interface RoomChatDeps {
  readonly roomId: string;
  readonly store: RoomStore;
  readonly bus: Bus;
  readonly logger: Logger;
  /** The room's human seats (bots neither chat nor join). */
  readonly humanSeats: readonly string[];
  readonly spectators: boolean;
  /**
   * Whether spectators read the table chat live. Not when they are shown the game with a
   * delay: the seats' words would run ahead of the board they are shown.
   */
  readonly spectatorsReadTable: boolean;
}

/**
 * A room's chat on the node that runs it (docs/protocol.md, "Chat"): the seats write the table
 * chat, spectators theirs, which the seats never read. Each line is stored with the room before
 * it is published, to each viewer that reads its channel on that viewer's own subject. Joins and
 * leaves of the human seats are told as system lines. The node answers one command of a room at
 * a time, so none of this needs a lock.
 */
export class RoomChat {
  /**
   * Per writer (a seat's words, a seat's reconnect and leave lines, a spectator's connection):
   * tokens left and when last counted. A spectator's goes with its connection (`left`).
   */
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  /** Connections per human seat, for joined / left / reconnected. */
  private readonly connections = new Map<string, Set<string>>();
  /** Seats that have joined at least once (read from the stored lines on first need). */
  private everJoined: Set<string> | null = null;

  constructor(private readonly deps: RoomChatDeps) {}

  /** What a viewer reads of the room's last lines. */
  async history(viewer: string): Promise<ChatLine[]> {
    const lines: ChatLine[] = [];
    for (const line of await this.stored()) if (this.reads(viewer, line.channel)) lines.push(line);
    return lines;
  }

  /** The room's last stored lines (a line that no longer reads is left out). */
  private async stored(): Promise<ChatLine[]> {
    const rows = await this.deps.store.chatLines(this.deps.roomId, MAX_CHAT_HISTORY);
    return rows.flatMap((row) => {
      const line = chatLineSchema.safeParse({ ...(row.line as object), seq: row.seq });
      return line.success ? [line.data] : [];
    });
  }

  /** A message from a seat (to the table) or a spectator (to the spectators). */
  async say(command: ChatCommand): Promise<ErrorCode | null> {
    const isSeat = this.deps.humanSeats.includes(command.viewer);
    if (!isSeat && command.viewer !== SPECTATOR) return 'bad_request';
    if (!isSeat && !this.deps.spectators) return 'forbidden';
    const writer = isSeat ? command.viewer : `${SPECTATOR}:${command.connectionId}`;
    if (!this.take(writer)) return 'rate_limited';
    const channel: ChatChannel = isSeat ? 'table' : 'spectators';
    await this.append(channel, {
      kind: 'message',
      from: command.viewer,
      ...(command.name === undefined ? {} : { name: command.name }),
      text: command.text,
    });
    return null;
  }

  /**
   * A connection started watching: a human seat's first one is told (joined / reconnected). A
   * seat's first join is always told (a loaded room counts it as come); its reconnections and
   * leaves take from a bucket of their own, so a seat that reconnects in a loop cannot fill the
   * store or push the table's words out of the history.
   */
  async joined(viewer: string, connectionId: string): Promise<void> {
    if (!this.deps.humanSeats.includes(viewer)) return;
    const open = this.connections.get(viewer) ?? new Set();
    this.connections.set(viewer, open);
    const first = open.size === 0;
    open.add(connectionId);
    if (!first) return;
    const ever = await this.seatsEverJoined();
    const event = ever.has(viewer) ? 'reconnected' : 'joined';
    ever.add(viewer);
    if (event === 'reconnected' && !this.take(presenceWriter(viewer))) return;
    await this.append('table', { kind: 'system', seat: viewer, event });
  }

  /** A connection stopped watching: a human seat's last one is told (left). */
  async left(viewer: string, connectionId: string): Promise<void> {
    // A spectator's connection wrote with its own bucket: gone with it.
    if (viewer === SPECTATOR) this.buckets.delete(`${SPECTATOR}:${connectionId}`);
    const open = this.connections.get(viewer);
    if (!open?.delete(connectionId) || open.size > 0) return;
    if (!this.take(presenceWriter(viewer))) return;
    await this.append('table', { kind: 'system', seat: viewer, event: 'left' });
  }

  /**
   * A seat conceded (the room already committed it): told to whoever reads the table. With `by`,
   * the other player claimed the game from the seat, which was gone (`idle-seat.ts`).
   */
  async conceded(seat: string, by?: string): Promise<void> {
    const line = { kind: 'system', seat, event: 'conceded' } as const;
    await this.append('table', by === undefined ? line : { ...line, by });
  }

  /**
   * A bot plays the seat now (docs/protocol.md, "Concede"): its player left, or `by`, another
   * player, handed it over after the table waited on it too long (`idle-seat.ts`).
   */
  async handedToBot(seat: string, level: string, by?: string): Promise<void> {
    const line = { kind: 'system', seat, event: 'handed_to_bot', level } as const;
    await this.append('table', by === undefined ? line : { ...line, by });
  }

  /** Whether a connection to the seat is open here (counted since this node loaded the room). */
  isConnected(seat: string): boolean {
    return (this.connections.get(seat)?.size ?? 0) > 0;
  }

  /** A seat's clock ran out and it lost (docs/protocol.md, "Time controls"). */
  async outOfTime(seat: string): Promise<void> {
    await this.append('table', { kind: 'system', seat, event: 'out_of_time' });
  }

  /** A seat offered (or, as the last, accepted) a rematch (docs/protocol.md, "Rematch"). */
  async rematchOffered(seat: string): Promise<void> {
    await this.append('table', { kind: 'system', seat, event: 'rematch_offered' });
  }

  /** The rematch room exists (`seat` made it complete): the table learns where it is. */
  async rematch(seat: string, room: string): Promise<void> {
    await this.append('table', { kind: 'system', seat, event: 'rematch', room });
  }

  /**
   * Whether a human seat has ever been in the room, as the stored chat tells: a seat's first
   * join writes a line to the table chat, as do its words (spectators write to their own). A
   * full history is taken as yes: what it pushed out is unknown.
   */
  async seatEverCame(): Promise<boolean> {
    if (this.connections.size > 0) return true;
    const rows = await this.deps.store.chatLines(this.deps.roomId, MAX_CHAT_HISTORY);
    return rows.length >= MAX_CHAT_HISTORY || rows.some((row) => row.channel === 'table');
  }

  private reads(viewer: string, channel: ChatChannel): boolean {
    if (viewer !== SPECTATOR) return channel === 'table';
    return channel === 'spectators' || this.deps.spectatorsReadTable;
  }

  /** The human seats that have joined at least once, as the stored table chat tells. */
  async seatsEverJoined(): Promise<Set<string>> {
    if (!this.everJoined) {
      this.everJoined = new Set();
      for (const line of await this.stored()) {
        if (line.kind === 'system') this.everJoined.add(line.seat);
      }
    }
    return this.everJoined;
  }

  /** A token bucket per writer: CHAT_BURST at once, then one every CHAT_REFILL_MS. */
  private take(writer: string): boolean {
    const now = Date.now();
    const bucket = this.buckets.get(writer) ?? { tokens: CHAT_BURST, at: now };
    bucket.tokens = Math.min(CHAT_BURST, bucket.tokens + (now - bucket.at) / CHAT_REFILL_MS);
    bucket.at = now;
    this.buckets.set(writer, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  private async append(
    channel: ChatChannel,
    body:
      | { kind: 'message'; from: string; name?: string; text: string }
      | {
          kind: 'system';
          seat: string;
          event: (typeof CHAT_EVENTS)[number];
          room?: string;
          level?: string;
          by?: string;
        },
  ): Promise<void> {
    const at = new Date().toISOString();
    const { roomId, store } = this.deps;
    // The number is the store's (its own column); the rest is stored as published.
    const seq = await store.appendChat(roomId, channel, { roomId, channel, at, ...body });
    const line = chatLineSchema.parse({ roomId, seq, channel, at, ...body });
    const viewers = [...this.deps.humanSeats, ...(this.deps.spectators ? [SPECTATOR] : [])];
    for (const viewer of viewers) {
      if (!this.reads(viewer, channel)) continue;
      try {
        this.deps.bus.publish(roomChatSubject(roomId, viewer), { roomId, lines: [line] });
      } catch (error) {
        this.deps.logger.error('chat not published', { roomId, viewer, error });
      }
    }
  }
}

/** The bucket a seat's reconnect and leave lines take from (its words have their own). */
function presenceWriter(seat: string): string {
  return `presence:${seat}`;
}

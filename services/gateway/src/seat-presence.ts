import { randomUUID } from 'node:crypto';
import type { Bus, BusMessage, BusSubscription } from '@veil/bus';
import type { Logger } from '@veil/log';
import {
  GATEWAY_PRESENCE_SUBJECT,
  gatewayPresenceSchema,
  isSafeToken,
  MAX_PRESENCE_ROOMS,
  MAX_PRESENCE_TTL_MS,
  MIN_PRESENCE_TTL_MS,
  type GatewayPresence,
  type PresenceSeats,
} from '@veil/protocol';

/** The seats this gateway's own sockets hold (the socket hub). */
export interface LocalSeats {
  /** Human seats of a room with a socket on this gateway. */
  connectedSeats(roomId: string): ReadonlySet<string>;
  /** Rooms with at least one human seat connected here. */
  roomsWithSeats(): Iterable<string>;
}

export interface SeatPresenceOptions {
  /** This gateway's name in presence messages (default `gw-` and a random UUID). */
  readonly gatewayId?: string;
  /**
   * How often the gateway says every seat it holds again (default 10 s). What it said holds for
   * three times this, so a gateway that dies without a word is forgotten within that time.
   */
  readonly refreshMs?: number;
  /** The clock for expiries (tests). */
  readonly now?: () => number;
}

const DEFAULT_REFRESH_MS = 10_000;
/** What a gateway says holds this many refreshes: one lost message is not a disconnect. */
const REFRESHES_PER_TTL = 3;

interface RemoteSeats {
  readonly seats: ReadonlySet<string>;
  /** When this expires unless said again (the receiver's clock). */
  readonly until: number;
}

/**
 * Which human seats are connected on **any** gateway, for the room summaries' `connected`.
 * Each gateway holds only its own sockets, so they tell each other on `veil.gateway.presence`
 * (public facts: room ids and seat names): a room's seats when they change here, all of them
 * every `refreshMs`, and `bye` when closing. A gateway that stops saying anything (it crashed)
 * is forgotten once what it said expires. Nothing here touches game state.
 */
export class SeatPresence {
  readonly gatewayId: string;
  private readonly refreshMs: number;
  private readonly ttlMs: number;
  private readonly now: () => number;
  /** gateway id → room id → the seats that gateway holds. */
  private readonly remote = new Map<string, Map<string, RemoteSeats>>();
  /** Rooms whose seats changed here since they were last said. */
  private readonly changedRooms = new Set<string>();
  private sayChangesSoon: NodeJS.Immediate | null = null;
  private sayAllSoon: NodeJS.Immediate | null = null;
  private refreshTimer: NodeJS.Timeout | null = null;
  private subscription: BusSubscription | null = null;
  private stopped = false;

  private constructor(
    private readonly bus: Bus,
    private readonly local: LocalSeats,
    private readonly logger: Logger,
    options: SeatPresenceOptions,
  ) {
    this.gatewayId = options.gatewayId ?? `gw-${randomUUID()}`;
    // Others would refuse every message under a name that is not a token.
    if (!isSafeToken(this.gatewayId)) {
      throw new RangeError('gatewayId must be 1-64 letters, digits, "-" or "_"');
    }
    this.refreshMs = options.refreshMs ?? DEFAULT_REFRESH_MS;
    this.ttlMs = this.refreshMs * REFRESHES_PER_TTL;
    if (
      !Number.isInteger(this.refreshMs) ||
      this.ttlMs < MIN_PRESENCE_TTL_MS ||
      this.ttlMs > MAX_PRESENCE_TTL_MS
    ) {
      throw new RangeError(
        `refreshMs must be an integer from ${Math.ceil(MIN_PRESENCE_TTL_MS / REFRESHES_PER_TTL)} ` +
          `to ${Math.floor(MAX_PRESENCE_TTL_MS / REFRESHES_PER_TTL)}`,
      );
    }
    this.now = options.now ?? Date.now;
  }

  /** Subscribes, asks the other gateways for what they hold, and starts the refreshes. */
  static async start(
    bus: Bus,
    local: LocalSeats,
    logger: Logger,
    options: SeatPresenceOptions = {},
  ): Promise<SeatPresence> {
    const presence = new SeatPresence(bus, local, logger, options);
    presence.subscription = await bus.subscribe(GATEWAY_PRESENCE_SUBJECT, (message) =>
      presence.onMessage(message),
    );
    presence.say({ kind: 'hello', gateway: presence.gatewayId });
    presence.refreshTimer = setInterval(() => presence.refresh(), presence.refreshMs);
    presence.refreshTimer.unref();
    return presence;
  }

  /** The room's human seats connected here or on another live gateway. */
  seats(roomId: string): ReadonlySet<string> {
    const seats = new Set(this.local.connectedSeats(roomId));
    const now = this.now();
    for (const rooms of this.remote.values()) {
      const entry = rooms.get(roomId);
      if (entry && entry.until > now) for (const seat of entry.seats) seats.add(seat);
    }
    return seats;
  }

  /** A seat socket of the room connected or left here: the others hear of it in this turn. */
  changed(roomId: string): void {
    if (this.stopped) return;
    this.changedRooms.add(roomId);
    this.sayChangesSoon ??= setImmediate(() => {
      this.sayChangesSoon = null;
      const rooms = [...this.changedRooms];
      this.changedRooms.clear();
      this.saySeats(rooms);
    });
  }

  /** Says every seat held here again, and forgets what expired elsewhere. */
  refresh(): void {
    if (this.stopped) return;
    this.saySeats([...this.local.roomsWithSeats()]);
    const now = this.now();
    for (const [gateway, rooms] of this.remote) {
      for (const [roomId, entry] of rooms) if (entry.until <= now) rooms.delete(roomId);
      if (rooms.size === 0) this.remote.delete(gateway);
    }
  }

  /** Says `bye` (the others forget this gateway at once) and stops. Idempotent. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    for (const pending of [this.sayChangesSoon, this.sayAllSoon]) {
      if (pending) clearImmediate(pending);
    }
    this.say({ kind: 'bye', gateway: this.gatewayId });
    await this.subscription?.unsubscribe().catch(() => undefined);
  }

  private saySeats(roomIds: readonly string[]): void {
    for (let i = 0; i < roomIds.length; i += MAX_PRESENCE_ROOMS) {
      const rooms: PresenceSeats['rooms'] = {};
      for (const roomId of roomIds.slice(i, i + MAX_PRESENCE_ROOMS)) {
        rooms[roomId] = [...this.local.connectedSeats(roomId)];
      }
      this.say({ kind: 'seats', gateway: this.gatewayId, ttlMs: this.ttlMs, rooms });
    }
  }

  private say(message: GatewayPresence): void {
    try {
      this.bus.publish(GATEWAY_PRESENCE_SUBJECT, message);
    } catch (error) {
      // Presence is advisory: a refresh says it all again.
      this.logger.warn('presence not sent', { kind: message.kind, error });
    }
  }

  private onMessage({ data }: BusMessage): void {
    const parsed = gatewayPresenceSchema.safeParse(data);
    if (!parsed.success) {
      this.logger.warn('malformed presence message');
      return;
    }
    const message = parsed.data;
    if (message.gateway === this.gatewayId || this.stopped) return;
    switch (message.kind) {
      case 'seats':
        this.heard(message);
        break;
      case 'hello':
        // Several newcomers at once still cost one full statement each turn.
        this.sayAllSoon ??= setImmediate(() => {
          this.sayAllSoon = null;
          this.refresh();
        });
        break;
      case 'bye':
        this.remote.delete(message.gateway);
        break;
    }
  }

  private heard({ gateway, ttlMs, rooms }: PresenceSeats): void {
    let known = this.remote.get(gateway);
    if (!known) {
      known = new Map();
      this.remote.set(gateway, known);
    }
    const until = this.now() + ttlMs;
    for (const [roomId, seats] of Object.entries(rooms)) {
      if (seats.length === 0) known.delete(roomId);
      else known.set(roomId, { seats: new Set(seats), until });
    }
    if (known.size === 0) this.remote.delete(gateway);
  }
}

import type { Bus, BusSubscription } from '@veil/bus';
import {
  actRequestSchema,
  chatEventSchema,
  chatRequestSchema,
  handshakeAuthSchema,
  MAX_ACTION_BYTES,
  parseRoomSubject,
  policyRequestSchema,
  protocolError,
  rematchRequestSchema,
  roomViewTree,
  SOCKET_EVENTS,
  SPECTATOR,
  viewPublicationSchema,
  type Ack,
  type ChatLine,
  type ErrorCode,
  type ProtocolError,
  type RoomCommand,
  type SeatClocks,
  type ViewPayload,
} from '@veil/protocol';
import type { Server, Socket } from 'socket.io';
import { GatewayError, toProtocolError } from './errors.js';
import type { Logger } from '@veil/log';
import type { GatewayMetrics } from './metrics.js';
import type { NodeClient } from './node-client.js';
import { clientAddress } from './client-address.js';
import { TokenBucket, type ClientBuckets, type RateLimitOptions } from './rate-limit.js';
import type { RoomDirectory, RoomMeta } from './room-directory.js';
import { hashSeatToken, newConnectionId, seatTokenMatches } from './tokens.js';
import { MALFORMED_EVENT } from './tolerant-parser.js';

/** One socket, bound at connect to one room and one seat (or the spectators) for its life. */
interface Connection {
  readonly socket: Socket;
  readonly roomId: string;
  /** The seat, or `spectator`. */
  readonly viewer: string;
  readonly seat: string | null;
  readonly connectionId: string;
  readonly bucket: TokenBucket;
  /** The version of the last view emitted: an older or equal one is never sent again. */
  lastVersion: number;
  /**
   * Publications that arrived before the join was answered, held so that the log history the
   * join brings goes out first; `null` once joined.
   */
  held: { view: ViewPayload; log: readonly unknown[] }[] | null;
  /** Requests refused in a row for the rate limit. */
  refusedInARow: number;
  /** The last chat line sent: a line is sent once, after the history the join brought. */
  lastChatSeq: number;
  /** Chat lines that arrived before the join was answered; `null` once joined. */
  chatHeld: ChatLine[] | null;
}

/** The sockets of one room on this gateway, and the subscription to the room's views. */
interface RoomWatch {
  readonly connections: Set<Connection>;
  readonly subscription: Promise<BusSubscription | null>;
}

export interface SocketHubOptions {
  readonly rateLimit?: RateLimitOptions;
  /**
   * Requests refused for the rate limit in a row after which the socket is disconnected as
   * abusive (default 100).
   */
  readonly abuseLimit?: number;
  /** A human seat's socket joined or left a room here (for seat presence across gateways). */
  readonly onSeatsChanged?: (roomId: string) => void;
  /**
   * The lobby's room-creation allowance per client address: a rematch offer may make a room, so
   * it takes from the same one (else offers after conceded bot games would make rooms unbounded).
   */
  readonly roomCreations?: ClientBuckets;
  /** Proxies in front of the gateway, for the client address (`clientAddress`). */
  readonly trustedProxies?: number;
  /** Open sockets one client address may hold on this gateway (default 100). */
  readonly socketsPerAddress?: number;
}

const KNOWN_CLIENT_EVENTS = new Set<string>([
  SOCKET_EVENTS.act,
  SOCKET_EVENTS.policy,
  SOCKET_EVENTS.chat,
  SOCKET_EVENTS.rematch,
]);

/** A request's JSON text may exceed its action by this much (version, requestId, keys). */
const ACT_ENVELOPE_BYTES = 256;

/**
 * The socket.io side of the gateway (docs/protocol.md). The gateway holds no game state: the views a
 * socket receives come from the node, at connect through `join` and afterwards from the room's
 * view publications on NATS, so any number of gateways can serve the same room.
 */
export class SocketHub {
  private readonly rooms = new Map<string, RoomWatch>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly abuseLimit: number;
  /** Open (authenticated) sockets per client address, for `socketsPerAddress`. */
  private readonly socketsByAddress = new Map<string, number>();

  constructor(
    private readonly io: Server,
    private readonly bus: Bus,
    private readonly nodes: NodeClient,
    private readonly directory: RoomDirectory,
    private readonly metrics: GatewayMetrics,
    private readonly logger: Logger,
    private readonly options: SocketHubOptions = {},
  ) {
    this.abuseLimit = options.abuseLimit ?? 100;
    io.use((socket, next) => {
      this.authenticate(socket).then(
        () => next(this.admitAddress(socket)),
        (error: unknown) => {
          const detail = toProtocolError(error);
          if (!(error instanceof GatewayError)) {
            this.logger.error('socket authentication failed', { error });
          }
          next(Object.assign(new Error(detail.code), { data: detail }));
        },
      );
    });
    io.on('connection', (socket) => this.track(this.onConnection(socket)));
  }

  /** Human seats of a room that have a socket on this gateway. */
  connectedSeats(roomId: string): ReadonlySet<string> {
    const seats = new Set<string>();
    for (const c of this.rooms.get(roomId)?.connections ?? []) if (c.seat) seats.add(c.seat);
    return seats;
  }

  /** Spectator sockets of a room on this gateway. */
  spectatorCount(roomId: string): number {
    let count = 0;
    for (const c of this.rooms.get(roomId)?.connections ?? []) if (c.seat === null) count += 1;
    return count;
  }

  /** Rooms with at least one human seat's socket on this gateway. */
  *roomsWithSeats(): Iterable<string> {
    for (const [roomId, room] of this.rooms) {
      for (const c of room.connections) {
        if (c.seat) {
          yield roomId;
          break;
        }
      }
    }
  }

  /** Waits for `leave` commands and unsubscriptions still in flight (for shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private track<T>(promise: Promise<T>): void {
    const tracked = promise.catch((error: unknown) => {
      this.logger.error('socket handler failed', { error });
    });
    this.pending.add(tracked);
    void tracked.finally(() => this.pending.delete(tracked));
  }

  /**
   * Counts an authenticated socket against its client address, or refuses it (`rate_limited`)
   * when the address holds `socketsPerAddress` already: each socket holds a subscription and
   * memory, so one address cannot open them without bound. Its closing gives the place back.
   */
  private admitAddress(socket: Socket): Error | undefined {
    const address = clientAddress(socket.request, this.options.trustedProxies ?? 0);
    const open = this.socketsByAddress.get(address) ?? 0;
    if (open >= (this.options.socketsPerAddress ?? 100)) {
      const detail = protocolError('rate_limited');
      return Object.assign(new Error(detail.code), { data: detail });
    }
    this.socketsByAddress.set(address, open + 1);
    socket.once('disconnect', () => {
      const left = (this.socketsByAddress.get(address) ?? 1) - 1;
      if (left > 0) this.socketsByAddress.set(address, left);
      else this.socketsByAddress.delete(address);
    });
    return undefined;
  }

  /** Binds the socket to a room and a seat (or spectator), or refuses the handshake. */
  private async authenticate(socket: Socket): Promise<void> {
    const auth = handshakeAuthSchema.safeParse(socket.handshake.auth);
    if (!auth.success) throw new GatewayError('unauthorized');
    const { roomId } = auth.data;
    let meta = await this.directory.meta(roomId);
    if (!meta) throw new GatewayError('room_not_found');
    if ('token' in auth.data) {
      const token = auth.data.token;
      let seat = seatOfToken(meta, token);
      // The seat may have been joined through another gateway since this one cached the room.
      if (seat === null && hasOpenSeat(meta)) {
        meta = await this.directory.refresh(roomId);
        seat = meta === null ? null : seatOfToken(meta, token);
      }
      if (seat === null) throw new GatewayError('unauthorized');
      socket.data = { roomId, viewer: seat, seat };
    } else {
      if (!meta.spectators) throw new GatewayError('forbidden');
      socket.data = { roomId, viewer: SPECTATOR, seat: null };
    }
  }

  private async onConnection(socket: Socket): Promise<void> {
    const data = socket.data as { roomId: string; viewer: string; seat: string | null };
    const conn: Connection = {
      socket,
      roomId: data.roomId,
      viewer: data.viewer,
      seat: data.seat,
      connectionId: newConnectionId(),
      bucket: new TokenBucket(this.options.rateLimit),
      lastVersion: -1,
      held: [],
      refusedInARow: 0,
      lastChatSeq: 0,
      chatHeld: [],
    };
    const kind = conn.seat === null ? 'spectator' : 'seat';
    this.metrics.sockets.inc({ kind });
    const log = this.logger.child({ roomId: conn.roomId, viewer: conn.viewer });

    socket.use(([event, ...args], next) => {
      if (conn.bucket.take()) {
        conn.refusedInARow = 0;
        next();
        return;
      }
      conn.refusedInARow += 1;
      this.refuse(socket, args, 'rate_limited');
      if (conn.refusedInARow >= this.abuseLimit) {
        log.warn('socket disconnected for abuse', { event: String(event).slice(0, 64) });
        socket.disconnect(true);
      }
    });
    socket.onAny((event: unknown, ...args: unknown[]) => {
      if (typeof event === 'string' && KNOWN_CLIENT_EVENTS.has(event)) return;
      // An unknown event and a packet that did not decode (MALFORMED_EVENT) get the same answer.
      if (event === MALFORMED_EVENT) log.debug('malformed packet');
      this.refuse(socket, args, 'bad_request');
    });
    socket.on(SOCKET_EVENTS.act, (payload: unknown, ack: unknown) => {
      this.track(this.onAct(conn, payload, ack));
    });
    socket.on(SOCKET_EVENTS.policy, (payload: unknown, ack: unknown) => {
      this.track(this.onPolicy(conn, payload, ack));
    });
    socket.on(SOCKET_EVENTS.chat, (payload: unknown, ack: unknown) => {
      this.track(this.onChat(conn, payload, ack));
    });
    socket.on(SOCKET_EVENTS.rematch, (payload: unknown, ack: unknown) => {
      this.track(this.onRematch(conn, payload, ack));
    });
    socket.on('disconnect', () => {
      this.metrics.sockets.dec({ kind });
      this.track(this.onDisconnect(conn));
    });

    // Subscribe before joining, so no publication after the join's view can be missed.
    await this.watch(conn);
    if (socket.disconnected) {
      await this.unwatch(conn);
      return;
    }
    try {
      const reply = await this.nodes.command(conn.roomId, {
        type: 'join',
        viewer: conn.viewer,
        connectionId: conn.connectionId,
      });
      if (reply.ok) {
        if (reply.view) {
          this.deliver(conn, reply.view, []);
          // The viewer's log so far, which a reload or a new tab would otherwise not have.
          socket.emit(SOCKET_EVENTS.log, {
            roomId: conn.roomId,
            version: reply.view.version,
            entries: reply.log ?? [],
            history: true,
          });
          const chat = reply.chat ?? [];
          socket.emit(SOCKET_EVENTS.chat, { roomId: conn.roomId, lines: chat, history: true });
          conn.lastChatSeq = chat.at(-1)?.seq ?? 0;
        } else await this.sync(conn);
      } else {
        this.emitError(socket, reply.error);
        if (joinRefusedForGood(reply.error.code)) socket.disconnect(true);
      }
    } catch (error) {
      log.warn('join failed', { error });
      const refused = toProtocolError(error);
      this.emitError(socket, refused);
      if (joinRefusedForGood(refused.code)) socket.disconnect(true);
    } finally {
      this.releaseHeld(conn);
    }
  }

  /** After the join: the publications held meanwhile, those newer than what was sent. */
  private releaseHeld(conn: Connection): void {
    const held = conn.held ?? [];
    conn.held = null;
    for (const { view, log } of held) this.deliver(conn, view, log);
    const chat = conn.chatHeld ?? [];
    conn.chatHeld = null;
    this.deliverChat(conn, chat);
  }

  /** Chat lines the socket has not had yet, in order. */
  private deliverChat(conn: Connection, lines: readonly ChatLine[]): void {
    const fresh = lines.filter((line) => line.seq > conn.lastChatSeq);
    if (fresh.length === 0) return;
    conn.lastChatSeq = fresh.at(-1)?.seq ?? conn.lastChatSeq;
    conn.socket.emit(SOCKET_EVENTS.chat, { roomId: conn.roomId, lines: fresh });
  }

  /** A seat writes to the table chat, a spectator to the spectators' (the node decides which). */
  private async onChat(conn: Connection, payload: unknown, ack: unknown): Promise<void> {
    const request = chatRequestSchema.safeParse(payload);
    const reply = request.success
      ? await this.roomCommand(conn, {
          type: 'chat',
          viewer: conn.viewer,
          connectionId: conn.connectionId,
          ...request.data,
        })
      : refusal('bad_request');
    this.answer(conn.socket, ack, reply);
  }

  private async onAct(conn: Connection, payload: unknown, ack: unknown): Promise<void> {
    const started = performance.now();
    const reply = await this.act(conn, payload);
    const result = reply.ok ? 'ok' : reply.error.code;
    this.metrics.actions.inc({ result });
    this.metrics.actLatency.observe({ result }, (performance.now() - started) / 1000);
    this.answer(conn.socket, ack, reply);
  }

  private async act(conn: Connection, payload: unknown): Promise<Ack> {
    if (conn.seat === null) return refusal('forbidden');
    // The whole payload first (bounded before anything reads it), then the action itself.
    if (jsonBytes(payload) > MAX_ACTION_BYTES + ACT_ENVELOPE_BYTES) {
      return refusal('payload_too_large');
    }
    const action = typeof payload === 'object' && payload !== null && 'action' in payload;
    if (action && jsonBytes(payload.action) > MAX_ACTION_BYTES) return refusal('payload_too_large');
    const request = actRequestSchema.safeParse(payload);
    if (!request.success) return refusal('bad_request');
    if (request.data.version > conn.lastVersion) {
      // A version this socket was never shown cannot be the client's honest view of the room;
      // the node would take it for a sign that another node owns the room. Refuse it here and
      // send the current view.
      await this.sync(conn).catch(() => undefined);
      return refusal('stale_version');
    }
    return this.roomCommand(conn, {
      type: 'act',
      seat: conn.seat,
      version: request.data.version,
      action: request.data.action,
      requestId: request.data.requestId,
    });
  }

  private async onPolicy(conn: Connection, payload: unknown, ack: unknown): Promise<void> {
    let reply: Ack;
    if (conn.seat === null) reply = refusal('forbidden');
    else {
      const request = policyRequestSchema.safeParse(payload);
      reply = request.success
        ? await this.roomCommand(conn, { type: 'policy', seat: conn.seat, ...request.data })
        : refusal('bad_request');
    }
    this.answer(conn.socket, ack, reply);
  }

  /**
   * A seat offers or accepts a rematch (docs/protocol.md, "Rematch") with the token it chose for
   * its new seat: only the token's hash goes on to the node.
   */
  private async onRematch(conn: Connection, payload: unknown, ack: unknown): Promise<void> {
    let reply: Ack;
    if (conn.seat === null) reply = refusal('forbidden');
    else {
      const request = rematchRequestSchema.safeParse(payload);
      const address = clientAddress(conn.socket.request, this.options.trustedProxies ?? 0);
      reply = !request.success
        ? refusal('bad_request')
        : this.options.roomCreations && !this.options.roomCreations.take(address)
          ? refusal('rate_limited')
          : await this.roomCommand(conn, {
              type: 'rematch',
              seat: conn.seat,
              tokenHash: hashSeatToken(request.data.token),
              requestId: request.data.requestId,
            });
    }
    this.answer(conn.socket, ack, reply);
  }

  /** Sends a seat's command to the node and turns its reply into an ack. */
  private async roomCommand(conn: Connection, command: RoomCommand): Promise<Ack> {
    try {
      const reply = await this.nodes.command(conn.roomId, command);
      if (reply.ok) return { ok: true, version: reply.version };
      // A stale client gets the current view with its refusal, so it can catch up.
      if (reply.view) this.deliver(conn, reply.view, []);
      return { ok: false, error: reply.error };
    } catch (error) {
      if (!(error instanceof GatewayError)) {
        this.logger.warn('room command failed', { roomId: conn.roomId, type: command.type, error });
      }
      return { ok: false, error: toProtocolError(error) };
    }
  }

  /** Fetches the viewer's current view (when a join reply carried none). */
  private async sync(conn: Connection): Promise<void> {
    const reply = await this.nodes.command(conn.roomId, { type: 'sync', viewer: conn.viewer });
    if (reply.ok && reply.view) this.deliver(conn, reply.view, []);
    else if (!reply.ok) this.emitError(conn.socket, reply.error);
  }

  private async onDisconnect(conn: Connection): Promise<void> {
    await this.unwatch(conn);
    try {
      await this.nodes.command(conn.roomId, {
        type: 'leave',
        viewer: conn.viewer,
        connectionId: conn.connectionId,
      });
    } catch (error) {
      this.logger.debug('leave failed', { roomId: conn.roomId, error });
    }
  }

  private async watch(conn: Connection): Promise<void> {
    let room = this.rooms.get(conn.roomId);
    if (!room) {
      const roomId = conn.roomId;
      const subscription = this.bus
        .subscribe(roomViewTree(roomId), (message) => this.onPublication(roomId, message))
        .catch((error: unknown) => {
          this.logger.error('view subscription failed', { roomId, error });
          return null;
        });
      room = { connections: new Set(), subscription };
      this.rooms.set(roomId, room);
      this.metrics.roomsLive.set(this.rooms.size);
    }
    room.connections.add(conn);
    if (conn.seat) this.options.onSeatsChanged?.(conn.roomId);
    await room.subscription;
  }

  private async unwatch(conn: Connection): Promise<void> {
    const room = this.rooms.get(conn.roomId);
    if (!room) return;
    room.connections.delete(conn);
    if (conn.seat) this.options.onSeatsChanged?.(conn.roomId);
    if (room.connections.size > 0) return;
    this.rooms.delete(conn.roomId);
    this.metrics.roomsLive.set(this.rooms.size);
    const subscription = await room.subscription;
    await subscription?.unsubscribe();
  }

  private onPublication(roomId: string, message: { subject: string; data: unknown }): void {
    const target = parseRoomSubject(message.subject);
    if (target?.kind === 'chat' && target.roomId === roomId) {
      this.onChatPublication(roomId, target.viewer, message.data);
      return;
    }
    if (!target || target.kind !== 'view' || target.roomId !== roomId) return;
    const publication = viewPublicationSchema.safeParse(message.data);
    if (!publication.success || publication.data.roomId !== roomId) {
      this.logger.error('malformed view publication', { roomId, viewer: target.viewer });
      return;
    }
    const { log, ...view } = publication.data;
    const expectedSeat = target.viewer === SPECTATOR ? null : target.viewer;
    if (view.seat !== expectedSeat) {
      this.logger.error('view publication for another viewer', { roomId });
      return;
    }
    const targets: Connection[] = [];
    for (const conn of this.rooms.get(roomId)?.connections ?? []) {
      if (conn.viewer !== target.viewer) continue;
      if (conn.held) conn.held.push({ view, log });
      else if (this.wants(conn, view)) targets.push(conn);
    }
    this.emitTo(targets, view, log);
  }

  /** Chat lines for one viewer of the room: to its sockets (held until their join is answered). */
  private onChatPublication(roomId: string, viewer: string, data: unknown): void {
    const event = chatEventSchema.safeParse(data);
    if (!event.success || event.data.roomId !== roomId) {
      this.logger.error('malformed chat publication', { roomId, viewer });
      return;
    }
    for (const conn of this.rooms.get(roomId)?.connections ?? []) {
      if (conn.viewer !== viewer) continue;
      if (conn.chatHeld) conn.chatHeld.push(...event.data.lines);
      else this.deliverChat(conn, event.data.lines);
    }
  }

  /** Emits a view (and its log entries) unless the socket already has this or a later one. */
  private deliver(conn: Connection, view: ViewPayload, log: readonly unknown[]): void {
    if (this.wants(conn, view)) this.emitTo([conn], view, log);
  }

  /** A socket gets a view of its own room and viewer, newer than the last one it got. */
  private wants(conn: Connection, view: ViewPayload): boolean {
    return (
      view.roomId === conn.roomId && view.seat === conn.seat && view.version > conn.lastVersion
    );
  }

  /**
   * One view to many sockets of the same viewer (a room's spectators): a socket.io broadcast
   * to their ids encodes the packet once instead of once per socket.
   */
  private emitTo(targets: readonly Connection[], view: ViewPayload, log: readonly unknown[]): void {
    if (targets.length === 0) return;
    for (const conn of targets) conn.lastVersion = view.version;
    const to =
      targets.length === 1
        ? (targets[0] as Connection).socket
        : this.io.to(targets.map((conn) => conn.socket.id));
    to.emit(SOCKET_EVENTS.view, {
      roomId: view.roomId,
      version: view.version,
      seat: view.seat,
      view: view.view,
      ...(view.fixedDeal ? { fixedDeal: true } : {}),
      ...(view.outcome
        ? { outcome: { winners: view.outcome.winners, reason: view.outcome.reason } }
        : {}),
      ...(view.clocks ? { clocks: clocksOut(view.clocks) } : {}),
    });
    this.metrics.viewsForwarded.inc(targets.length);
    if (log.length > 0) {
      to.emit(SOCKET_EVENTS.log, { roomId: view.roomId, version: view.version, entries: log });
    }
  }

  /** Answers a refused or unknown request: through its ack if it has one, else an `error`. */
  private refuse(socket: Socket, args: readonly unknown[], code: ErrorCode): void {
    this.answer(socket, args.at(-1), refusal(code));
  }

  private answer(socket: Socket, ack: unknown, reply: Ack): void {
    if (typeof ack === 'function') (ack as (reply: Ack) => void)(reply);
    else if (!reply.ok) this.emitError(socket, reply.error);
  }

  private emitError(socket: Socket, error: ProtocolError): void {
    socket.emit(SOCKET_EVENTS.error, protocolError(error.code));
  }
}

function refusal(code: ErrorCode): Ack {
  return { ok: false, error: protocolError(code) };
}

function jsonBytes(value: unknown): number {
  try {
    return Buffer.byteLength(JSON.stringify(value) ?? '');
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** The human seat whose token hash `token` matches, or null. */
function seatOfToken(meta: RoomMeta, token: string): string | null {
  let seat: string | null = null;
  // Every human seat is compared, so the time taken does not depend on which one matched.
  for (const [name, stored] of Object.entries(meta.seats)) {
    if (stored.kind === 'human' && stored.tokenHash !== null) {
      if (seatTokenMatches(token, stored.tokenHash)) seat = name;
    }
  }
  return seat;
}

function hasOpenSeat(meta: RoomMeta): boolean {
  return Object.values(meta.seats).some((s) => s.kind === 'human' && s.tokenHash === null);
}

/**
 * A join that can never succeed ends the connection: the room is gone, or it was abandoned
 * before any seat came (its node refuses to serve it: `game_over`), or the seat is a bot's now
 * (`forbidden`: its player handed it over, docs/protocol.md "Concede"), or it was played under
 * rules this build no longer runs (`rules_retired`).
 */
function joinRefusedForGood(code: ErrorCode): boolean {
  return (
    code === 'room_not_found' ||
    code === 'game_over' ||
    code === 'forbidden' ||
    code === 'rules_retired'
  );
}

/** The clocks as sent to a socket: an allow-list copy of the payload's public fields. */
function clocksOut(clocks: SeatClocks): SeatClocks {
  const { remainingMs, running, awaiting } = clocks;
  return { remainingMs, running, ...(awaiting ? { awaiting } : {}) };
}

import {
  ackSchema,
  protocolError,
  CONCEDE_ACTION,
  handOverIdleAction,
  SOCKET_EVENTS,
  type Ack,
  type ActionJson,
  type ChatEvent,
  type ChatLine,
  type ClientToServerEvents,
  type ErrorCode,
  type LogEvent,
  type ProtocolError,
  type ServerToClientEvents,
  type StandingPolicy,
  type ViewEvent,
} from '@veil/protocol';
import { io, type Socket } from 'socket.io-client';
import { errorCodeOf, VeilError } from './errors.js';

/**
 * The socket side of the SDK: one connection to one room, as a seat or a spectator. Browser
 * compatible: it uses only socket.io-client and Web APIs (`crypto.getRandomValues`).
 */

export interface ConnectOptions {
  /** The gateway's base URL, e.g. `http://localhost:3000`. */
  readonly url: string;
  readonly roomId: string;
  /** How long to wait for the connection and the first view (default 10 s). */
  readonly connectTimeoutMs?: number;
  /**
   * How long an `act` waits for its ack (default 10 s). An `act` or `policy` whose connection
   * drops before its ack is sent again, with the same request id, once the connection is back
   * and has the room's view: within this time the caller sees a slower ack, not an error.
   */
  readonly ackTimeoutMs?: number;
  /** Reconnect automatically after a dropped transport (default true). */
  readonly reconnection?: boolean;
  /** socket.io transports (default websocket first, then polling). */
  readonly transports?: ('websocket' | 'polling')[];
}

export interface SeatConnectOptions extends ConnectOptions {
  readonly token: string;
}

export interface ActOptions {
  /** Act against this version instead of the latest one seen. */
  readonly version?: number;
  /** Reuse a request id (a retry of the same action is then applied at most once). */
  readonly requestId?: string;
}

type Listener<T> = (value: T) => void;

/** Connects to a room as the seat the token belongs to; resolves once the first view arrived. */
export function connectSeat(options: SeatConnectOptions): Promise<VeilConnection> {
  return VeilConnection.open(options, { roomId: options.roomId, token: options.token });
}

/** Connects to a room as a spectator; resolves once the first (public) view arrived. */
export function connectSpectator(options: ConnectOptions): Promise<VeilConnection> {
  return VeilConnection.open(options, { roomId: options.roomId, spectator: true });
}

export class VeilConnection {
  private latest: ViewEvent | null = null;
  private entries: unknown[] = [];
  private readonly viewListeners = new Set<Listener<ViewEvent>>();
  private readonly logListeners = new Set<Listener<LogEvent>>();
  private readonly errorListeners = new Set<Listener<ProtocolError>>();
  private readonly connectionListeners = new Set<Listener<boolean>>();
  private chatLines: ChatLine[] = [];
  private readonly chatListeners = new Set<Listener<ChatEvent>>();
  private readonly ackTimeoutMs: number;
  /** A view has arrived since the transport last (re)connected: the seat is joined again. */
  private rejoined = false;

  private constructor(
    readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>,
    readonly roomId: string,
    options: ConnectOptions,
  ) {
    this.ackTimeoutMs = options.ackTimeoutMs ?? 10_000;
    socket.on(SOCKET_EVENTS.view, (payload) => {
      if (!isViewEvent(payload) || payload.roomId !== roomId) return;
      // A reconnect sends the current view again (same version): still the latest.
      this.rejoined = true;
      if (this.latest && payload.version < this.latest.version) return;
      this.latest = payload;
      for (const listener of [...this.viewListeners]) listener(payload);
    });
    socket.on(SOCKET_EVENTS.log, (payload) => {
      if (!payload || payload.roomId !== roomId || !Array.isArray(payload.entries)) return;
      // The history sent after each (re)connect replaces what was kept; the rest is appended.
      if (payload.history) this.entries = [...payload.entries];
      else this.entries.push(...payload.entries);
      for (const listener of [...this.logListeners]) listener(payload);
    });
    socket.on(SOCKET_EVENTS.chat, (payload) => {
      if (!payload || payload.roomId !== roomId || !Array.isArray(payload.lines)) return;
      // Like the log: the history after each (re)connect replaces what was kept.
      if (payload.history) this.chatLines = [...payload.lines];
      else this.chatLines.push(...payload.lines);
      for (const listener of [...this.chatListeners]) listener(payload);
    });
    socket.on('connect', () => this.connectionChanged(true));
    socket.on('disconnect', () => {
      this.rejoined = false;
      this.connectionChanged(false);
    });
    socket.on(SOCKET_EVENTS.error, (payload) => {
      const error = protocolError(errorCodeOf(payload));
      for (const listener of [...this.errorListeners]) listener(error);
    });
  }

  /** @internal */
  static open(
    options: ConnectOptions,
    auth: { roomId: string; token: string } | { roomId: string; spectator: true },
  ): Promise<VeilConnection> {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(options.url, {
      auth,
      transports: options.transports ?? ['websocket', 'polling'],
      reconnection: options.reconnection ?? true,
      forceNew: true,
    });
    const connection = new VeilConnection(socket, options.roomId, options);
    return new Promise<VeilConnection>((resolve, reject) => {
      const fail = (code: ErrorCode) => {
        cleanup();
        socket.close();
        reject(new VeilError(code));
      };
      const timer = setTimeout(() => fail('timeout'), options.connectTimeoutMs ?? 10_000);
      const onConnectError = (error: Error & { data?: unknown }) => fail(errorCodeOf(error.data));
      const onError = (error: ProtocolError) => fail(error.code);
      const stopView = connection.onView(() => {
        cleanup();
        resolve(connection);
      });
      const stopError = connection.onError(onError);
      const cleanup = () => {
        clearTimeout(timer);
        stopView();
        stopError();
        socket.off('connect_error', onConnectError);
      };
      socket.on('connect_error', onConnectError);
    });
  }

  /** The seat this connection plays, `null` for a spectator (known once a view arrived). */
  get seat(): string | null {
    return this.latest?.seat ?? null;
  }

  /** The latest view received. */
  get view(): ViewEvent | null {
    return this.latest;
  }

  /** The version of the latest view received. */
  get version(): number | null {
    return this.latest?.version ?? null;
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  /** Calls `listener` with every new view; returns a function that stops it. */
  onView(listener: Listener<ViewEvent>): () => void {
    this.viewListeners.add(listener);
    return () => this.viewListeners.delete(listener);
  }

  /** This viewer's redacted log as received: the history of the last connect, then new entries. */
  get log(): readonly unknown[] {
    return this.entries;
  }

  /**
   * New entries of this viewer's redacted log; after each (re)connect one event with
   * `history: true` holds the whole log so far (it replaces, rather than adds to, earlier ones).
   */
  onLog(listener: Listener<LogEvent>): () => void {
    this.logListeners.add(listener);
    return () => this.logListeners.delete(listener);
  }

  /** The chat lines this viewer reads, as received: the last connect's history, then new ones. */
  get chat(): readonly ChatLine[] {
    return this.chatLines;
  }

  /** New chat lines; after each (re)connect one event with `history: true` holds them all. */
  onChat(listener: Listener<ChatEvent>): () => void {
    this.chatListeners.add(listener);
    return () => this.chatListeners.delete(listener);
  }

  /** Writes to the room's chat: a seat to the table, a spectator to the spectators. */
  say(text: string, name?: string): Promise<Ack> {
    return this.request(SOCKET_EVENTS.chat, {
      text,
      ...(name === undefined ? {} : { name }),
      requestId: newRequestId(),
    });
  }

  /** Errors not tied to a request (e.g. the room cannot be served right now). */
  onError(listener: Listener<ProtocolError>): () => void {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }

  /**
   * Called with `false` when the transport drops and `true` when it is back (socket.io-client
   * reconnects by itself; the seat is resumed and the current view arrives again).
   */
  onConnectionChange(listener: Listener<boolean>): () => void {
    this.connectionListeners.add(listener);
    return () => this.connectionListeners.delete(listener);
  }

  private connectionChanged(connected: boolean): void {
    for (const listener of [...this.connectionListeners]) listener(connected);
  }

  /**
   * Resolves with the first view (the current one included) that satisfies `predicate`;
   * rejects with `timeout` after `timeoutMs` (default 10 s).
   */
  waitForView(predicate: (view: ViewEvent) => boolean, timeoutMs = 10_000): Promise<ViewEvent> {
    if (this.latest && predicate(this.latest)) return Promise.resolve(this.latest);
    return new Promise<ViewEvent>((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new VeilError('timeout'));
      }, timeoutMs);
      const stop = this.onView((view) => {
        if (!predicate(view)) return;
        clearTimeout(timer);
        stop();
        resolve(view);
      });
    });
  }

  /**
   * Resolves with the first chat line this viewer holds (those already received included) that
   * satisfies `predicate`; rejects with `timeout` after `timeoutMs` (default 10 s).
   */
  waitForChat(predicate: (line: ChatLine) => boolean, timeoutMs = 10_000): Promise<ChatLine> {
    const held = this.chatLines.find(predicate);
    if (held) return Promise.resolve(held);
    return new Promise<ChatLine>((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new VeilError('timeout'));
      }, timeoutMs);
      const stop = this.onChat(() => {
        const found = this.chatLines.find(predicate);
        if (!found) return;
        clearTimeout(timer);
        stop();
        resolve(found);
      });
    });
  }

  /**
   * Plays `action` against the latest version seen (or `options.version`) with a fresh request
   * id. Resolves with the ack; a refusal is an `{ok: false}` ack, not a rejection.
   */
  act(action: ActionJson, options: ActOptions = {}): Promise<Ack> {
    const version = options.version ?? this.latest?.version ?? 0;
    const requestId = options.requestId ?? newRequestId();
    return this.request(SOCKET_EVENTS.act, { version, action, requestId }, { resend: true });
  }

  /**
   * Concedes the game for this seat (docs/protocol.md, "Concede"): the room ends and the other
   * seats win, or at a larger table where others play on, a bot takes the seat. Sent as an `act`
   * against the latest version seen.
   */
  concede(): Promise<Ack> {
    return this.act(CONCEDE_ACTION);
  }

  /**
   * Hands `seat`, another seat the table has waited on too long, to a bot — at a two-seat table,
   * claims the game from it (docs/protocol.md, "Hand an idle seat to a bot"): at an untimed
   * table, once the game has waited on it 5 minutes with no connection open to it, or 30 minutes
   * in any case. Sent as an `act` against the latest version seen; too early, or for a seat the
   * game does not wait on, the ack is `illegal_action`.
   */
  handOverIdle(seat: string): Promise<Ack> {
    return this.act(handOverIdleAction(seat));
  }

  /**
   * Offers or accepts a rematch after the game (docs/protocol.md, "Rematch") with `token`, the
   * token this player's new seat will have (`newSeatToken()`): keep it, the server never sends it.
   */
  rematch(token: string): Promise<Ack> {
    return this.request(SOCKET_EVENTS.rematch, { token, requestId: newRequestId() });
  }

  /** Sets (or with `null` clears) a standing policy for a kind of reaction window. */
  policy(kind: string, policy: StandingPolicy | null): Promise<Ack> {
    return this.request(
      SOCKET_EVENTS.policy,
      { kind, policy, requestId: newRequestId() },
      { resend: true },
    );
  }

  /**
   * Emits any event with any payload and waits for an ack: for tools and tests that probe the
   * server with requests the typed methods would not send.
   */
  rawRequest(event: string, payload: unknown): Promise<Ack> {
    return this.request(event, payload);
  }

  /**
   * Emits and waits for the ack, until `ackTimeoutMs` has passed. With `resend` (a request whose
   * request id makes it idempotent) a connection that drops before the ack does not end the
   * request: it is sent again once the connection is back and the seat joined again (its view
   * arrived: the gateway refuses a version the new socket was never shown).
   */
  private async request(
    event: string,
    payload: unknown,
    { resend = false }: { resend?: boolean } = {},
  ): Promise<Ack> {
    const deadline = Date.now() + this.ackTimeoutMs;
    for (;;) {
      // Sent while the connection is down, it would reach the next one before its view.
      if (resend && !(await this.joinedAgain(deadline - Date.now()))) return timeoutAck();
      const answer = await this.emitOnce(event, payload, deadline - Date.now());
      if (answer !== 'disconnected') return answer;
      if (!resend) return timeoutAck();
    }
  }

  /** One emit: its ack, `timeout`, or `disconnected` when the transport dropped first. */
  private emitOnce(
    event: string,
    payload: unknown,
    timeoutMs: number,
  ): Promise<Ack | 'disconnected'> {
    if (timeoutMs <= 0) return Promise.resolve(timeoutAck());
    return new Promise((resolve) => {
      const emitter = this.socket.timeout(timeoutMs) as unknown as {
        emit(event: string, payload: unknown, ack: (err: unknown, reply: unknown) => void): void;
      };
      emitter.emit(event, payload, (err, reply) => {
        if (err) {
          // socket.io fails a pending ack at once when the transport drops.
          resolve(this.socket.connected ? timeoutAck() : 'disconnected');
          return;
        }
        const ack = ackSchema.safeParse(reply);
        resolve(ack.success ? ack.data : { ok: false, error: protocolError('internal') });
      });
    });
  }

  /** Resolves true once the socket is connected again and its first view arrived; false at the deadline. */
  private joinedAgain(timeoutMs: number): Promise<boolean> {
    if (this.socket.connected && this.rejoined) return Promise.resolve(true);
    if (timeoutMs <= 0 || !this.socket.active) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(false), timeoutMs);
      const stop = this.onView(() => {
        if (this.socket.connected) done(true);
      });
      const done = (joined: boolean) => {
        clearTimeout(timer);
        stop();
        resolve(joined);
      };
    });
  }

  /** Disconnects for good (no reconnection). */
  close(): void {
    this.socket.close();
  }
}

function timeoutAck(): Ack {
  return { ok: false, error: protocolError('timeout') };
}

function isViewEvent(value: unknown): value is ViewEvent {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['roomId'] === 'string' &&
    typeof v['version'] === 'number' &&
    (v['seat'] === null || typeof v['seat'] === 'string') &&
    'view' in v
  );
}

/** A fresh seat token (32 random bytes, base64url) for a rematch seat, from the Web Crypto API. */
export function newSeatToken(): string {
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A random request id (128 bits, hex) from the Web Crypto API (browsers and Node ≥ 19). */
export function newRequestId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

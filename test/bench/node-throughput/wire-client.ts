/**
 * The latency driver's NATS client: the NATS text protocol spoken directly over one TCP socket
 * (CONNECT, PUB, SUB, MSG, PING/PONG), just what the driver uses — publish with a reply
 * subject, subscribe, and answer the server's pings.
 *
 * Why not nats.js, as every Veil service uses: the driver plays every player of 500 rooms in one
 * process and receives four messages per act (the ack and three views). Through nats.js that cost
 * it ~160 µs of CPU per act — a third of a core on a two-core machine shared with the servers it
 * measures — and, worse, it timestamps a view only when its turn comes among the messages that
 * arrived with it: after a grouped commit of 30 items, 120 messages at ~40 µs each put the last
 * view ~5 ms late in the driver itself (an estimate from the CPU per message). The instrument
 * should not add to what it measures. The driver reads each view's version without parsing the
 * whole view (view-version.ts), and each ack with `JSON.parse`.
 */
import { connect, type Socket } from 'node:net';

type OnMessage = (subject: string, payload: Buffer) => void;

const CRLF = Buffer.from('\r\n');

export class WireClient {
  private readonly subscriptions = new Map<number, OnMessage>();
  private nextSid = 1;
  private pending: Buffer = Buffer.alloc(0);
  private outbound: (string | Buffer)[] = [];
  private flushScheduled = false;
  private readonly pongs: (() => void)[] = [];
  /** Replies by request number, under this client's own inbox. */
  private readonly replies = new Map<number, (payload: Buffer) => void>();
  private nextRequest = 1;
  private readonly inbox = `_INBOX.bench${process.pid}${Date.now().toString(36)}`;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
  }

  /** Connects to `nats://host:port` and waits until the server has accepted the connection. */
  static async connect(url: string): Promise<WireClient> {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port) || 4222 });
    socket.setNoDelay(true);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    const client = new WireClient(socket);
    client.send(
      `CONNECT ${JSON.stringify({ verbose: false, pedantic: false, name: 'veil-bench-wire', lang: 'node', version: '0', protocol: 1 })}\r\n`,
    );
    client.subscribe(`${client.inbox}.*`, (subject, payload) => {
      const n = Number(subject.slice(client.inbox.length + 1));
      const reply = client.replies.get(n);
      if (!reply) return;
      client.replies.delete(n);
      reply(payload);
    });
    await client.flush();
    return client;
  }

  /** Subscribes; the function returned unsubscribes. */
  subscribe(subject: string, onMessage: OnMessage): () => void {
    const sid = this.nextSid++;
    this.subscriptions.set(sid, onMessage);
    this.send(`SUB ${subject} ${sid}\r\n`);
    return () => {
      this.subscriptions.delete(sid);
      this.send(`UNSUB ${sid}\r\n`);
    };
  }

  /** Publishes `data` (JSON) with a reply subject of this client's inbox; `onReply` gets the reply. */
  request(subject: string, data: unknown, onReply: (payload: Buffer) => void): void {
    const n = this.nextRequest++;
    this.replies.set(n, onReply);
    const payload = Buffer.from(JSON.stringify(data));
    this.send(`PUB ${subject} ${this.inbox}.${n} ${payload.length}\r\n`, payload, CRLF);
  }

  /** Resolves once the server has processed everything sent so far (a PING answered). */
  flush(): Promise<void> {
    return new Promise((resolve) => {
      this.pongs.push(resolve);
      this.send('PING\r\n');
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private send(...parts: (string | Buffer)[]): void {
    this.outbound.push(...parts);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // Everything sent in this turn of the event loop goes out in one write.
    queueMicrotask(() => {
      this.flushScheduled = false;
      const parts = this.outbound;
      this.outbound = [];
      this.socket.write(
        Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p))),
      );
    });
  }

  /** Parses whole protocol messages out of what arrived; keeps a partial one for the next chunk. */
  private receive(chunk: Buffer): void {
    const buffer = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    let at = 0;
    for (;;) {
      const lineEnd = buffer.indexOf(CRLF, at);
      if (lineEnd < 0) break;
      const line = buffer.toString('latin1', at, lineEnd);
      const withHeaders = line.startsWith('HMSG ');
      if (withHeaders || line.startsWith('MSG ')) {
        // MSG <subject> <sid> [reply-to] <#bytes>, HMSG … <#header bytes> <#total bytes>: the
        // headers (a handler's error status) are skipped, the body is delivered.
        const args = line.split(' ');
        const size = Number(args[args.length - 1]);
        const headerSize = withHeaders ? Number(args[args.length - 2]) : 0;
        const start = lineEnd + 2;
        if (buffer.length < start + size + 2) break; // the payload is still on its way
        const onMessage = this.subscriptions.get(Number(args[2]));
        onMessage?.(args[1] ?? '', buffer.subarray(start + headerSize, start + size));
        at = start + size + 2;
        continue;
      }
      at = lineEnd + 2;
      if (line === 'PING') this.send('PONG\r\n');
      else if (line === 'PONG') this.pongs.shift()?.();
      else if (line.startsWith('-ERR')) throw new Error(`NATS server: ${line}`);
      // INFO and +OK need nothing.
    }
    // A message cut by the end of the chunk waits for the rest.
    this.pending = buffer.subarray(at);
  }
}

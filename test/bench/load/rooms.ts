/**
 * The load's rooms: Netrunner, the Corp a "human" seat this process plays over NATS as a gateway
 * would (`veil.room.<id>.cmd`, a seeded random legal action from the Corp's own view), the Runner
 * a `random` bot played through the real AI worker. The driver paces the Corp's acts at a steady
 * target rate; the bot answers each Runner decision after its think time. Latency is the Corp's
 * act → the Corp's view of that version on NATS, the same measure as the stand-in floor's
 * (node-throughput/latency.ts). Every committed act, the bot's too, publishes a Corp view, so
 * counting those counts all actions.
 */
import { Rng } from '@veil/engine';
import { WireClient } from '../node-throughput/wire-client.js';
import { viewVersion } from '../node-throughput/view-version.js';
import { now, percentile, perSecondP99, round } from '../common/bench.js';

const TOKEN_HASH = 'f'.repeat(64);

interface CorpView {
  readonly deciders?: readonly string[];
  readonly legalActions?: readonly unknown[];
  readonly outcome?: unknown;
}

interface Payload {
  readonly version: number;
  readonly view: CorpView;
  readonly outcome?: unknown;
}

/** One room as the driver knows it: the Corp's latest view and its act in flight, if any. */
class Room {
  version = -1;
  view: CorpView | null = null;
  /** When the act in flight was sent, and the version it should make. */
  sentAt = 0;
  awaiting = 0;
  queued = false;
  over = false;
  constructor(
    readonly id: string,
    /** The game node that created the room and runs it. */
    readonly nodeId: string,
  ) {}
  get corpDecides(): boolean {
    return (
      !this.over &&
      this.awaiting === 0 &&
      (this.view?.deciders?.includes('corp') ?? false) &&
      (this.view?.legalActions?.length ?? 0) > 0
    );
  }
}

export interface StepFigures {
  /** Corp acts per second sent by the driver: the target and what went out. */
  targetCorpActsPerSecond: number;
  corpActsPerSecond: number;
  /** Every committed action (Corp and bot), from the Corp views published. */
  actionsPerSecond: number;
  botActionsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  ackP99Ms: number;
  measuredActs: number;
  /** The p99 of the acts sent in each second: stalls stand out as a few seconds far above. */
  secondP99Ms: number[];
  /** The p99 of the acts on each game node's rooms. */
  p99ByNodeMs: Record<string, number>;
  /** Ticks that found no room whose Corp was to act: the rooms, not the servers, held it back. */
  starved: number;
  errors: Record<string, number>;
  roomsReplaced: number;
}

export interface RoomSetOptions {
  natsUrl: string;
  prefix: string;
  seed: string;
  /** The moment of each act sent and each view seen, for spectators' latency. */
  onActSent?: (roomId: string, version: number, at: number) => void;
  /** A finished room was replaced: spectators of the old one move to the new one. */
  onReplaced?: (oldId: string, newId: string) => void;
}

/** The driver's rooms; `create` them, then `runStep` at each rate. */
export class RoomSet {
  readonly rooms = new Map<string, Room>();
  private readonly free: Room[] = [];
  private readonly rng: Rng;
  private created = 0;
  private replaced = 0;
  private actionsSeen = 0;
  private readonly latencies: number[] = [];
  /** [sent at, latency, node] of each measured act. */
  private readonly measured: [number, number, string][] = [];
  private readonly acks: number[] = [];
  private errors: Record<string, number> = {};
  private measuring = false;

  private constructor(
    private readonly wire: WireClient,
    private readonly options: RoomSetOptions,
  ) {
    this.rng = Rng.from(options.seed);
  }

  static async open(options: RoomSetOptions): Promise<RoomSet> {
    const wire = await WireClient.connect(options.natsUrl);
    const set = new RoomSet(wire, options);
    wire.subscribe('veil.room.*.view.corp', (subject, payload) => set.onView(subject, payload));
    await wire.flush();
    return set;
  }

  /** Creates `count` rooms, `concurrency` creations in flight, and fetches each Corp view. */
  async create(count: number, concurrency: number, onProgress: (n: number) => void): Promise<void> {
    let next = 0;
    let done = 0;
    const worker = async (): Promise<void> => {
      while (next < count) {
        next++;
        await this.createOne();
        if (++done % 500 === 0) onProgress(done);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }

  private async createOne(): Promise<Room> {
    const id = `${this.options.prefix}-${this.created++}`;
    const reply = await this.request('veil.rooms.create', {
      roomId: id,
      game: 'netrunner',
      seats: {
        corp: { kind: 'human', tokenHash: TOKEN_HASH },
        runner: { kind: 'bot', level: 'random' },
      },
      options: { seed: `${this.options.seed}:${id}` },
    });
    if (!reply['ok']) throw new Error(`room ${id} not created: ${JSON.stringify(reply)}`);
    const room = new Room(id, String(reply['nodeId']));
    this.rooms.set(id, room);
    const sync = await this.request(`veil.room.${id}.cmd`, { type: 'sync', viewer: 'corp' });
    const payload = sync['view'] as Payload | undefined;
    if (payload) this.adopt(room, payload);
    return room;
  }

  private request(subject: string, data: unknown): Promise<Record<string, unknown>> {
    return new Promise((resolve) => {
      this.wire.request(subject, data, (payload) => {
        resolve(JSON.parse(payload.toString()) as Record<string, unknown>);
      });
    });
  }

  private onView(subject: string, payload: Buffer): void {
    const at = now();
    const roomId = subject.split('.')[2] ?? '';
    const room = this.rooms.get(roomId);
    if (!room) return;
    const version = viewVersion(payload, roomId);
    if (version === undefined || version <= room.version) return;
    if (this.measuring) this.actionsSeen++;
    if (room.awaiting === version) {
      if (this.measuring) {
        this.latencies.push(at - room.sentAt);
        this.measured.push([room.sentAt, at - room.sentAt, room.nodeId]);
      }
      room.awaiting = 0;
    }
    this.adopt(room, JSON.parse(payload.toString()) as Payload);
  }

  private adopt(room: Room, payload: Payload): void {
    if (payload.version <= room.version) return;
    room.version = payload.version;
    room.view = payload.view;
    if (payload.outcome != null || payload.view.outcome != null) {
      room.over = true;
      this.replace(room);
      return;
    }
    if (room.corpDecides && !room.queued) {
      room.queued = true;
      this.free.push(room);
    }
  }

  /** A finished game gives way to a new room, as players start new games. */
  private replace(old: Room): void {
    this.rooms.delete(old.id);
    this.createOne().then(
      (room) => {
        this.replaced++;
        this.options.onReplaced?.(old.id, room.id);
      },
      (error: unknown) => this.count(`create: ${String(error).slice(0, 80)}`),
    );
  }

  private count(kind: string): void {
    this.errors[kind] = (this.errors[kind] ?? 0) + 1;
  }

  private send(room: Room): void {
    const legal = room.view?.legalActions ?? [];
    const action = this.rng.pick(legal);
    const version = room.version;
    const sent = now();
    room.sentAt = sent;
    room.awaiting = version + 1;
    this.options.onActSent?.(room.id, version + 1, sent);
    this.wire.request(
      `veil.room.${room.id}.cmd`,
      {
        type: 'act',
        seat: 'corp',
        version,
        action,
        requestId: `load-${room.id}-${version + 1}`,
      },
      (reply) => {
        const r = JSON.parse(reply.toString()) as {
          ok?: boolean;
          error?: { code?: string };
          view?: Payload;
        };
        if (r.ok) {
          if (this.measuring) this.acks.push(now() - sent);
          return;
        }
        this.count(r.error?.code ?? 'refused');
        room.awaiting = 0;
        // A stale version carries the current view: carry on from it.
        if (r.view) this.adopt(room, r.view);
        else if (room.corpDecides && !room.queued) {
          room.queued = true;
          this.free.push(room);
        }
      },
    );
  }

  /** Sends Corp acts at `rate` per second for `seconds`, to the room that has waited longest. */
  async runStep(rate: number, seconds: number): Promise<StepFigures> {
    this.latencies.length = 0;
    this.measured.length = 0;
    this.acks.length = 0;
    this.errors = {};
    this.actionsSeen = 0;
    const replacedBefore = this.replaced;
    this.measuring = true;
    const intervalMs = 1000 / rate;
    const start = now();
    let sent = 0;
    let starved = 0;
    await new Promise<void>((resolve) => {
      const pump = (): void => {
        const t = now();
        const due = Math.floor((t - start) / intervalMs) + 1;
        while (sent < due) {
          const room = this.free.shift();
          if (!room) {
            starved++;
            break;
          }
          room.queued = false;
          if (!room.corpDecides) continue; // moved on meanwhile (a stale view, a finished game)
          this.send(room);
          sent++;
        }
        if (t - start >= seconds * 1000) resolve();
        else setTimeout(pump, 1);
      };
      pump();
    });
    const wall = (now() - start) / 1000;
    // The acts still in flight finish; their views count to this step.
    await new Promise((r) => setTimeout(r, 1_000));
    this.measuring = false;
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const acks = [...this.acks].sort((a, b) => a - b);
    const lost = sent - this.latencies.length - sumValues(this.errors);
    if (lost > 0) this.errors['no view within 1 s of the step'] = lost;
    return {
      targetCorpActsPerSecond: rate,
      corpActsPerSecond: round(sent / wall, 1),
      actionsPerSecond: round(this.actionsSeen / wall, 1),
      botActionsPerSecond: round((this.actionsSeen - this.latencies.length) / wall, 1),
      p50Ms: round(percentile(sorted, 50), 2),
      p99Ms: round(percentile(sorted, 99), 2),
      ackP99Ms: round(percentile(acks, 99), 2),
      measuredActs: sorted.length,
      secondP99Ms: perSecondP99(
        this.measured.map(([sent, latency]) => [sent, latency]),
        start,
      ),
      p99ByNodeMs: this.p99ByNode(),
      starved,
      errors: this.errors,
      roomsReplaced: this.replaced - replacedBefore,
    };
  }

  private p99ByNode(): Record<string, number> {
    const byNode = new Map<string, number[]>();
    for (const [, latency, node] of this.measured) {
      const list = byNode.get(node) ?? [];
      list.push(latency);
      byNode.set(node, list);
    }
    return Object.fromEntries(
      [...byNode].map(([node, list]) => [
        node,
        round(
          percentile(
            list.sort((a, b) => a - b),
            99,
          ),
          2,
        ),
      ]),
    );
  }

  close(): void {
    this.wire.close();
  }
}

function sumValues(record: Record<string, number>): number {
  return Object.values(record).reduce((a, b) => a + b, 0);
}

/**
 * The load's spectator sockets: socket.io connections (websocket) to the one gateway, one per
 * room on the first rooms, each following its room to the replacement when the game ends. For
 * the driver's acts on a watched room, the time from the act to this spectator's view of that
 * version is recorded: the whole path a spectator sees (node → NATS → gateway → socket).
 */
import { connectSpectator, type VeilConnection } from '@veil/client';
import { now, percentile, progress, round } from '../common/bench.js';

/** Spectators connect this many at a time. */
const CONNECT_BATCH = 50;

export class Spectators {
  private readonly byRoom = new Map<string, VeilConnection>();
  private readonly sentAt = new Map<string, number>();
  private latencies: number[] = [];
  views = 0;
  failures = 0;

  constructor(private readonly url: string) {}

  get count(): number {
    return this.byRoom.size;
  }

  async connect(roomIds: readonly string[]): Promise<void> {
    for (let i = 0; i < roomIds.length; i += CONNECT_BATCH) {
      await Promise.all(roomIds.slice(i, i + CONNECT_BATCH).map((id) => this.watch(id)));
    }
  }

  private async watch(roomId: string): Promise<void> {
    try {
      const conn = await connectSpectator({ url: this.url, roomId, transports: ['websocket'] });
      this.byRoom.set(roomId, conn);
      conn.onView((event) => {
        this.views++;
        const key = `${roomId}:${event.version}`;
        const sent = this.sentAt.get(key);
        if (sent === undefined) return;
        this.sentAt.delete(key);
        this.latencies.push(now() - sent);
      });
    } catch (error) {
      if (this.failures++ === 0) progress(`load: a spectator did not connect: ${String(error)}`);
    }
  }

  /** The driver sent an act that makes `version` in `roomId`. */
  actSent(roomId: string, version: number, at: number): void {
    if (this.byRoom.has(roomId)) this.sentAt.set(`${roomId}:${version}`, at);
  }

  /** A watched room's game ended; its spectator goes to the new room. */
  replaced(oldId: string, newId: string): void {
    const conn = this.byRoom.get(oldId);
    if (!conn) return;
    conn.close();
    this.byRoom.delete(oldId);
    void this.watch(newId);
  }

  /** Act → spectator view since the last call, and views received; then starts over. */
  take(): { actToSpectatorP50Ms: number; actToSpectatorP99Ms: number; views: number } {
    const sorted = this.latencies.sort((a, b) => a - b);
    const figures = {
      actToSpectatorP50Ms: round(percentile(sorted, 50), 2),
      actToSpectatorP99Ms: round(percentile(sorted, 99), 2),
      views: this.views,
    };
    this.latencies = [];
    this.sentAt.clear();
    this.views = 0;
    return figures;
  }

  close(): void {
    for (const conn of this.byRoom.values()) conn.close();
    this.byRoom.clear();
  }
}

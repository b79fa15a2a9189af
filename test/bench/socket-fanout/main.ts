/**
 * Socket fan-out: how many views per second the gateway delivers to N spectators of a room,
 * and how long after an act the last spectator has the new view. Veil runs in its own process
 * (server.ts: gateway + game node embedded); this process drives Netrunner rooms through two
 * seat sockets (seeded random legal actions, one act in flight per room) and holds the
 * spectators' socket.io connections. See test/bench/README.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { connectSeat, connectSpectator, createRoom, type VeilConnection } from '@veil/client';
import { Rng } from '@veil/engine';
import type { ActionJson, ViewEvent } from '@veil/protocol';
import {
  count,
  cpuMs,
  now,
  percentile,
  progress,
  round,
  say,
  table,
  type BenchOptions,
  type Figures,
} from '../common/bench.js';

interface Sizes {
  rooms: number;
  /** One phase per entry: that many spectators on each room. */
  spectatorsPerRoom: readonly number[];
  secondsPerPhase: number;
}

const FULL: Sizes = { rooms: 4, spectatorsPerRoom: [1, 10, 50, 250], secondsPerPhase: 10 };
const QUICK: Sizes = { rooms: 2, spectatorsPerRoom: [1, 10, 100], secondsPerPhase: 3 };

/** Spectators connect this many at a time. */
const CONNECT_BATCH = 50;

interface SeatViewShape {
  readonly deciders?: readonly string[];
  readonly legalActions?: readonly ActionJson[];
  readonly outcome?: unknown;
}

/** One Netrunner room with two human seats driven by this process, and its spectators. */
class RoomDriver {
  views = 0;
  bytes = 0;
  acts = 0;
  activeMs = 0;
  readonly actToLastSpectator: number[] = [];
  readonly ackToLastSpectator: number[] = [];
  private seats: Record<string, VeilConnection> = {};
  private spectators: VeilConnection[] = [];

  constructor(
    private readonly url: string,
    private readonly spectatorCount: number,
    private readonly rng: Rng,
  ) {}

  async open(): Promise<void> {
    this.close();
    const created = await createRoom(this.url, {
      game: 'netrunner',
      seats: { corp: { type: 'human' }, runner: { type: 'human' } },
      options: { seed: this.rng.int(1_000_000) },
    });
    for (const [seat, { token }] of Object.entries(created.seats)) {
      this.seats[seat] = await connectSeat({
        url: this.url,
        roomId: created.roomId,
        token,
        transports: ['websocket'],
      });
    }
    for (let i = 0; i < this.spectatorCount; i += CONNECT_BATCH) {
      const batch = Math.min(CONNECT_BATCH, this.spectatorCount - i);
      this.spectators.push(
        ...(await Promise.all(
          Array.from({ length: batch }, () =>
            connectSpectator({ url: this.url, roomId: created.roomId, transports: ['websocket'] }),
          ),
        )),
      );
    }
  }

  /** Plays until `deadline`; a finished game is replaced by a new room (not timed). */
  async run(deadline: number): Promise<void> {
    while (now() < deadline) {
      const move = this.nextMove();
      if (!move) {
        await this.open();
        continue;
      }
      const started = now();
      const ack = await move.conn.act(move.action);
      if (!ack.ok) throw new Error(`act refused: ${ack.error.code}`);
      const acked = now();
      const seen = await Promise.all(
        this.spectators.map((s) => s.waitForView((v) => v.version >= ack.version)),
      );
      const done = now();
      this.acts += 1;
      this.views += seen.length;
      this.bytes += seen.length * Buffer.byteLength(JSON.stringify(seen[0] as ViewEvent));
      this.activeMs += done - started;
      this.actToLastSpectator.push(done - started);
      this.ackToLastSpectator.push(Math.max(0, done - acked));
    }
  }

  private nextMove(): { conn: VeilConnection; action: ActionJson } | null {
    for (const [seat, conn] of Object.entries(this.seats)) {
      const view = conn.view?.view as SeatViewShape | undefined;
      if (!view || view.outcome) return null;
      const legal = view.legalActions ?? [];
      if (view.deciders?.includes(seat) && legal.length > 0) {
        return { conn, action: this.rng.pick(legal) };
      }
    }
    return null;
  }

  close(): void {
    for (const conn of [...Object.values(this.seats), ...this.spectators]) conn.close();
    this.seats = {};
    this.spectators = [];
  }
}

async function startServer(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const server = fileURLToPath(new URL('./server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', server], {
    env: { ...process.env, VEIL_BENCH_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    lines.once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
  });
  return { url, child };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function phase(url: string, sizes: Sizes, spectatorsPerRoom: number): Promise<Figures> {
  const drivers = Array.from(
    { length: sizes.rooms },
    (_, i) => new RoomDriver(url, spectatorsPerRoom, Rng.from(`fanout-${spectatorsPerRoom}-${i}`)),
  );
  progress(`${sizes.rooms} rooms × ${spectatorsPerRoom} spectators: connecting`);
  for (const driver of drivers) await driver.open();
  progress(`${sizes.rooms} rooms × ${spectatorsPerRoom} spectators: ${sizes.secondsPerPhase} s`);
  const cpuBefore = cpuMs();
  const wallBefore = now();
  await Promise.all(drivers.map((d) => d.run(now() + sizes.secondsPerPhase * 1000)));
  const clientCpuShare = (cpuMs() - cpuBefore) / (now() - wallBefore);
  for (const driver of drivers) driver.close();

  const sorted = (pick: (d: RoomDriver) => number[]) => drivers.flatMap(pick).sort((a, b) => a - b);
  const actLatency = sorted((d) => d.actToLastSpectator);
  const ackLatency = sorted((d) => d.ackToLastSpectator);
  // Each room's rate over its own active time (new rooms after a finished game are not timed).
  const rate = (of: (d: RoomDriver) => number) =>
    drivers.reduce((sum, d) => sum + (d.activeMs > 0 ? (of(d) / d.activeMs) * 1000 : 0), 0);
  return {
    rooms: sizes.rooms,
    spectatorsPerRoom,
    spectators: sizes.rooms * spectatorsPerRoom,
    acts: drivers.reduce((s, d) => s + d.acts, 0),
    actsPerSecond: round(rate((d) => d.acts)),
    viewsPerSecond: round(rate((d) => d.views)),
    bytesPerSecond: round(rate((d) => d.bytes)),
    actToLastSpectatorP50Ms: round(percentile(actLatency, 50), 2),
    actToLastSpectatorP99Ms: round(percentile(actLatency, 99), 2),
    ackToLastSpectatorP50Ms: round(percentile(ackLatency, 50), 2),
    ackToLastSpectatorP99Ms: round(percentile(ackLatency, 99), 2),
    clientCpuShare: round(clientCpuShare, 2),
  };
}

export async function main(options: BenchOptions): Promise<Figures> {
  const sizes = options.quick ? QUICK : FULL;
  const dataDir = mkdtempSync(join(tmpdir(), 'veil-bench-fanout-'));
  progress(`socket-fanout: Veil embedded in a child process (PGlite in ${dataDir})`);
  const { url, child } = await startServer(dataDir);
  const phases: Figures[] = [];
  try {
    for (const n of sizes.spectatorsPerRoom) phases.push(await phase(url, sizes, n));
  } finally {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }

  for (const p of phases) {
    table(`${String(p['rooms'])} Netrunner rooms × ${String(p['spectatorsPerRoom'])} spectators`, [
      ['acts/s (all rooms)', count(p['actsPerSecond'] as number)],
      ['spectator views/s delivered', count(p['viewsPerSecond'] as number)],
      ['spectator bytes/s', count(p['bytesPerSecond'] as number)],
      [
        'act → last spectator p50 / p99',
        `${String(p['actToLastSpectatorP50Ms'])} / ${String(p['actToLastSpectatorP99Ms'])} ms`,
      ],
      [
        'ack → last spectator p50 / p99',
        `${String(p['ackToLastSpectatorP50Ms'])} / ${String(p['ackToLastSpectatorP99Ms'])} ms`,
      ],
      ['client process CPU share', String(p['clientCpuShare'])],
    ]);
  }
  say(
    'Views are the public view of each new version; the spectators also receive log events, ' +
      'not counted here.',
  );
  return { phases };
}

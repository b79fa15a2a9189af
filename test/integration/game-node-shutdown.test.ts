import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestDatabase,
  describeWithServices,
  freePort,
  locateNatsServer,
  startProcess,
  type ManagedProcess,
} from '../support/index.js';
import {
  connectClient,
  createParlorRoom,
  openDb,
  startGameNodeProcess,
} from './game-node-support.js';

// SIGTERM ends a game node even when its NATS server is gone (docs/operations.md, "Stopping"):
// the node hands its rooms back through Postgres, which still answers, and exits instead of
// waiting for NATS to return. The node has a nats-server of its own, so stopping it disturbs
// no other test.

const ROOMS = 3;

async function startNats(nats: string, port: number): Promise<ManagedProcess> {
  const storeDir = await mkdtemp(join(tmpdir(), 'veil-shutdown-nats-'));
  const child = await startProcess({
    name: 'nats-server (game-node-shutdown)',
    command: nats,
    args: ['-a', '127.0.0.1', '-p', String(port), '-sd', storeDir],
  });
  void child.exited.then(() => rm(storeDir, { recursive: true, force: true }));
  await child.waitForOutput(/Server is ready/);
  return child;
}

type NatsFault = 'stopped' | 'paused';

describeWithServices('game node: SIGTERM with NATS unreachable', () => {
  let db: pg.Client;
  let natsBinary: string;
  let databaseUrl: string;
  const children: ManagedProcess[] = [];

  beforeAll(async () => {
    const located = locateNatsServer();
    if ('missing' in located) throw new Error(located.missing);
    natsBinary = located.found;
    databaseUrl = await createTestDatabase('game_shutdown');
    db = await openDb(databaseUrl);
  });

  afterAll(async () => {
    for (const child of children) {
      if (!child.exitInfo()) process.kill(child.pid, 'SIGCONT');
      await child.stop(1_000);
    }
    await db?.end();
  });

  // `stopped`: nats-server exits (connection refused, the node reconnects in a loop);
  // `paused`: SIGSTOP, so the TCP connection stays up and nothing is ever answered.
  it.each<NatsFault>(['stopped', 'paused'])(
    'exits 0 and hands its rooms back through Postgres when NATS is %s',
    async (fault) => {
      const port = await freePort();
      const natsUrl = `nats://127.0.0.1:${port}`;
      const nats = await startNats(natsBinary, port);
      children.push(nats);
      const nodeId = `game-shutdown-${fault}`;
      const node = await startGameNodeProcess(nodeId, { databaseUrl, natsUrl });
      children.push(node);
      const client = await connectClient(natsUrl, 'shutdown-test');
      for (let i = 0; i < ROOMS; i += 1) await createParlorRoom(client, `shutdown-${fault}-${i}`);
      await client.close();
      const held = await db.query<{ n: number }>(
        'select count(*)::int as n from rooms where lease_owner = $1',
        [nodeId],
      );
      expect(held.rows[0]?.n).toBe(ROOMS);

      if (fault === 'stopped') await nats.stop();
      else process.kill(nats.pid, 'SIGSTOP');
      const signalledAt = Date.now();
      process.kill(node.pid, 'SIGTERM');
      // Before the shutdown bound the node waited for NATS forever: the test timed out here.
      const exit = await node.exited;
      console.log(
        `[game-node shutdown] NATS ${fault}: exited ${Date.now() - signalledAt} ms after SIGTERM`,
      );
      expect(exit).toEqual({ code: 0, signal: null });
      // No lease of its own left running. (Its rooms wait for their first seat, so they are not
      // released but left with a lease run out, for a peer's sweep: docs/operations.md, "Rooms
      // nobody joins".)
      const left = await db.query<{ n: number }>(
        'select count(*)::int as n from rooms where lease_owner = $1 and lease_until > now()',
        [nodeId],
      );
      expect(left.rows[0]?.n).toBe(0);
    },
  );
});

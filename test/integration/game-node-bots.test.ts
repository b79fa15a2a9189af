import type { Bus } from '@veil/bus';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestDatabase,
  describeWithServices,
  services,
  waitForReady,
  type ManagedProcess,
} from '../support/index.js';
import {
  act,
  connectClient,
  createParlorRoom,
  openDb,
  startAiWorkerProcess,
  startGameNodeProcess,
  syncView,
  TOKEN_HASH,
} from './game-node-support.js';

// A human against a bot seat, with the game node and two AI workers as child processes.

describeWithServices('game node with AI workers', () => {
  let db: pg.Client;
  let client: Bus;
  let node: ManagedProcess;
  const workers: ManagedProcess[] = [];

  beforeAll(async () => {
    const { natsUrl } = services();
    const databaseUrl = await createTestDatabase('game_bots');
    db = await openDb(databaseUrl);
    node = await startGameNodeProcess('bots-node', { databaseUrl, natsUrl });
    for (const id of ['ai-1', 'ai-2']) workers.push(await startAiWorkerProcess(id, natsUrl));
    client = await connectClient(natsUrl, 'bots-test');
  });

  afterAll(async () => {
    await client?.close();
    await Promise.all([node, ...workers].map((p) => p?.stop()));
    await db?.end();
  });

  it('plays a bot seat through the workers to the end of the game', async () => {
    const roomId = 'bots-1';
    await createParlorRoom(
      client,
      roomId,
      { seed: 11, gameOptions: { turns: 8 } },
      {
        p1: { kind: 'human', tokenHash: TOKEN_HASH },
        p2: { kind: 'bot', level: 'random' },
      },
    );
    let humanMoves = 0;
    for (let i = 0; i < 200; i += 1) {
      const { version, view } = await syncView(client, roomId, 'p1');
      if (view.phase === 'over') break;
      const action = view.legalActions?.find((a) => a.type === 'end') ?? view.legalActions?.[0];
      if (!action) {
        // The bot is deciding: wait (bounded) for the version to move.
        await waitForReady(
          `bot move at ${version}`,
          async () => {
            if ((await syncView(client, roomId, 'p1')).version === version) throw new Error('no');
          },
          { timeoutMs: 15_000 },
        );
        continue;
      }
      const reply = await act(client, roomId, 'p1', version, action, `human-${i}`);
      if (reply.ok) humanMoves += 1;
    }
    const room = await db.query<{ status: string }>('select status from rooms where id = $1', [
      roomId,
    ]);
    expect(room.rows[0]?.status).toBe('finished');
    const bots = await db.query<{ n: number }>(
      "select count(*)::int as n from room_events where room_id = $1 and seat = 'p2'",
      [roomId],
    );
    expect(humanMoves).toBeGreaterThan(0);
    expect(bots.rows[0]?.n).toBeGreaterThan(0);
    // Every bot move came from a worker: the node never needed its fallback.
    expect(node.output()).not.toContain('bot fallback');
  });
});

import { connectSeat, connectSpectator, createRoom, type VeilConnection } from '@veil/client';
import { PRODUCTION_GAMES } from '@veil/game-registry';
import { CONCEDE_ACTION, type ChatLine } from '@veil/protocol';
import { describe, expect, it } from 'vitest';
import { useTestWorld, type TestWorld } from './test-world.js';

// A player leaves a table of more than two seats (docs/protocol.md, "Concede"): a bot takes the
// seat at the table's bot level and the others play on; the leaver's token acts no more and is
// shown the seat no more. The last player to leave ends the room.

const FACTIONS = ['atreides', 'emperor', 'fremen', 'harkonnen'] as const;
const HUMANS = ['atreides', 'emperor', 'fremen'] as const;

let world: TestWorld;
const open = useTestWorld(
  {
    games: PRODUCTION_GAMES.filter((entry) => entry.module.id === 'dune'),
  },
  (started) => (world = started),
);

async function connected(c: Promise<VeilConnection>): Promise<VeilConnection> {
  const connection = await c;
  open.push(connection);
  await connection.waitForView(() => true);
  return connection;
}

/** Concedes; while bots move the room on, a concession may meet a newer version: again then. */
async function leave(c: VeilConnection): Promise<Awaited<ReturnType<VeilConnection['concede']>>> {
  for (let tries = 0; ; tries++) {
    const ack = await c.concede();
    if (ack.ok || ack.error.code !== 'stale_version' || tries === 20) return ack;
  }
}

describe('leaving a table of more than two seats', () => {
  it('hands the seat to a bot, the others play on, and the last player’s leaving ends the room', async () => {
    const created = await createRoom(world.url, {
      game: 'dune',
      seats: {
        ...Object.fromEntries(HUMANS.map((f) => [f, { type: 'human' as const }])),
        harkonnen: { type: 'bot', level: 'random' },
      },
      options: { seed: 5, gameOptions: { factions: [...FACTIONS] } },
    });
    const { roomId } = created;
    const seat = (f: string) =>
      connected(connectSeat({ url: world.url, roomId, token: created.seats[f]?.token ?? '' }));
    const [atreides, emperor, fremen] = await Promise.all(HUMANS.map(seat));
    if (!atreides || !emperor || !fremen) throw new Error('seats not connected');
    const watcher = await connected(connectSpectator({ url: world.url, roomId }));
    const summary = async () =>
      (await (await fetch(`${world.url}/api/rooms/${roomId}`)).json()) as {
        status: string;
        seats: Record<string, unknown>;
        outcome?: unknown;
      };

    // The Fremen leave: their seat is the bot's now, at the level of the table's bot.
    expect(await leave(fremen)).toEqual({ ok: true, version: 1 });
    expect(await summary()).toMatchObject({
      status: 'active',
      seats: { fremen: { type: 'bot', level: 'random' }, atreides: { type: 'human' } },
    });
    const handed = (l: ChatLine) => l.kind === 'system' && l.event === 'handed_to_bot';
    for (const c of [atreides, watcher]) {
      expect(await c.waitForChat(handed)).toMatchObject({
        channel: 'table',
        seat: 'fremen',
        level: 'random',
      });
    }

    // The bot plays the seat: the setup's choices need the Fremen too, and the room goes on.
    const stored = async () => (await world.store.load(roomId, { snapshotBefore: 1 }))?.events;
    const deadline = Date.now() + 60_000;
    while (!(await stored())?.some((e) => e.seat === 'fremen' && e.version > 1)) {
      if (Date.now() > deadline) throw new Error('the Fremen bot never played');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await stored())?.[0]).toMatchObject({
      seat: 'fremen',
      action: { type: 'handed_to_bot', level: 'random' },
    });

    // The leaver's token is shown the seat no more (its last view is the one before it left),
    // acts no more, cannot leave again, and cannot join again.
    const played = (await stored())?.find((e) => e.seat === 'fremen' && e.version > 1);
    await atreides.waitForView((v) => v.version >= (played?.version ?? Infinity));
    expect(fremen.version).toBe(0);
    const legal = (atreides.view?.view as { legalActions?: unknown[] }).legalActions ?? [];
    for (const action of [legal[0], CONCEDE_ACTION]) {
      expect(await fremen.act(action as never, { version: 0 })).toMatchObject({
        ok: false,
        error: { code: 'forbidden' },
      });
    }
    expect(fremen.version).toBe(0);
    const again = await connectSeat({
      url: world.url,
      roomId,
      token: created.seats['fremen']?.token ?? '',
    }).then(
      (c) => (open.push(c), 'connected'),
      () => 'refused',
    );
    expect(again).toBe('refused');

    // The Emperor leave too; then the Atreides, the last player: the room ends, the others win.
    expect(await leave(emperor)).toMatchObject({ ok: true });
    expect(await leave(atreides)).toMatchObject({ ok: true });
    // (Winners in the stored seats' order, which is the database's.)
    const outcome = { winners: ['emperor', 'fremen', 'harkonnen'], reason: 'conceded' };
    const ended = (await watcher.waitForView((v) => v.outcome !== undefined)).outcome;
    expect({ ...ended, winners: [...(ended?.winners ?? [])].sort() }).toEqual(outcome);
    expect(await summary()).toMatchObject({
      status: 'finished',
      outcome: ended,
      seats: { emperor: { type: 'bot', level: 'random' }, atreides: { type: 'human' } },
    });
  });
});

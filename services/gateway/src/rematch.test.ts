import {
  connectSeat,
  connectSpectator,
  createRoom,
  newSeatToken,
  type VeilConnection,
} from '@veil/client';
import { describe, expect, it } from 'vitest';
import { useTestWorld, type TestWorld } from './test-world.js';

// A rematch through the real gateway and node (docs/protocol.md, "Rematch").

let world: TestWorld;
const open = useTestWorld({}, (started) => (world = started));

async function connected(c: Promise<VeilConnection>): Promise<VeilConnection> {
  const connection = await c;
  open.push(connection);
  return connection;
}

const DECKS = {
  corpDeck: 'sg-tutorial-syndicate-intermediate',
  runnerDeck: 'sg-tutorial-catalyst-intermediate',
};

describe('rematch', () => {
  it('makes a new room with the sides swapped and the same decks once both seats are in', async () => {
    const created = await createRoom(world.url, {
      game: 'netrunner',
      seats: { corp: { type: 'human' }, runner: { type: 'human' } },
      options: { gameOptions: DECKS },
    });
    const { roomId } = created;
    const token = (seat: string) => created.seats[seat]?.token ?? '';
    const corp = await connected(connectSeat({ url: world.url, roomId, token: token('corp') }));
    const runner = await connected(connectSeat({ url: world.url, roomId, token: token('runner') }));
    const watcher = await connected(connectSpectator({ url: world.url, roomId }));
    const mine = newSeatToken();
    const theirs = newSeatToken();

    // Not before the game is over, and never by a spectator or with a malformed token.
    expect(await corp.rematch(mine)).toMatchObject({
      ok: false,
      error: { code: 'illegal_action' },
    });
    expect(await watcher.rematch(mine)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await corp.rematch('short')).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    });

    expect((await runner.concede()).ok).toBe(true);
    expect(await corp.rematch(mine)).toMatchObject({ ok: true });
    const offered = await runner.waitForChat(
      (l) => l.kind === 'system' && l.event === 'rematch_offered',
    );
    expect(offered).toMatchObject({ seat: 'corp', channel: 'table' });
    expect(await runner.rematch(theirs)).toMatchObject({ ok: true });
    const made = await watcher.waitForChat((l) => l.kind === 'system' && l.event === 'rematch');
    expect(made).toMatchObject({ seat: 'runner' });
    const next = made.kind === 'system' ? (made.room ?? '') : '';
    expect(next).not.toBe('');
    // Asking again changes nothing.
    expect(await corp.rematch(newSeatToken())).toMatchObject({ ok: true });

    // Each player's own token opens the other side of the new room.
    const wasCorp = await connected(connectSeat({ url: world.url, roomId: next, token: mine }));
    const wasRunner = await connected(connectSeat({ url: world.url, roomId: next, token: theirs }));
    expect([wasCorp.seat, wasRunner.seat]).toEqual(['runner', 'corp']);
    const old = await world.store.load(roomId);
    const fresh = await world.store.load(next);
    const options = (o: unknown) => o as { gameOptions?: unknown; seed?: unknown };
    expect(options(fresh?.room.options).gameOptions).toEqual(DECKS);
    expect(options(fresh?.room.options).seed).not.toEqual(options(old?.room.options).seed);
    expect(fresh?.room.status).toBe('active');
  });

  it('a bot seat accepts at once and keeps its level on the other side', async () => {
    const created = await createRoom(world.url, {
      game: 'netrunner',
      seats: { corp: { type: 'human' }, runner: { type: 'bot', level: 'random' } },
    });
    const { roomId } = created;
    const corp = await connected(
      connectSeat({ url: world.url, roomId, token: created.seats['corp']?.token ?? '' }),
    );
    expect((await corp.concede()).ok).toBe(true);
    const mine = newSeatToken();
    expect(await corp.rematch(mine)).toMatchObject({ ok: true });
    const made = await corp.waitForChat((l) => l.kind === 'system' && l.event === 'rematch');
    const next = made.kind === 'system' ? (made.room ?? '') : '';
    const summary = (await (await fetch(`${world.url}/api/rooms/${next}`)).json()) as {
      seats: unknown;
    };
    expect(summary.seats).toMatchObject({
      corp: { type: 'bot', level: 'random' },
      runner: { type: 'human' },
    });
    const again = await connected(connectSeat({ url: world.url, roomId: next, token: mine }));
    expect(again.seat).toBe('runner');
  });
});

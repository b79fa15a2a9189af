import { connectSeat, connectSpectator, createRoom, type VeilConnection } from '@veil/client';
import { gameRegistry, loadRoomState } from '@veil/game';
import { netrunner } from '@veil/netrunner';
import { CONCEDE_ACTION, type ChatLine, type ViewEvent } from '@veil/protocol';
import { describe, expect, it } from 'vitest';
import { useTestWorld, type TestWorld } from './test-world.js';

// A seat concedes through the real gateway and node (docs/protocol.md, "Concede").

let world: TestWorld;
// A finished room is let go quickly, so a test can see a conceded room loaded again.
const open = useTestWorld({ node: { finishedUnloadMs: 100 } }, (started) => (world = started));

async function connected(c: Promise<VeilConnection>): Promise<VeilConnection> {
  const connection = await c;
  open.push(connection);
  await connection.waitForView(() => true);
  return connection;
}

const conceded = (view: ViewEvent) => view.outcome !== undefined;

describe('concede', () => {
  it('ends the room: the other seat wins, acts get game_over, spectators and the lobby see it', async () => {
    const created = await createRoom(world.url, {
      game: 'netrunner',
      seats: { corp: { type: 'human' }, runner: { type: 'human' } },
    });
    const { roomId } = created;
    const token = (seat: string) => created.seats[seat]?.token ?? '';
    const corp = await connected(connectSeat({ url: world.url, roomId, token: token('corp') }));
    const runner = await connected(connectSeat({ url: world.url, roomId, token: token('runner') }));
    const watcher = await connected(connectSpectator({ url: world.url, roomId }));
    const before = corp.view;
    const corpMove = (before?.view as { legalActions?: unknown[] }).legalActions?.[0];
    expect(corpMove).toBeDefined();

    // The runner concedes although the game waits on the corp.
    expect(await runner.concede()).toEqual({ ok: true, version: 1 });
    const outcome = { winners: ['corp'], reason: 'conceded' };
    for (const c of [corp, runner, watcher]) {
      expect((await c.waitForView(conceded)).outcome).toEqual(outcome);
    }

    // Nothing moves any more: the corp's move that was legal, and a second concession.
    expect(await corp.act(corpMove as never)).toMatchObject({
      ok: false,
      error: { code: 'game_over' },
    });
    expect(await corp.act(CONCEDE_ACTION)).toMatchObject({
      ok: false,
      error: { code: 'game_over' },
    });

    // The table chat says so, to the seats and to the spectators reading it.
    const said = (l: ChatLine) => l.kind === 'system' && l.event === 'conceded';
    for (const c of [corp, watcher]) {
      expect(await c.waitForChat(said)).toMatchObject({ channel: 'table', seat: 'runner' });
    }

    // The lobby's summary is finished with the same outcome; a new viewer is shown it too.
    const summary = (await (await fetch(`${world.url}/api/rooms/${roomId}`)).json()) as unknown;
    expect(summary).toMatchObject({ status: 'finished', outcome });
    const late = await connected(connectSpectator({ url: world.url, roomId }));
    expect(late.view?.outcome).toEqual(outcome);

    // Stored as the room's last event (a load replays it), by the seat that conceded.
    const stored = await world.store.load(roomId);
    expect(stored?.events.at(-1)).toMatchObject({ seat: 'runner', action: { type: 'concede' } });
    expect(stored?.snapshot.version).toBeLessThan(1);
    // What a node that loads the room again knows: the seat that conceded, at version 1.
    const loaded = await loadRoomState(world.store, gameRegistry([netrunner]), roomId);
    expect({ conceded: loaded.conceded, version: loaded.version }).toEqual({
      conceded: 'runner',
      version: 1,
    });
  });

  it('a spectator cannot concede, and a concession with more fields is no concession', async () => {
    const created = await createRoom(world.url, {
      game: 'netrunner',
      seats: { corp: { type: 'human' }, runner: { type: 'human' } },
    });
    const { roomId } = created;
    const runner = await connected(
      connectSeat({ url: world.url, roomId, token: created.seats['runner']?.token ?? '' }),
    );
    const watcher = await connected(connectSpectator({ url: world.url, roomId }));
    expect(await watcher.act(CONCEDE_ACTION)).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    // Not the room's concession, so the game's rules judge it (and the runner does not decide).
    expect(await runner.act({ type: 'concede', seat: 'corp' })).toMatchObject({ ok: false });
    const summary = (await (await fetch(`${world.url}/api/rooms/${roomId}`)).json()) as unknown;
    expect(summary).toMatchObject({ status: 'active', version: 0 });
  });

  it('a conceded room the node let go is loaded again as conceded', async () => {
    const created = await createRoom(world.url, {
      game: 'netrunner',
      seats: { corp: { type: 'human' }, runner: { type: 'human' } },
    });
    const { roomId } = created;
    const corp = await connected(
      connectSeat({ url: world.url, roomId, token: created.seats['corp']?.token ?? '' }),
    );
    const move = (corp.view?.view as { legalActions?: unknown[] }).legalActions?.[0];
    expect(await corp.concede()).toEqual({ ok: true, version: 1 });
    await corp.waitForView(conceded);
    corp.close();
    // Bounded by the test's timeout: the node unloads a quiet finished room.
    while (world.node.rooms().includes(roomId)) await new Promise((r) => setTimeout(r, 50));

    const late = await connected(connectSpectator({ url: world.url, roomId }));
    expect(late.view?.outcome).toEqual({ winners: ['runner'], reason: 'conceded' });
    const again = await connected(
      connectSeat({ url: world.url, roomId, token: created.seats['corp']?.token ?? '' }),
    );
    expect(again.view?.outcome).toEqual({ winners: ['runner'], reason: 'conceded' });
    expect(await again.act(move as never)).toMatchObject({
      ok: false,
      error: { code: 'game_over' },
    });
  });
});

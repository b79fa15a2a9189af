import type { Bus, InProcessBroker } from '@veil/bus';
import { parlorGame } from '@veil/parlor';
import {
  aiRequestSubject,
  placeReplySchema,
  protocolError,
  ROOMS_PLACE_SUBJECT,
  type RoomCommand,
} from '@veil/protocol';
import type { RoomStore } from '@veil/store';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from './clock-source.js';
import { startGameNode, type GameNode, type GameNodeOptions } from './game-node.js';
import { gameRegistry } from './game-registry.js';
import { sendRoomCommand } from './room-client.js';
import { createParlorRoom, eventually, useMemoryWorld } from './test-support.js';

// Rooms nobody joins (unjoined-rooms.ts) with a fake clock: the node reads the time and sets the
// timer that abandons a room only through `ClockSource`, so the test moves time by hand.

const games = gameRegistry([parlorGame]);
const ABANDON_MS = 10 * 60_000;
// Each test's clock starts at the wall time, like the store's clock, which dates the rooms'
// creation that the deadline counts from.
/** Well past a room's deadline (the room was created a moment after the clock's start). */
const PAST_DEADLINE = ABANDON_MS + 60_000;

describe('rooms nobody joins (fake clock, in-process bus, PGlite)', () => {
  let broker: InProcessBroker;
  let store: RoomStore;
  let client: Bus;
  const nodes: GameNode[] = [];

  async function node(nodeId: string, clock: ManualClock, options: Partial<GameNodeOptions> = {}) {
    const started = await startGameNode({
      nodeId,
      store,
      bus: broker.connect(),
      games,
      leaseTtlMs: 60_000,
      clock,
      abandonUnjoinedMs: ABANDON_MS,
      ...options,
    });
    nodes.push(started);
    return started;
  }

  const status = async (roomId: string) => (await store.roomSummary(roomId))?.status;
  const send = (roomId: string, command: RoomCommand) =>
    sendRoomCommand(client, roomId, command, { deadlineMs: 10_000 });
  const join = (roomId: string, viewer: string) =>
    send(roomId, { type: 'join', viewer, connectionId: `conn-${viewer}` });
  /**
   * A spectator's sync: no player, so it does not keep the room. Its answer also means every
   * command queued before it ran, a check fired by the clock included (one queue per room).
   */
  const watch = (roomId: string) => send(roomId, { type: 'sync', viewer: 'spectator' });
  const gameOver = { ok: false, error: protocolError('game_over') };

  useMemoryWorld((world) => ({ broker, store, client } = world));

  afterEach(async () => {
    await Promise.all(nodes.splice(0).map((n) => n.stop()));
  });

  it('abandons a room no seat joined once its time is up, and never serves it again', async () => {
    const clock = new ManualClock(Date.now());
    const started = await node('n-unjoined', clock);
    await createParlorRoom(client, 'unjoined');
    clock.advance(ABANDON_MS - 60_000);
    expect(await watch('unjoined')).toMatchObject({ ok: true });
    expect(await status('unjoined')).toBe('active');
    expect(started.rooms()).toEqual(['unjoined']);

    clock.advance(2 * 60_000);
    // Abandoned before this command ran: it is refused like every later one.
    expect(await watch('unjoined')).toEqual(gameOver);
    expect(await status('unjoined')).toBe('abandoned');
    await eventually(() => started.rooms().length === 0);
    expect(await store.leaseState('unjoined')).toMatchObject({ owner: null });
    const inPlay = await store.listRooms({ status: ['waiting', 'active'], limit: 1000 });
    expect(inPlay.map((r) => r.id)).not.toContain('unjoined');

    // A late join: a clear refusal, and the room is not loaded again (nor its lease kept).
    expect(await join('unjoined', 'p1')).toEqual(gameOver);
    expect(
      placeReplySchema.parse(await client.request(ROOMS_PLACE_SUBJECT, { roomId: 'unjoined' })),
    ).toEqual(gameOver);
    expect(started.rooms()).toEqual([]);
    expect(await store.leaseState('unjoined')).toMatchObject({ owner: null });
  });

  it('keeps a room once any seat has joined or acted in it', async () => {
    const clock = new ManualClock(Date.now());
    const started = await node('n-joined', clock);
    await createParlorRoom(client, 'joined');
    await createParlorRoom(client, 'synced');
    expect(await join('joined', 'p2')).toMatchObject({ ok: true });
    expect(await send('synced', { type: 'sync', viewer: 'p1' })).toMatchObject({ ok: true });
    clock.advance(PAST_DEADLINE);
    for (const roomId of ['joined', 'synced']) {
      expect(await watch(roomId)).toMatchObject({ ok: true });
      expect(await status(roomId)).toBe('active');
    }
    expect(started.rooms().sort()).toEqual(['joined', 'synced']);
  });

  it('never abandons a room of bots only', async () => {
    // An AI worker that never answers: the bots' room waits at its first move the whole test.
    await client.subscribe(aiRequestSubject('parlor'), () => undefined);
    const clock = new ManualClock(Date.now());
    const started = await node('n-bots', clock, { bots: { timeoutMs: 60_000 } });
    await createParlorRoom(client, 'bots-only', {
      seats: { p1: { kind: 'bot', level: 'random' }, p2: { kind: 'bot', level: 'random' } },
    });
    clock.advance(PAST_DEADLINE);
    expect(await watch('bots-only')).toMatchObject({ ok: true, version: 0 });
    expect(await status('bots-only')).toBe('active');
    expect(started.rooms()).toEqual(['bots-only']);
  });

  it('after a takeover: keeps a room a seat joined on the old node, abandons one nobody joined', async () => {
    const clock = new ManualClock(Date.now());
    const old = await node('n-old', clock, { leaseTtlMs: 200 });
    await createParlorRoom(client, 'moved-joined');
    await createParlorRoom(client, 'moved-unjoined');
    expect(await join('moved-joined', 'p1')).toMatchObject({ ok: true });
    await old.stop(); // a crash: the leases stay until they expire
    const taker = await node('n-taker', clock);
    // Loaded by the new node (its sweep, or this placement once the old lease expired).
    for (const roomId of ['moved-joined', 'moved-unjoined']) {
      expect(await watch(roomId)).toMatchObject({ ok: true });
    }
    expect(taker.rooms().sort()).toEqual(['moved-joined', 'moved-unjoined']);
    clock.advance(PAST_DEADLINE);
    // The joined room's seat came on the old node: the table chat says so.
    expect(await watch('moved-joined')).toMatchObject({ ok: true });
    expect(await status('moved-joined')).toBe('active');
    expect(await watch('moved-unjoined')).toEqual(gameOver);
    expect(await status('moved-unjoined')).toBe('abandoned');
  });

  it('abandons on load a room nobody joined whose time ran out while no node ran it', async () => {
    const clock = new ManualClock(Date.now());
    const old = await node('n-gone', clock, { leaseTtlMs: 200 });
    await createParlorRoom(client, 'late-load');
    await old.stop();
    clock.advance(PAST_DEADLINE);
    const next = await node('n-next', clock);
    // The join that makes a node load it is too late: the room is abandoned before it serves.
    expect(await join('late-load', 'p1')).toEqual(gameOver);
    expect(await status('late-load')).toBe('abandoned');
    expect(next.rooms()).toEqual([]);
    expect(await store.leaseState('late-load')).toMatchObject({ owner: null });
  });

  it("a drained node leaves a room still waiting for its first seat to a peer's sweep", async () => {
    const clock = new ManualClock(Date.now());
    const draining = await node('n-drain', clock);
    await createParlorRoom(client, 'drained');
    await draining.drain();
    // Not released (nothing would load it again) but run out, in the drained node's name.
    expect(await store.leaseState('drained')).toMatchObject({ owner: 'n-drain', expired: true });
    const peer = await node('n-peer', clock, { leaseSweepMs: 50 });
    await eventually(() => peer.rooms().includes('drained'));
    clock.advance(PAST_DEADLINE);
    expect(await watch('drained')).toEqual(gameOver);
    expect(await status('drained')).toBe('abandoned');
  });

  it("a drained node leaves a room of bots only, a bot to move, to a peer's sweep", async () => {
    // An AI worker that never answers: the bot's move is still pending when the node drains.
    const silent = await client.subscribe(aiRequestSubject('parlor'), () => undefined);
    const clock = new ManualClock(Date.now());
    const draining = await node('n-drain-bots', clock, { bots: { timeoutMs: 60_000 } });
    await createParlorRoom(client, 'drained-bots', {
      seats: { p1: { kind: 'bot', level: 'random' }, p2: { kind: 'bot', level: 'random' } },
    });
    expect(await watch('drained-bots')).toMatchObject({ ok: true, version: 0 });
    await draining.drain();
    // Released, nothing would load it again: no player comes to a room of bots.
    expect(await store.leaseState('drained-bots')).toMatchObject({
      owner: 'n-drain-bots',
      expired: true,
    });
    await silent.unsubscribe();
    // No worker now: the peer's bots fall back to random moves, and the game goes on.
    const peer = await node('n-peer-bots', clock, { leaseSweepMs: 50, bots: { attempts: 1 } });
    await eventually(() => peer.rooms().includes('drained-bots'));
    await eventually(async () => ((await store.load('drained-bots'))?.room.version ?? 0) > 0);
  });
});

import type { Bus, InProcessBroker } from '@veil/bus';
import { parlorGame } from '@veil/parlor';
import {
  ROOMS_REPLAY_SUBJECT,
  type ReplayReply,
  type RoomCommandReply,
  type SeatClocks,
} from '@veil/protocol';
import type { RoomStore } from '@veil/store';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from './clock-source.js';
import { ARRIVAL_GRACE_SECONDS } from './seat-clock.js';
import { startGameNode, type GameNode } from './game-node.js';
import { gameRegistry } from './game-registry.js';
import { sendRoomCommand } from './room-client.js';
import { createParlorRoom, eventually, TOKEN_HASH, useMemoryWorld } from './test-support.js';

// Time controls (docs/architecture.md, "Time controls") on Parlor rooms, with a fake clock: the
// node reads its time and sets its flag timers only through `ClockSource`, so the test moves
// time by hand and nothing waits on real time.

const games = gameRegistry([parlorGame]);
const START = 1_700_000_000_000;

interface Seen {
  readonly version: number;
  readonly clocks: SeatClocks | undefined;
  readonly deciders: string[];
  readonly legal: { type: string }[];
  readonly outcome: unknown;
}

describe('time controls (fake clock, in-process bus, PGlite)', () => {
  let broker: InProcessBroker;
  let store: RoomStore;
  let client: Bus;
  const nodes: GameNode[] = [];

  async function node(nodeId: string, clock: ManualClock, leaseTtlMs = 60_000) {
    const started = await startGameNode({
      nodeId,
      store,
      bus: broker.connect(),
      games,
      leaseTtlMs,
      idleUnloadMs: 60_000,
      clock,
    });
    nodes.push(started);
    return started;
  }

  async function seen(roomId: string, viewer: string): Promise<Seen> {
    const reply = await sendRoomCommand(client, roomId, { type: 'sync', viewer });
    if (!reply.ok || !reply.view) throw new Error(`sync refused: ${JSON.stringify(reply)}`);
    const view = reply.view.view as { deciders: string[]; legalActions?: { type: string }[] };
    return {
      version: reply.view.version,
      clocks: reply.view.clocks,
      deciders: view.deciders,
      legal: view.legalActions ?? [],
      outcome: reply.view.outcome,
    };
  }

  async function act(roomId: string, seat: string, type: string, requestId: string) {
    const now = await seen(roomId, seat);
    const action = now.legal.find((a) => a.type === type);
    if (!action) throw new Error(`${seat} has no ${type}: ${JSON.stringify(now.legal)}`);
    return sendRoomCommand(client, roomId, {
      type: 'act',
      seat,
      version: now.version,
      action: action as never,
      requestId,
    });
  }

  /** A player comes to each seat (its client joins): the clocks start, as version 1. */
  async function seatPlayers(roomId: string) {
    for (const viewer of ['p1', 'p2']) {
      await sendRoomCommand(client, roomId, { type: 'join', viewer, connectionId: `c-${viewer}` });
    }
    await eventually(async () => (await store.roomSummary(roomId))?.version === 1);
  }

  const timed = (timeControl: {
    baseSeconds: number;
    incrementSeconds?: number;
    onFlag?: 'loss' | 'pass';
  }) => ({
    options: { seed: 7, gameOptions: { turns: 6 }, timeControl },
  });

  useMemoryWorld((world) => ({ broker, store, client } = world));

  afterEach(async () => {
    await Promise.all(nodes.splice(0).map((n) => n.stop()));
  });

  it('runs a seat’s clock only while it decides, and adds the increment per decision', async () => {
    const clock = new ManualClock(START);
    await node('t1', clock);
    await createParlorRoom(client, 'tc-run', timed({ baseSeconds: 60, incrementSeconds: 5 }));
    await seatPlayers('tc-run');
    expect((await seen('tc-run', 'p2')).clocks).toEqual({
      remainingMs: { p1: 60_000, p2: 60_000 },
      running: ['p1'],
    });
    clock.advance(10_000);
    // Every viewer, spectators too, sees the same figures.
    for (const viewer of ['p1', 'p2', 'spectator']) {
      expect((await seen('tc-run', viewer)).clocks).toEqual({
        remainingMs: { p1: 50_000, p2: 60_000 },
        running: ['p1'],
      });
    }
    // p1 draws (still deciding): charged 10 s, given 5 s.
    expect(await act('tc-run', 'p1', 'draw', 'r1')).toEqual({ ok: true, version: 2 });
    clock.advance(3_000);
    expect((await seen('tc-run', 'p1')).clocks?.remainingMs).toEqual({ p1: 52_000, p2: 60_000 });
    // p1 plays a card: p2 decides in the counter window; p1's clock stops.
    expect(await act('tc-run', 'p1', 'play', 'r2')).toEqual({ ok: true, version: 3 });
    clock.advance(4_000);
    expect((await seen('tc-run', 'p1')).clocks).toEqual({
      remainingMs: { p1: 57_000, p2: 56_000 },
      running: ['p2'],
    });
  });

  it('keeps the clock across a reload on another node, charging the time the room moved', async () => {
    const clock = new ManualClock(START);
    const first = await node('t2a', clock);
    await createParlorRoom(client, 'tc-move', timed({ baseSeconds: 60, incrementSeconds: 2 }));
    await seatPlayers('tc-move');
    clock.advance(5_000);
    await act('tc-move', 'p1', 'draw', 'm1');
    clock.advance(1_000);
    await act('tc-move', 'p1', 'play', 'm2');
    clock.advance(7_000);
    const before = (await seen('tc-move', 'p1')).clocks;
    expect(before).toEqual({ remainingMs: { p1: 58_000, p2: 53_000 }, running: ['p2'] });
    // Drained: the room is snapshotted at its version, so the next load replays no event and
    // reads the clock from the last one.
    await first.drain();
    await node('t2b', clock);
    clock.advance(4_000);
    expect((await seen('tc-move', 'p1')).clocks).toEqual({
      remainingMs: { p1: 58_000, p2: 49_000 },
      running: ['p2'],
    });
  });

  it('keeps the clock across a takeover from a crashed node (events replayed)', async () => {
    const clock = new ManualClock(START);
    const first = await node('t3a', clock, 300);
    await createParlorRoom(client, 'tc-crash', timed({ baseSeconds: 60, incrementSeconds: 0 }));
    await seatPlayers('tc-crash');
    clock.advance(8_000);
    await act('tc-crash', 'p1', 'draw', 'c1');
    await first.stop(); // keeps its lease: the next command waits for it to expire
    clock.advance(2_000);
    await node('t3b', clock, 300);
    expect((await seen('tc-crash', 'p2')).clocks?.remainingMs).toEqual({ p1: 50_000, p2: 60_000 });
  });

  it('runs no clock until every seat’s player came, and stores the start with the room', async () => {
    const clock = new ManualClock(START);
    const first = await node('t12a', clock);
    // p2 is an open seat (no player yet); p1's token was handed out, but it is not here yet.
    await createParlorRoom(client, 'tc-open', {
      ...timed({ baseSeconds: 60, incrementSeconds: 5 }),
      seats: {
        p1: { kind: 'human', tokenHash: TOKEN_HASH },
        p2: { kind: 'human', tokenHash: null },
      },
    });
    const join = (viewer: string) =>
      sendRoomCommand(client, 'tc-open', { type: 'join', viewer, connectionId: `c-${viewer}` });
    const standing = { remainingMs: { p1: 60_000, p2: 60_000 }, running: [] };
    // Spectators watch without coming to a seat. p1 decides, but nobody is there yet.
    clock.advance(30_000);
    expect((await seen('tc-open', 'spectator')).clocks).toEqual({
      ...standing,
      awaiting: ['p1', 'p2'],
    });
    expect((await join('p1')).ok).toBe(true);
    clock.advance(10_000);
    expect((await seen('tc-open', 'spectator')).clocks).toEqual({ ...standing, awaiting: ['p2'] });
    // The room moves before p2 comes: the new node learns from the table chat that p1 came.
    await first.drain();
    await node('t12b', clock);
    clock.advance(5_000);
    expect((await join('p2')).ok).toBe(true);
    await eventually(async () => (await store.roomSummary('tc-open'))?.version === 1);
    expect((await store.load('tc-open'))?.events.at(-1)).toMatchObject({
      seat: 'p2',
      action: { type: 'start', clock: { remainingMs: standing.remainingMs, at: START + 45_000 } },
    });
    clock.advance(4_000);
    expect((await seen('tc-open', 'spectator')).clocks).toEqual({
      remainingMs: { p1: 56_000, p2: 60_000 },
      running: ['p1'],
    });
    expect(await act('tc-open', 'p1', 'draw', 'o1')).toEqual({ ok: true, version: 2 });
    expect((await seen('tc-open', 'p1')).clocks?.remainingMs).toEqual({ p1: 61_000, p2: 60_000 });
  });

  it('starts the clocks without a player who never comes, at the arrival deadline', async () => {
    const clock = new ManualClock(START);
    await node('t12c', clock);
    await createParlorRoom(client, 'tc-absent', timed({ baseSeconds: 60 }));
    // p2 comes; p1, who decides first, never does.
    await sendRoomCommand(client, 'tc-absent', { type: 'join', viewer: 'p2', connectionId: 'c' });
    clock.advance(ARRIVAL_GRACE_SECONDS * 1000 - 1);
    expect((await seen('tc-absent', 'p2')).clocks?.awaiting).toEqual(['p1']);
    // The deadline: the clocks start without p1 (a start event of the seat that came).
    clock.advance(1);
    await eventually(async () => (await store.roomSummary('tc-absent'))?.version === 1);
    expect((await store.load('tc-absent'))?.events.at(-1)).toMatchObject({
      seat: 'p2',
      action: { type: 'start', clock: { at: START + ARRIVAL_GRACE_SECONDS * 1000 } },
    });
    expect((await seen('tc-absent', 'p2')).clocks).toEqual({
      remainingMs: { p1: 60_000, p2: 60_000 },
      running: ['p1'],
    });
    // p1's time runs out like anyone's: at two seats, a loss.
    clock.advance(60_000);
    await eventually(async () => (await store.roomSummary('tc-absent'))?.status === 'finished');
    expect((await store.roomSummary('tc-absent'))?.outcome).toEqual({
      winners: ['p2'],
      reason: 'time',
    });
  });

  it('waits past the arrival deadline while no player at all came', async () => {
    const clock = new ManualClock(START);
    await node('t12d', clock);
    await createParlorRoom(client, 'tc-nobody', timed({ baseSeconds: 60 }));
    clock.advance(ARRIVAL_GRACE_SECONDS * 1000 + 60_000);
    expect((await seen('tc-nobody', 'spectator')).clocks?.awaiting).toEqual(['p1', 'p2']);
    expect((await store.roomSummary('tc-nobody'))?.version).toBe(0);
  });

  it('starts the clocks in the commit of an action that is the last seat’s first command', async () => {
    const clock = new ManualClock(START);
    await node('t13', clock);
    await createParlorRoom(client, 'tc-act', timed({ baseSeconds: 60, incrementSeconds: 5 }));
    await sendRoomCommand(client, 'tc-act', { type: 'join', viewer: 'p2', connectionId: 'c-p2' });
    clock.advance(20_000);
    // p1's first command is its action: its commit starts the clocks (no start event), and p1
    // earns no increment for it, its clock not having run.
    const acted = await sendRoomCommand(client, 'tc-act', {
      type: 'act',
      seat: 'p1',
      version: 0,
      action: { type: 'draw' },
      requestId: 'a1',
    });
    expect(acted).toEqual({ ok: true, version: 1 });
    const stored = (await store.load('tc-act'))?.events.at(-1)?.action as { clock?: unknown };
    expect(stored.clock).toEqual({ remainingMs: { p1: 60_000, p2: 60_000 }, at: START + 20_000 });
    clock.advance(3_000);
    expect((await seen('tc-act', 'spectator')).clocks).toEqual({
      remainingMs: { p1: 57_000, p2: 60_000 },
      running: ['p1'],
    });
  });

  it('a flag-fall is a loss (reason `time`), shown to every viewer and kept in the log', async () => {
    const clock = new ManualClock(START);
    await node('t4', clock);
    await createParlorRoom(client, 'tc-flag', timed({ baseSeconds: 60 }));
    await seatPlayers('tc-flag');
    clock.advance(59_999);
    expect((await seen('tc-flag', 'p1')).outcome).toBeUndefined();
    clock.advance(1);
    const outcome = { winners: ['p2'], reason: 'time' };
    await eventually(async () => (await store.roomSummary('tc-flag'))?.status === 'finished');
    expect((await store.roomSummary('tc-flag'))?.outcome).toEqual(outcome);
    for (const viewer of ['p1', 'p2', 'spectator']) {
      const shown = await seen('tc-flag', viewer);
      expect(shown.outcome).toEqual(outcome);
      expect(shown.clocks).toBeUndefined();
    }
    const loaded = await store.load('tc-flag');
    expect(loaded?.events.at(-1)).toMatchObject({ seat: 'p1', action: { type: 'flag' } });
    // The table chat says so (a human seat's line, as for a concession).
    await eventually(async () =>
      (await store.chatLines('tc-flag', 10)).some(
        (row) => (row.line as { event?: string }).event === 'out_of_time',
      ),
    );
    const refused = await sendRoomCommand(client, 'tc-flag', {
      type: 'act',
      seat: 'p1',
      version: 2,
      action: { type: 'draw' },
      requestId: 'f2',
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'game_over' } });
  });

  it('a replay shows each version’s clocks as its commit left them, none running', async () => {
    const clock = new ManualClock(START);
    await node('t11', clock);
    await createParlorRoom(client, 'tc-replay', timed({ baseSeconds: 60, incrementSeconds: 2 }));
    await seatPlayers('tc-replay');
    clock.advance(8_000);
    await act('tc-replay', 'p1', 'draw', 'r1');
    clock.advance(3_000);
    await act('tc-replay', 'p1', 'play', 'r2');
    clock.advance(60_000); // p2's flag falls
    await eventually(async () => (await store.roomSummary('tc-replay'))?.status === 'finished');
    const replayed: unknown[] = [];
    for (let version = 0; version <= 4; version++) {
      const reply = (await client.request(
        ROOMS_REPLAY_SUBJECT,
        { roomId: 'tc-replay', version },
        { timeoutMs: 5_000 },
      )) as ReplayReply;
      if (!reply.ok) throw new Error(`replay refused: ${JSON.stringify(reply)}`);
      replayed.push(reply.view.clocks);
    }
    expect(replayed).toEqual([
      { remainingMs: { p1: 60_000, p2: 60_000 }, running: [] },
      { remainingMs: { p1: 60_000, p2: 60_000 }, running: [] },
      { remainingMs: { p1: 54_000, p2: 60_000 }, running: [] },
      { remainingMs: { p1: 53_000, p2: 60_000 }, running: [] },
      { remainingMs: { p1: 53_000, p2: 0 }, running: [] },
    ]);
  });

  it('a node taking a room over flags a clock that ran out while no node ran it', async () => {
    const clock = new ManualClock(START);
    const first = await node('t10a', clock, 300);
    await createParlorRoom(client, 'tc-gone', timed({ baseSeconds: 60 }));
    await seatPlayers('tc-gone');
    await first.stop(); // a crash: no timer left anywhere
    clock.advance(75_000);
    await node('t10b', clock, 300);
    // The first command places the room on the new node, which arms the flag at load: due now.
    expect((await seen('tc-gone', 'p2')).outcome).toBeUndefined();
    clock.advance(0);
    await eventually(async () => (await store.roomSummary('tc-gone'))?.status === 'finished');
    expect((await seen('tc-gone', 'p2')).outcome).toEqual({ winners: ['p2'], reason: 'time' });
  });

  it('flags a seat whose action arrives after its time ran out, before the timer fired', async () => {
    const clock = new ManualClock(START);
    await node('t5', clock);
    await createParlorRoom(client, 'tc-late', timed({ baseSeconds: 60 }));
    await seatPlayers('tc-late');
    clock.advance(61_000, { fire: false });
    const reply: RoomCommandReply = await sendRoomCommand(client, 'tc-late', {
      type: 'act',
      seat: 'p1',
      version: 1,
      action: { type: 'draw' },
      requestId: 'l1',
    });
    expect(reply).toMatchObject({ ok: false, error: { code: 'game_over' } });
    expect((await store.roomSummary('tc-late'))?.outcome).toEqual({
      winners: ['p2'],
      reason: 'time',
    });
  });

  it('with onFlag pass, passes the seat’s reaction window; a decision without a pass is a loss', async () => {
    const clock = new ManualClock(START);
    await node('t6', clock);
    await createParlorRoom(
      client,
      'tc-pass',
      timed({ baseSeconds: 60, incrementSeconds: 3, onFlag: 'pass' }),
    );
    await seatPlayers('tc-pass');
    await act('tc-pass', 'p1', 'play', 'p1');
    expect((await seen('tc-pass', 'p2')).deciders).toEqual(['p2']);
    clock.advance(60_000);
    // p2's counter window is passed for it: the game goes on, p2 has its increment left.
    await eventually(async () => (await seen('tc-pass', 'p2')).version === 3);
    const after = await seen('tc-pass', 'p1');
    expect(after.outcome).toBeUndefined();
    expect(after.deciders).toEqual(['p1']);
    expect(after.clocks?.remainingMs).toEqual({ p1: 63_000, p2: 3_000 });
    const loaded = await store.load('tc-pass');
    expect(loaded?.events.at(-1)).toMatchObject({
      seat: 'p2',
      requestId: 'flag-p2-v2',
      action: { type: 'act', action: { type: 'pass' } },
    });
    // p1's own turn has no pass: its flag-fall is a loss.
    clock.advance(63_000);
    await eventually(async () => (await store.roomSummary('tc-pass'))?.status === 'finished');
    expect((await store.roomSummary('tc-pass'))?.outcome).toEqual({
      winners: ['p2'],
      reason: 'time',
    });
  });

  it('shows no clocks to spectators held behind by a delay (the running clock is live)', async () => {
    await node('t8', new ManualClock(START));
    await createParlorRoom(client, 'tc-delay', {
      options: {
        seed: 7,
        gameOptions: { turns: 6 },
        spectatorDelayTurns: 1,
        timeControl: { baseSeconds: 60 },
      },
    });
    await seatPlayers('tc-delay');
    expect((await seen('tc-delay', 'p2')).clocks?.running).toEqual(['p1']);
    expect((await seen('tc-delay', 'spectator')).clocks).toBeUndefined();
  });

  it('a rematch of a timed room has the same time control on fresh clocks', async () => {
    const clock = new ManualClock(START);
    await node('t9', clock);
    await createParlorRoom(client, 'tc-again', timed({ baseSeconds: 90, incrementSeconds: 1 }));
    await seatPlayers('tc-again');
    clock.advance(90_000);
    await eventually(async () => (await store.roomSummary('tc-again'))?.status === 'finished');
    clock.advance(5_000);
    for (const seat of ['p1', 'p2']) {
      const reply = await sendRoomCommand(client, 'tc-again', {
        type: 'rematch',
        seat,
        tokenHash: seat.repeat(22).slice(0, 43),
        requestId: `again-${seat}`,
      });
      expect(reply).toMatchObject({ ok: true });
    }
    const rematch = (await store.chatLines('tc-again', 20))
      .map((row) => row.line as { event?: string; room?: string })
      .find((line) => line.event === 'rematch')?.room;
    expect(rematch).toBeDefined();
    await seatPlayers(rematch ?? '');
    const shown = await seen(rematch ?? '', 'p1');
    expect(shown.clocks).toEqual({ remainingMs: { p1: 90_000, p2: 90_000 }, running: ['p1'] });
  });

  it('refuses a time control the protocol bounds do not allow, storing nothing', async () => {
    await node('t7', new ManualClock(START));
    for (const timeControl of [
      { baseSeconds: 59 },
      { baseSeconds: 3 * 3600 + 1 },
      { baseSeconds: 600, incrementSeconds: 121 },
      { baseSeconds: 600, onFlag: 'draw' },
    ]) {
      const reply = await client.request('veil.rooms.create', {
        roomId: 'tc-bad',
        game: 'parlor',
        seats: {
          p1: { kind: 'human', tokenHash: 'f'.repeat(64) },
          p2: { kind: 'human', tokenHash: 'f'.repeat(64) },
        },
        options: { timeControl },
      });
      expect(reply).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    }
    expect(await store.roomSummary('tc-bad')).toBeNull();
  });
});

import { InProcessBroker, type Bus } from '@veil/bus';
import { MessageCollector } from '@veil/bus/testing';
import { createLogger } from '@veil/log';
import { GATEWAY_PRESENCE_SUBJECT, MAX_PRESENCE_ROOMS } from '@veil/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { SeatPresence, type LocalSeats } from './seat-presence.js';

/** A gateway's own sockets, as the socket hub would report them. */
class FakeSockets implements LocalSeats {
  readonly rooms = new Map<string, Set<string>>();
  connectedSeats(roomId: string): ReadonlySet<string> {
    return this.rooms.get(roomId) ?? new Set();
  }
  roomsWithSeats(): Iterable<string> {
    return [...this.rooms].filter(([, seats]) => seats.size > 0).map(([roomId]) => roomId);
  }
}

interface TestGateway {
  presence: SeatPresence;
  sockets: FakeSockets;
  logs: string[];
}

const broker = new InProcessBroker();
const buses: Bus[] = [];
const started: SeatPresence[] = [];
let clock = 0;

async function gateway(gatewayId: string, refreshMs = 10_000): Promise<TestGateway> {
  const bus = broker.connect();
  buses.push(bus);
  const sockets = new FakeSockets();
  const logs: string[] = [];
  const logger = createLogger({}, 'debug', (line) => logs.push(line));
  const presence = await SeatPresence.start(bus, sockets, logger, {
    gatewayId,
    refreshMs,
    now: () => clock,
  });
  started.push(presence);
  return { presence, sockets, logs };
}

/** Until everything published so far has been delivered and handled. */
async function settle(): Promise<void> {
  for (const bus of buses) await bus.flush();
  await new Promise((resolve) => setImmediate(resolve));
  for (const bus of buses) await bus.flush();
}

/** A bus connection that records every presence message (and can publish its own). */
async function listen(): Promise<{ spy: Bus; heard: MessageCollector }> {
  const spy = broker.connect();
  buses.push(spy);
  const heard = new MessageCollector();
  await spy.subscribe(GATEWAY_PRESENCE_SUBJECT, heard.handler);
  return { spy, heard };
}

function connect(gw: TestGateway, roomId: string, seat: string): void {
  const seats = gw.sockets.rooms.get(roomId) ?? new Set();
  seats.add(seat);
  gw.sockets.rooms.set(roomId, seats);
  gw.presence.changed(roomId);
}

function disconnect(gw: TestGateway, roomId: string, seat: string): void {
  gw.sockets.rooms.get(roomId)?.delete(seat);
  gw.presence.changed(roomId);
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((p) => p.stop()));
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
  clock = 0;
});

describe('SeatPresence', () => {
  it('reports a seat connected on another gateway, until it leaves', async () => {
    const a = await gateway('gw-a');
    const b = await gateway('gw-b');
    connect(a, 'r1', 'p1');
    await settle();
    expect(a.presence.seats('r1')).toEqual(new Set(['p1']));
    expect(b.presence.seats('r1')).toEqual(new Set(['p1']));
    expect(b.presence.seats('r2')).toEqual(new Set());

    connect(b, 'r1', 'p2');
    await settle();
    expect(a.presence.seats('r1')).toEqual(new Set(['p1', 'p2']));

    disconnect(a, 'r1', 'p1');
    await settle();
    expect(b.presence.seats('r1')).toEqual(new Set(['p2']));
    expect(a.presence.seats('r1')).toEqual(new Set(['p2']));
  });

  it('forgets what a silent gateway said once it expires, and a refresh keeps it', async () => {
    const a = await gateway('gw-a', 1_000);
    const b = await gateway('gw-b', 1_000);
    connect(a, 'r1', 'p1');
    await settle();
    clock = 2_999; // three refreshes' worth, minus one millisecond
    expect(b.presence.seats('r1')).toEqual(new Set(['p1']));
    a.presence.refresh();
    await settle();
    clock = 5_000;
    expect(b.presence.seats('r1')).toEqual(new Set(['p1']));
    // gw-a says nothing more (as if it had crashed): gone three refreshes later.
    clock = 5_999;
    expect(b.presence.seats('r1')).toEqual(new Set());
    b.presence.refresh();
    expect(b.presence.seats('r1')).toEqual(new Set());
  });

  it('forgets a gateway at once when it says bye', async () => {
    const a = await gateway('gw-a');
    const b = await gateway('gw-b');
    connect(a, 'r1', 'p1');
    await settle();
    expect(b.presence.seats('r1')).toEqual(new Set(['p1']));
    await a.presence.stop();
    await settle();
    expect(b.presence.seats('r1')).toEqual(new Set());
  });

  it('tells a gateway that starts later what the others hold', async () => {
    const a = await gateway('gw-a');
    connect(a, 'r1', 'p1');
    connect(a, 'r2', 'p2');
    await settle();
    const late = await gateway('gw-late');
    await settle();
    expect(late.presence.seats('r1')).toEqual(new Set(['p1']));
    expect(late.presence.seats('r2')).toEqual(new Set(['p2']));
  });

  it('says many rooms in messages of at most MAX_PRESENCE_ROOMS, and one message per turn of changes', async () => {
    const { heard } = await listen();
    const a = await gateway('gw-a');
    const rooms = Array.from({ length: MAX_PRESENCE_ROOMS + 20 }, (_, i) => `r${i}`);
    for (const roomId of rooms) connect(a, roomId, 'p1');
    await settle();
    const b = await gateway('gw-b');
    await settle();
    const sizes = heard.messages
      .map((m) => m.data as { kind: string; gateway: string; rooms?: object })
      .filter((m) => m.kind === 'seats' && m.gateway === 'gw-a')
      .map((m) => Object.keys(m.rooms ?? {}).length);
    // The changes of one turn in two messages, then the answer to gw-b's hello in two more.
    expect(sizes).toEqual([MAX_PRESENCE_ROOMS, 20, MAX_PRESENCE_ROOMS, 20]);
    expect(rooms.every((roomId) => b.presence.seats(roomId).has('p1'))).toBe(true);
  });

  it('answers newcomers arriving in the same turn with one statement', async () => {
    const { spy, heard } = await listen();
    const a = await gateway('gw-a');
    connect(a, 'r1', 'p1');
    await settle();
    const before = heard.messages.length;
    for (const newcomer of ['gw-b', 'gw-c', 'gw-d']) {
      spy.publish(GATEWAY_PRESENCE_SUBJECT, { kind: 'hello', gateway: newcomer });
    }
    await settle();
    const answers = heard.data
      .slice(before)
      .filter((m) => (m as { gateway: string }).gateway === 'gw-a');
    expect(answers).toEqual([
      { kind: 'seats', gateway: 'gw-a', ttlMs: 30_000, rooms: { r1: ['p1'] } },
    ]);
  });

  it('ignores malformed messages and its own, changing nothing', async () => {
    const a = await gateway('gw-a');
    const intruder = broker.connect();
    buses.push(intruder);
    intruder.publish(GATEWAY_PRESENCE_SUBJECT, {
      kind: 'seats',
      gateway: 'gw-x',
      ttlMs: 30_000,
      rooms: { r1: ['spectator'] },
    });
    intruder.publish(GATEWAY_PRESENCE_SUBJECT, { kind: 'seats', gateway: 'gw-x', rooms: 'r1' });
    // A message under this gateway's own name is not news about another gateway.
    intruder.publish(GATEWAY_PRESENCE_SUBJECT, {
      kind: 'seats',
      gateway: 'gw-a',
      ttlMs: 30_000,
      rooms: { r1: ['p1'] },
    });
    await settle();
    expect(a.presence.seats('r1')).toEqual(new Set());
    expect(a.logs.filter((line) => line.includes('malformed presence message'))).toHaveLength(2);
  });

  it('refuses a refresh period whose expiry the protocol cannot carry, and a name that is not a token', async () => {
    const bus = broker.connect();
    buses.push(bus);
    const logger = createLogger({}, 'silent');
    for (const refreshMs of [100, 200_001, 1_500.5]) {
      await expect(
        SeatPresence.start(bus, new FakeSockets(), logger, { refreshMs }),
      ).rejects.toThrow(RangeError);
    }
    await expect(
      SeatPresence.start(bus, new FakeSockets(), logger, { gatewayId: 'gw.1' }),
    ).rejects.toThrow(RangeError);
  });
});

import type { Bus, InProcessBroker } from '@veil/bus';
import { canonicalJson, persistGame, snapshotBytes } from '@veil/engine';
import { parlor } from '@veil/parlor';
import { ROOMS_CREATE_SUBJECT, type ViewPublication } from '@veil/protocol';
import type { RoomStore } from '@veil/store';
import { afterEach, describe, expect, it } from 'vitest';
import { startGameNode, type GameNode, type GameNodeOptions } from './game-node.js';
import { parlorGame } from '@veil/parlor';
import { loadRoomState } from './room-loading.js';
import { gameRegistry } from './game-registry.js';
import { nextHeartbeat } from './testing.js';
import { sendRoomCommand } from './room-client.js';
import {
  collectViews,
  createParlorRoom,
  eventually,
  playFirstLegal,
  syncView,
  useMemoryWorld,
} from './test-support.js';

const games = gameRegistry([parlorGame]);

describe('game node (in-process bus, PGlite)', () => {
  let broker: InProcessBroker;
  let store: RoomStore;
  let client: Bus;
  const nodes: GameNode[] = [];

  /** A node on the file's store and broker (stopped after each test); `options` override. */
  async function node(nodeId: string, options: Partial<GameNodeOptions> = {}) {
    const started = await startGameNode({
      nodeId,
      store,
      bus: broker.connect(),
      games,
      leaseTtlMs: 60_000,
      idleUnloadMs: 60_000,
      ...options,
    });
    nodes.push(started);
    return started;
  }

  /** The file's store, counting the calls made to each of its methods into `calls`. */
  function countingStore(calls: Map<string, number>): RoomStore {
    return new Proxy(store, {
      get(target, name, receiver) {
        const value: unknown = Reflect.get(target, name, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.set(String(name), (calls.get(String(name)) ?? 0) + 1);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  }

  /** The stored state: what a fresh node would load. */
  async function storedBytes(roomId: string): Promise<{ version: number; bytes: string }> {
    const loaded = await loadRoomState(store, games, roomId);
    return { version: loaded.version, bytes: snapshotBytes(loaded.snapshot) };
  }

  /**
   * The stored state with object keys sorted: jsonb keeps values but not key order, so a state
   * loaded from a later snapshot and one replayed from an earlier one compare in this form.
   */
  async function storedCanonical(roomId: string): Promise<{ version: number; bytes: string }> {
    const loaded = await loadRoomState(store, games, roomId);
    return { version: loaded.version, bytes: canonicalJson(persistGame(loaded.snapshot)) };
  }

  // One PGlite for the file (it takes seconds to start); every test uses its own rooms.
  useMemoryWorld((world) => ({ broker, store, client } = world));

  afterEach(async () => {
    await Promise.all(nodes.splice(0).map((n) => n.stop()));
  });

  it('creates a room, commits each act before acking, then publishes every viewer', async () => {
    const first = await node('n1');
    await createParlorRoom(client, 'room-a');
    expect(first.rooms()).toEqual(['room-a']);
    const views = await collectViews(client, 'room-a');
    const played = await playFirstLegal(client, 'room-a', 'req-1');
    expect(played?.reply).toEqual({ ok: true, version: 1 });
    // Committed before the ack: the store already has version 1.
    expect((await storedBytes('room-a')).version).toBe(1);
    const atOne = () => views.filter((v) => v.version === 1);
    await eventually(() => atOne().length === 3);
    const bySubject = new Map(atOne().map((v) => [v.seat ?? 'spectator', v]));
    expect([...bySubject.keys()].sort()).toEqual(['p1', 'p2', 'spectator']);
    for (const [viewer, publication] of bySubject) {
      expect(publication.version).toBe(1);
      // Byte for byte what view() gives that viewer: nothing else leaves the node.
      const { snapshot } = await loadRoomState(store, games, 'room-a');
      expect(JSON.stringify(publication.view)).toBe(
        JSON.stringify(parlor.view(snapshot as never, viewer as never)),
      );
    }
  });

  it('runs a room it creates from the rows it wrote, its lease already held', async () => {
    // Counts the store calls the node makes: creation needs no claim and no read back.
    const calls = new Map<string, number>();
    const started = await node('n-create', { store: countingStore(calls) });
    await createParlorRoom(client, 'room-created');
    expect(started.rooms()).toEqual(['room-created']);
    expect(await store.leaseState('room-created')).toMatchObject({
      owner: 'n-create',
      expired: false,
    });
    expect([calls.get('createRoom'), calls.get('claimLease'), calls.get('load')]).toEqual([
      1,
      undefined,
      undefined,
    ]);
    // What it runs is what a load gives: every viewer's view, byte for byte.
    const { snapshot } = await loadRoomState(store, games, 'room-created');
    for (const viewer of ['p1', 'p2']) {
      const { view } = await syncView(client, 'room-created', viewer);
      expect(JSON.stringify(view)).toBe(
        JSON.stringify(parlor.view(snapshot as never, viewer as never)),
      );
    }
    expect((await playFirstLegal(client, 'room-created', 'c-1'))?.reply).toEqual({
      ok: true,
      version: 1,
    });
  });

  it('refuses a room with seats the game does not have, or an unknown game', async () => {
    await node('n1');
    const create = (body: object) => client.request(ROOMS_CREATE_SUBJECT, body);
    const seats = { p1: { kind: 'bot', level: 'random' }, p3: { kind: 'bot', level: 'random' } };
    expect(await create({ roomId: 'bad-1', game: 'parlor', seats })).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    });
    expect(await create({ roomId: 'bad-2', game: 'chess', seats: { p1: seats.p1 } })).toMatchObject(
      { ok: false, error: { code: 'bad_request' } },
    );
    expect(await store.load('bad-1')).toBeNull();
    expect(await store.load('bad-2')).toBeNull();
  });

  it('refuses spectators in a room that does not allow them', async () => {
    await node('n1');
    await createParlorRoom(client, 'room-closed', { options: { spectators: false } });
    expect(
      await sendRoomCommand(client, 'room-closed', {
        type: 'join',
        viewer: 'spectator',
        connectionId: 'c1',
      }),
    ).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(
      await sendRoomCommand(client, 'room-closed', {
        type: 'join',
        viewer: 'p1',
        connectionId: 'c2',
      }),
    ).toMatchObject({ ok: true, version: 0, view: { seat: 'p1' } });
  });

  it('redacts the new log entries per viewer with logView', async () => {
    await node('n1');
    await createParlorRoom(client, 'room-log');
    const views = await collectViews(client, 'room-log');
    const { view } = await syncView(client, 'room-log', 'p1');
    expect(view.legalActions).toContainEqual({ type: 'draw' });
    await sendRoomCommand(client, 'room-log', {
      type: 'act',
      seat: 'p1',
      version: 0,
      action: { type: 'draw' },
      requestId: 'draw-1',
    });
    await eventually(() => views.filter((v) => v.version === 1).length === 3);
    const log = (viewer: string | null) =>
      views.find((v) => v.seat === viewer && v.version === 1)?.log;
    expect(log('p1')).toEqual([{ type: 'draw', seat: 'p1', card: expect.any(Object) }]);
    expect(log('p2')).toEqual([{ type: 'draw', seat: 'p1' }]);
    expect(log(null)).toEqual([{ type: 'draw', seat: 'p1' }]);
  });

  it('refuses malformed, wrong-seat, illegal and stale commands without changing anything', async () => {
    await node('n1');
    await createParlorRoom(client, 'room-b');
    await playFirstLegal(client, 'room-b', 'first');
    const before = await storedBytes('room-b');
    const { version, view } = await syncView(client, 'room-b', 'p1');
    const other = view.deciders.includes('p1') ? 'p2' : 'p1';
    const decider = other === 'p1' ? 'p2' : 'p1';
    const act = (seat: string, v: number, action: object, requestId: string) =>
      sendRoomCommand(client, 'room-b', {
        type: 'act',
        seat,
        version: v,
        action,
        requestId,
      } as never);

    const raw = await client.request('veil.room.room-b.cmd', { type: 'act', seat: 'p1' });
    expect(raw).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(await act('p3', version, { type: 'draw' }, 'x1')).toMatchObject({
      error: { code: 'bad_request' },
    });
    expect(await act(other, version, { type: 'draw' }, 'x2')).toMatchObject({
      error: { code: 'not_your_turn' },
    });
    expect(
      await act(decider, version, { type: 'play', card: 999, kind: 'gem' }, 'x3'),
    ).toMatchObject({ error: { code: 'illegal_action' } });
    const stale = await act(decider, version - 1, { type: 'draw' }, 'x4');
    expect(stale).toMatchObject({ ok: false, error: { code: 'stale_version' } });
    expect(!stale.ok && stale.view?.version).toBe(version);
    expect(!stale.ok && stale.view?.seat).toBe(decider);
    const ahead = await act(decider, version + 5, { type: 'draw' }, 'x5');
    expect(ahead).toMatchObject({ ok: false, error: { code: 'stale_version' } });
    expect(await storedBytes('room-b')).toEqual(before);
  });

  it('answers a repeated requestId with the original result and applies it once', async () => {
    await node('n1');
    await createParlorRoom(client, 'room-c');
    const played = await playFirstLegal(client, 'room-c', 'once');
    expect(played?.reply).toEqual({ ok: true, version: 1 });
    const again = await sendRoomCommand(client, 'room-c', {
      type: 'act',
      seat: played?.seat ?? 'p1',
      version: 0,
      action: { type: 'draw' },
      requestId: 'once',
    });
    expect(again).toEqual({ ok: true, version: 1 });
    expect((await storedBytes('room-c')).version).toBe(1);
  });

  it('takes a crashed node’s room over after its lease expires, from snapshot + events', async () => {
    const first = await node('n1', { leaseTtlMs: 300 });
    await createParlorRoom(client, 'room-d');
    let last = null;
    for (let i = 0; i < 5; i += 1) last = await playFirstLegal(client, 'room-d', `d-${i}`);
    const before = await storedBytes('room-d');
    await first.stop(); // keeps the lease: it expires
    const second = await node('n2', { leaseTtlMs: 300 });
    // The first command finds no node, places the room, and is answered by the new owner.
    const { version } = await syncView(client, 'room-d', 'p1');
    expect(version).toBe(before.version);
    expect(second.rooms()).toEqual(['room-d']);
    expect(await storedBytes('room-d')).toEqual(before);
    // A retry of the last acked request is answered from the store, not applied again.
    const retry = await sendRoomCommand(client, 'room-d', {
      type: 'act',
      seat: last?.seat ?? 'p1',
      version: last?.version ?? 0,
      action: { type: 'draw' },
      requestId: 'd-4',
    });
    expect(retry).toEqual({ ok: true, version: before.version });
    const played = await playFirstLegal(client, 'room-d', 'd-after');
    expect(played?.reply).toEqual({ ok: true, version: before.version + 1 });
  });

  it('takes a silent node’s rooms over at once, without waiting for a command or the lease', async () => {
    const liveness = { heartbeatMs: 50, livenessDeadlineMs: 300 };
    const first = await node('n1', { leaseTtlMs: 60_000, ...liveness });
    const rooms = ['room-s1', 'room-s2', 'room-s3'];
    for (const id of rooms) await createParlorRoom(client, id);
    const second = await node('n2', { leaseTtlMs: 60_000, ...liveness });
    // n2 has heard n1 once it has started and n1 has beaten since.
    await nextHeartbeat(client, 'n1');
    for (const id of rooms) expect(await store.leaseState(id)).toMatchObject({ owner: 'n1' });
    await first.stop(); // a crash: the leases (a minute long) stay, the heartbeats end
    // Nobody sends a command: the rooms move because n1 went silent.
    // (n1 of earlier tests, stopped too, left rooms leased to it: those move as well.)
    await eventually(() => rooms.every((id) => second.rooms().includes(id)));
    for (const id of rooms) {
      expect(await store.leaseState(id)).toMatchObject({ owner: 'n2', expired: false });
    }
    const played = await playFirstLegal(client, 'room-s1', 's-after');
    expect(played?.reply).toEqual({ ok: true, version: 1 });
  });

  it('splits a silent node’s rooms among the nodes that survive it, each room loaded once', async () => {
    const liveness = { heartbeatMs: 50, livenessDeadlineMs: 300 };
    const first = await node('split-1', { leaseTtlMs: 60_000, ...liveness });
    const rooms = Array.from({ length: 6 }, (_, i) => `room-split-${i}`);
    for (const id of rooms) await createParlorRoom(client, id);
    // The survivors' stores note the shares each asks for, in order.
    const shares = new Map<string, number[]>();
    const noting = new Proxy(store, {
      get(target, name, receiver) {
        const value: unknown = Reflect.get(target, name, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (name === 'takeOverLeases') {
            const to = args[1] as string;
            shares.set(to, [...(shares.get(to) ?? []), args[3] as number]);
          }
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const survivors = [
      await node('split-2', { leaseTtlMs: 60_000, ...liveness, store: noting }),
      await node('split-3', { leaseTtlMs: 60_000, ...liveness, store: noting }),
    ];
    // Every node has heard every other once each has beaten after the last one started (twice,
    // for margin).
    const ids = ['split-1', 'split-2', 'split-3'];
    for (let round = 0; round < 2; round++) {
      await Promise.all(ids.map((id) => nextHeartbeat(client, id)));
    }
    await first.stop();
    await eventually(() => rooms.every((id) => survivors.some((s) => s.rooms().includes(id))));
    // A survivor that finds the node gone late may find nothing left (the other took its share,
    // then the rest): it still asks.
    await eventually(() => shares.size === 2);
    const held = survivors.map((s) => rooms.filter((id) => s.rooms().includes(id)));
    // Each asked first for half (two survivors), then at most once for what was left; each room
    // is on exactly one, its lease held there.
    for (const id of ['split-2', 'split-3']) {
      expect(shares.get(id)?.[0]).toBe(2);
      expect(shares.get(id)?.length).toBeLessThanOrEqual(2);
    }
    expect(held.flat().sort()).toEqual([...rooms].sort());
    for (const [i, ids] of held.entries()) {
      for (const id of ids) {
        expect(await store.leaseState(id)).toMatchObject({ owner: `split-${i + 2}` });
      }
    }
    const played = await playFirstLegal(client, 'room-split-0', 'split-after');
    expect(played?.reply).toEqual({ ok: true, version: 1 });
  });

  it('fences a stale owner: its commit fails and it lets the room go', async () => {
    const first = await node('n1', { leaseTtlMs: 60_000 });
    await createParlorRoom(client, 'room-e');
    // Another writer commits behind the owner's back (as a node that took over would).
    const loaded = await loadRoomState(store, games, 'room-e');
    const seat = parlor.deciders(loaded.snapshot as never)[0] as string;
    const result = await store.appendEvent({
      roomId: 'room-e',
      expectedVersion: 0,
      seat,
      requestId: 'elsewhere',
      action: { type: 'act', action: { type: 'draw' } },
    });
    expect(result).toEqual({ status: 'committed', version: 1 });
    const mine = { type: 'act', seat, version: 0, action: { type: 'draw' }, requestId: 'mine' };
    const reply = await client.request('veil.room.room-e.cmd', mine);
    expect(reply).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    await eventually(() => first.rooms().length === 0);
    // Reloaded from the store on the next command, the node sees the other writer's version.
    const retried = await sendRoomCommand(client, 'room-e', mine as never);
    expect(retried).toMatchObject({ ok: false, error: { code: 'stale_version' } });
    expect(!retried.ok && retried.view?.version).toBe(1);
    expect((await storedBytes('room-e')).version).toBe(1);
  });

  it('lets a room go when its lease renewal is refused', async () => {
    let renewals = 0;
    // The database says the lease is gone (it expired while this node was stalled).
    const losing = new Proxy(store, {
      get: (target, key) => {
        if (key === 'renewLease') {
          return async () => {
            renewals += 1;
            return { status: 'lost' as const };
          };
        }
        if (key === 'renewLeases') {
          return async (ids: readonly string[]) => {
            renewals += 1;
            return new Map(ids.map((id) => [id, { status: 'lost' as const }]));
          };
        }
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const started = await node('n-lost', {
      store: losing,
      leaseTtlMs: 150,
    });
    await createParlorRoom(client, 'room-lost');
    await eventually(() => renewals > 0 && started.rooms().length === 0);
    // Nothing was released: the lease is no longer this node's to give up.
    expect((await store.leaseState('room-lost'))?.owner).toBe('n-lost');
  });

  it('unloads an idle room, releasing its lease, and reloads it on the next command', async () => {
    const first = await node('n1', { idleUnloadMs: 100 });
    await createParlorRoom(client, 'room-f');
    await playFirstLegal(client, 'room-f', 'f-1');
    await eventually(() => first.rooms().length === 0);
    expect((await store.leaseState('room-f'))?.owner).toBeNull();
    const { version } = await syncView(client, 'room-f', 'p2');
    expect(version).toBe(1);
    expect(first.rooms()).toEqual(['room-f']);
  });

  it('unloads a finished room sooner than a live one, and serves it again on the next command', async () => {
    const started = await node('n-over', {
      idleUnloadMs: 60_000,
      finishedUnloadMs: 100,
    });
    await createParlorRoom(client, 'room-over');
    await createParlorRoom(client, 'room-going');
    // Played to the end (no seat decides any more); a short game, ended turn after turn.
    for (let i = 0; await playFirstLegal(client, 'room-over', `over-${i}`, ['end', 'play']); i++)
      if (i > 400) throw new Error('the game did not end');
    await eventually(() => !started.rooms().includes('room-over'));
    // Quiet for longer than the finished room was, but its game goes on: still loaded.
    expect(started.rooms()).toEqual(['room-going']);
    expect((await store.leaseState('room-over'))?.owner).toBeNull();
    const final = await storedBytes('room-over');
    const { version } = await syncView(client, 'room-over', 'p1');
    expect(version).toBe(final.version);
    expect(started.rooms()).toContain('room-over');
  });

  it('drains: in-flight commits finish and every lease is released', async () => {
    const first = await node('n1');
    await createParlorRoom(client, 'room-g');
    const { view } = await syncView(client, 'room-g', 'p1');
    const seat = view.deciders[0] as string;
    const acting = sendRoomCommand(client, 'room-g', {
      type: 'act',
      seat,
      version: 0,
      action: { type: 'draw' },
      requestId: 'g-1',
    });
    await eventually(async () => (await store.load('room-g'))?.room.version === 1 || false);
    await first.drain();
    expect(await acting).toEqual({ ok: true, version: 1 });
    expect((await store.leaseState('room-g'))?.owner).toBeNull();
  });

  it('gives up the leases of the rooms it lets go together in one statement', async () => {
    const calls = new Map<string, number>();
    const ids = ['room-r1', 'room-r2', 'room-r3', 'room-r4', 'room-r5'];
    // No seat comes to these rooms: without the wait for one they are idle at once.
    const idle = await node('n-release', {
      store: countingStore(calls),
      idleUnloadMs: 100,
      abandonUnjoinedMs: 0,
    });
    for (const id of ids) await createParlorRoom(client, id);
    await eventually(() => idle.rooms().length === 0);
    for (const id of ids) expect((await store.leaseState(id))?.owner).toBeNull();
    // Unloaded by idle sweeps (how many rooms each takes depends on timing), always in bulk.
    expect(calls.get('releaseLease')).toBeUndefined();
    expect(calls.get('releaseLeases')).toBeGreaterThanOrEqual(1);

    await idle.drain(); // so that the rooms are placed on the next node
    calls.clear();
    const draining = await node('n-release-2', { store: countingStore(calls) });
    for (const id of ids) await syncView(client, id, 'p1');
    expect(draining.rooms().sort()).toEqual(ids);
    await draining.drain();
    for (const id of ids) expect((await store.leaseState(id))?.owner).toBeNull();
    // Drained together: one statement for all of them.
    expect([calls.get('releaseLeases'), calls.get('releaseLease')]).toEqual([1, undefined]);
  });

  it('snapshots a room when it goes quiet or is drained, not with every move', async () => {
    const started = await node('n-quiet', {
      quietSnapshotMs: 60_000, // never quiet during this test
    });
    await createParlorRoom(client, 'room-q');
    for (let i = 0; i < 3; i += 1) await playFirstLegal(client, 'room-q', `q-${i}`);
    // Every move waits on a human here, yet none was snapshotted: the log carries them.
    let loaded = await store.load('room-q');
    expect(loaded?.snapshot.version).toBe(0);
    expect(loaded?.events.map((e) => e.version)).toEqual([1, 2, 3]);
    const before = await storedCanonical('room-q');
    await started.drain();
    // Drained: the room left memory snapshotted at its version, and loads to the same bytes.
    loaded = await store.load('room-q');
    expect(loaded?.snapshot.version).toBe(3);
    expect(loaded?.events).toEqual([]);
    expect(await storedCanonical('room-q')).toEqual(before);
  });

  it('snapshots a room that went quiet waiting on a human, at its current version', async () => {
    await node('n-quiet-2', {
      quietSnapshotMs: 20,
    });
    await createParlorRoom(client, 'room-r');
    for (let i = 0; i < 2; i += 1) await playFirstLegal(client, 'room-r', `r-${i}`);
    const before = await storedCanonical('room-r');
    await eventually(async () => (await store.load('room-r'))?.snapshot.version === 2);
    expect(await storedCanonical('room-r')).toEqual(before);
    // The room carries on from there.
    const played = await playFirstLegal(client, 'room-r', 'r-after');
    expect(played?.reply).toEqual({ ok: true, version: 3 });
  });

  it('commits a standing policy as an event, shown only to its seat', async () => {
    await node('n1');
    await createParlorRoom(client, 'room-p');
    const reply = await sendRoomCommand(client, 'room-p', {
      type: 'policy',
      seat: 'p2',
      kind: 'counter',
      policy: 'auto-pass',
      requestId: 'pol-1',
    });
    expect(reply).toEqual({ ok: true, version: 1 });
    expect((await syncView(client, 'room-p', 'p2')).view.policies).toEqual({
      counter: 'auto-pass',
    });
    expect((await syncView(client, 'room-p', 'p1')).view.policies).toEqual({});
    // The event replays: a fresh load has the policy too.
    const loaded = await loadRoomState(store, games, 'room-p');
    expect(loaded.version).toBe(1);
    expect(
      (loaded.snapshot.context as { pauses: { policies: unknown } }).pauses.policies,
    ).toMatchObject({ p2: { counter: 'auto-pass' } });
  });

  it('holds spectators back by the room’s delay in turns', async () => {
    await node('n1');
    await createParlorRoom(client, 'room-h', {
      options: { seed: 3, spectatorDelayTurns: 1, gameOptions: { turns: 30 } },
    });
    const views = await collectViews(client, 'room-h');
    for (let i = 0; i < 14; i += 1)
      await playFirstLegal(client, 'room-h', `h-${i}`, ['end', 'draw']);
    const turnOf = (p: ViewPublication) => (p.view as { turn: number }).turn;
    // One publisher keeps its order: each spectator publication follows the seats' views of
    // the version it was published at.
    let liveTurn = 0;
    let spectatorPublications = 0;
    for (const publication of views) {
      if (publication.seat !== null) liveTurn = turnOf(publication);
      else {
        spectatorPublications += 1;
        if (publication.version > 0) expect(turnOf(publication)).toBeLessThanOrEqual(liveTurn - 1);
      }
    }
    expect(liveTurn).toBeGreaterThan(2);
    expect(spectatorPublications).toBeGreaterThan(0);
    const spectator = await sendRoomCommand(client, 'room-h', {
      type: 'sync',
      viewer: 'spectator',
    });
    const live = await syncView(client, 'room-h', 'p1');
    expect(spectator.ok && turnOf(spectator.view as ViewPublication)).toBe(live.view.turn - 1);
  });

  it('shows spectators of a delayed room the same state after the room is unloaded and reloaded', async () => {
    // Snapshots every 4 events, so the reload also has to look past interval snapshots; the
    // idle unload writes one at the live version.
    const started = await node('n-delay', { idleUnloadMs: 100, snapshotInterval: 4 });
    await createParlorRoom(client, 'room-dr', {
      options: { seed: 5, spectatorDelayTurns: 2, gameOptions: { turns: 30 } },
    });
    for (let i = 0; i < 24; i += 1)
      await playFirstLegal(client, 'room-dr', `dr-${i}`, ['end', 'draw']);
    const spectatorSync = () =>
      sendRoomCommand(client, 'room-dr', { type: 'sync', viewer: 'spectator' });
    const before = await spectatorSync();
    const live = await syncView(client, 'room-dr', 'p1');
    expect(before).toMatchObject({ ok: true, view: { view: { turn: live.view.turn - 2 } } });
    await eventually(() => !started.rooms().includes('room-dr'));
    expect((await store.load('room-dr'))?.snapshot.version).toBe(live.version);
    // Placed again by this sync: the same delayed state, not `unavailable`.
    expect(await spectatorSync()).toEqual(before);
    // And the history goes on from there.
    await playFirstLegal(client, 'room-dr', 'dr-next', ['end', 'draw']);
    const after = await spectatorSync();
    expect(after.ok && after.version).toBeGreaterThanOrEqual(before.ok ? before.version : 0);
  });

  it('serves a delayed room whose spectator history cannot be read, spectators told to wait', async () => {
    const first = await node('n-dh1', { idleUnloadMs: 100 });
    await createParlorRoom(client, 'room-dh', {
      options: { seed: 6, spectatorDelayTurns: 1, gameOptions: { turns: 30 } },
    });
    for (let i = 0; i < 6; i += 1)
      await playFirstLegal(client, 'room-dh', `dh-${i}`, ['end', 'draw']);
    await eventually(() => first.rooms().length === 0);
    await first.stop();
    // A store that fails every load from an earlier snapshot (the history's reads only).
    const failing = new Proxy(store, {
      get(target, name) {
        const value: unknown = Reflect.get(target, name, target);
        if (name !== 'load') return typeof value === 'function' ? value.bind(target) : value;
        return (roomId: string, options?: { snapshotBefore?: number }) =>
          options?.snapshotBefore === undefined
            ? target.load(roomId)
            : Promise.reject(new Error('database away'));
      },
    });
    await node('n-dh2', { store: failing });
    const { version } = await syncView(client, 'room-dh', 'p1');
    expect(version).toBe(6);
    // (The client retries `unavailable` until its deadline: a short one here.)
    expect(
      await sendRoomCommand(
        client,
        'room-dh',
        { type: 'sync', viewer: 'spectator' },
        { deadlineMs: 300 },
      ),
    ).toMatchObject({ ok: false, error: { code: 'unavailable' } });
  });

  it('shows spectators the final state once the game is over, delay or not, also reloaded', async () => {
    const started = await node('n-end', {
      finishedUnloadMs: 100,
    });
    await createParlorRoom(client, 'room-end', {
      options: { seed: 7, spectatorDelayTurns: 2, gameOptions: { turns: 6 } },
    });
    const views = await collectViews(client, 'room-end');
    for (let i = 0; await playFirstLegal(client, 'room-end', `end-${i}`, ['end', 'play']); i++)
      if (i > 400) throw new Error('the game did not end');
    const final = await storedBytes('room-end');
    await eventually(() => views.some((p) => p.seat === null && p.version === final.version));
    const spectatorSync = () =>
      sendRoomCommand(client, 'room-end', { type: 'sync', viewer: 'spectator' });
    expect(await spectatorSync()).toMatchObject({ ok: true, version: final.version });
    // Unloaded, then placed again by the sync: no delay history, the final state all the same.
    await eventually(() => !started.rooms().includes('room-end'));
    expect(await spectatorSync()).toMatchObject({ ok: true, version: final.version });
  });
});

import { BOT_LEVELS, decide, type BotLevel } from '@veil/ai';
import { startAiWorker, type AiWorker, type Decider } from '@veil/ai-worker';
import { NatsBus, type Bus } from '@veil/bus';
import { dune, type DuneAction, type DuneView } from '@veil/dune';
import { battleBoundary, THREE } from '@veil/dune/testing';
import { applyAction, persistGame, type AnyGameModule } from '@veil/engine';
import { sendRoomCommand, startGameNode, type GameNode } from '@veil/game';
import { nextHeartbeat } from '@veil/game/testing';
import { createLogger } from '@veil/log';
import type { RoomCommandReply } from '@veil/protocol';
import { openPostgresRoomStore, type RoomStore } from '@veil/store';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  createTestDatabase,
  describeWithServices,
  services,
  waitForReady,
} from '../support/index.js';
import { openDb, TOKEN_HASH } from './game-node-support.js';

// Semuta Drug through real game nodes (in process, on real Postgres and NATS): a claim and a
// decline raced for one seat, duplicate selections, a node restart and a takeover in the middle
// of a boundary or a selection. Each time exactly one version is accepted and stored, the log
// has no gap, and the candidates reach only the claimant's seat (docs/games/dune.md, "Semuta
// Drug").

const GUILD = 'spacing_guild';
const VIEWERS = [...THREE, 'spectator'] as const;
const CLIENT = { timeoutMs: 5_000, deadlineMs: 60_000 };
/** A node that stops keeps its leases (as a crash would); short ones let the next node in. */
const SHORT_LEASE = { leaseTtlMs: 300 };
const LIVENESS = { heartbeatMs: 50, livenessDeadlineMs: 300, leaseTtlMs: 60_000 };

type Reply = RoomCommandReply;
type Snap = ReturnType<typeof battleBoundary>;

/**
 * The workers' decider (`@veil/ai`'s `decide` on the request's view and legal actions) with the
 * small search budgets of the AI unit tests, so bounded games end quickly on a loaded machine.
 */
const BUDGET: Record<BotLevel, number | undefined> = {
  random: undefined,
  greedy: 2,
  ismcts: 12,
  expert: 12,
};
const smallBudget: Decider = (module, input) => {
  const decision = decide(module, { ...input, iterations: BUDGET[input.level] });
  return { action: decision.action as never, iterations: decision.iterations };
};

/** The same position, the game ending with turn `turns` (bounded bot games). */
function withTurns(s: Snap, turns: number): Snap {
  return { ...s, context: { ...s.context, options: { ...s.context.options, turns } } };
}

/** The Harkonnen passed and the Guild committed: its selection between the Emperor's cards. */
function claimed(): Snap {
  let s = battleBoundary(GUILD);
  for (const type of ['pass', 'use_semuta']) {
    const [seat] = dune.deciders(s);
    const action = dune.legalActions(s, seat as never).find((a) => a.type === type);
    if (!seat || !action) throw new Error(`no ${type}`);
    s = applyAction(dune, s, seat, action);
  }
  return s;
}

describeWithServices('game nodes: Semuta boundaries and selections', () => {
  let db: pg.Client;
  let store: RoomStore;
  let client: Bus;
  const nodes: GameNode[] = [];
  const buses: Bus[] = [];

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase('game_semuta');
    db = await openDb(databaseUrl);
    store = await openPostgresRoomStore({ connectionString: databaseUrl, maxConnections: 4 });
    client = await NatsBus.connect({ servers: services().natsUrl, name: 'semuta-test' });
  });

  const workers: AiWorker[] = [];

  async function stopNodes(): Promise<void> {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await Promise.all(nodes.splice(0).map((n) => n.stop()));
    await Promise.all(buses.splice(0).map((b) => b.close()));
  }
  // A node left running would answer the next case's rooms.
  afterEach(stopNodes);

  afterAll(async () => {
    await stopNodes();
    await client?.close();
    await store?.close();
    await db?.end();
  });

  async function node(nodeId: string, options: object = SHORT_LEASE): Promise<GameNode> {
    return startNode(nodeId, options);
  }

  async function startNode(nodeId: string, options: object): Promise<GameNode> {
    const bus = await NatsBus.connect({ servers: services().natsUrl, name: nodeId });
    buses.push(bus);
    const started = await startGameNode({
      nodeId,
      store,
      bus,
      games: [dune],
      idleUnloadMs: 60_000,
      abandonUnjoinedMs: 0,
      ...options,
    });
    nodes.push(started);
    return started;
  }

  /**
   * A 3-seat Semuta room stored at the scenario's battle (the Emperor lost and discarded two
   * cards; the Guild holds the Semuta): the boundary open, the Harkonnen asked first. No node
   * holds it: the first command places it.
   */
  async function createRoom(roomId: string, where: 'spacing_guild' | 'deck' = GUILD) {
    await store.createRoom({
      id: roomId,
      game: dune.id,
      rulesVersion: dune.rulesVersion,
      options: { seed: roomId, gameOptions: { factions: THREE, semutaDrug: true } },
      seats: Object.fromEntries(THREE.map((f) => [f, { kind: 'human', tokenHash: TOKEN_HASH }])),
      status: 'active',
      snapshot: persistGame(battleBoundary(where)),
    });
  }

  async function sync(
    roomId: string,
    viewer: string,
  ): Promise<{ version: number; view: DuneView }> {
    const reply = await sendRoomCommand(client, roomId, { type: 'sync', viewer }, CLIENT);
    if (!reply.ok || !reply.view) throw new Error(`sync refused: ${JSON.stringify(reply)}`);
    return { version: reply.view.version, view: reply.view.view as unknown as DuneView };
  }

  function act(
    roomId: string,
    seat: string,
    version: number,
    action: DuneAction,
    requestId: string,
  ): Promise<Reply> {
    const command = { type: 'act', seat, version, action: action as never, requestId } as const;
    return sendRoomCommand(client, roomId, command, CLIENT);
  }

  /** The seat's legal action of `type` at the room's version. */
  async function legal(roomId: string, seat: string, type: string) {
    const { version, view } = await sync(roomId, seat);
    const action = view.legalActions?.find((a) => a.type === type);
    if (!action) throw new Error(`${seat} has no ${type} in ${roomId}`);
    return { version, action };
  }

  async function play(roomId: string, seat: string, type: string, requestId: string) {
    const { version, action } = await legal(roomId, seat, type);
    const reply = await act(roomId, seat, version, action, requestId);
    expect(reply, `${roomId} ${seat} ${type}`).toEqual({ ok: true, version: version + 1 });
    return version + 1;
  }

  /** The stored log: versions and actions in order. */
  async function events(roomId: string) {
    const rows = await db.query<{ version: number; request_id: string; action: unknown }>(
      'select version, request_id, action from room_events where room_id = $1 order by version',
      [roomId],
    );
    return rows.rows.map((r) => ({
      version: r.version,
      requestId: r.request_id,
      type: ((r.action as { action?: { type?: string } }).action?.type ?? 'other') as string,
    }));
  }

  /** Versions 1..n, each once. */
  function expectNoGap(log: { version: number }[], roomId: string) {
    expect(
      log.map((e) => e.version),
      roomId,
    ).toEqual(log.map((_, i) => i + 1));
  }

  /** Harkonnen passes, the Guild commits: the selection between the Emperor's two cards. */
  async function toSelection(roomId: string): Promise<number> {
    await play(roomId, 'harkonnen', 'pass', `${roomId}-h-pass`);
    return play(roomId, GUILD, 'use_semuta', `${roomId}-claim`);
  }

  /**
   * The candidates go to the Guild alone: every other seat and the spectator get no `semuta`
   * and none of its handles, before and after a restart or a takeover alike. The candidates.
   */
  async function expectCandidatesToClaimantOnly(roomId: string): Promise<string[]> {
    const mine = (await sync(roomId, GUILD)).view;
    const handles = mine.semuta?.candidates.map((c) => c.handle) ?? [];
    expect(mine.semuta?.candidates.map((c) => c.card)).toEqual(['crysknife', 'shield']);
    expect(mine.legalActions).toEqual(handles.map((pick) => ({ type: 'semuta_select', pick })));
    for (const viewer of VIEWERS.filter((v) => v !== GUILD)) {
      const { view } = await sync(roomId, viewer);
      expect(view.semuta, viewer).toBeUndefined();
      const text = JSON.stringify(view);
      for (const h of handles) expect(text, viewer).not.toContain(`"${h}"`);
      // The public decision says the Guild selects, never among what.
      expect(view.legalActions, viewer).toBeUndefined();
    }
    return handles;
  }

  /**
   * Four selections at one version — two with the same request id, one more of the same card,
   * one of the other: exactly one request is accepted (its twin gets the same answer), the
   * rest are refused `stale_version`, and the log stores exactly one selection.
   */
  async function raceSelections(roomId: string, version: number, handles: string[]) {
    const [a, b] = handles as [string, string];
    const sent: [string, string][] = [
      [a, `${roomId}-s1`],
      [a, `${roomId}-s1`],
      [a, `${roomId}-s2`],
      [b, `${roomId}-s3`],
    ];
    const replies = await Promise.all(
      sent.map(([pick, id]) => act(roomId, GUILD, version, { type: 'semuta_select', pick }, id)),
    );
    const acceptedIds = new Set(sent.filter((_, i) => replies[i]?.ok).map(([, id]) => id));
    expect(acceptedIds.size, roomId).toBe(1);
    for (const [i, reply] of replies.entries()) {
      if (reply.ok) expect(reply.version).toBe(version + 1);
      else expect(reply.error.code, `${roomId} #${i}`).toBe('stale_version');
    }
    const log = await events(roomId);
    expectNoGap(log, roomId);
    expect(log.filter((e) => e.type === 'semuta_select').map((e) => e.requestId)).toEqual([
      ...acceptedIds,
    ]);
    // The selection is over: nothing is left to pick, for anyone.
    const after = await sync(roomId, GUILD);
    expect(after.version).toBe(version + 1);
    expect(after.view.semuta).toBeUndefined();
  }

  /**
   * The Guild's claim and decline sent at once at the open boundary (the Harkonnen passed), in
   * either order: exactly one accepted version, the other `stale_version`, one stored. Whether
   * the claim won.
   */
  async function raceClaimDecline(roomId: string, declineFirst: boolean): Promise<boolean> {
    const claim = await legal(roomId, GUILD, 'use_semuta');
    const decline = await legal(roomId, GUILD, 'pass');
    expect(decline.version).toBe(claim.version);
    const pair: [DuneAction, string][] = [
      [claim.action, `${roomId}-claim`],
      [decline.action, `${roomId}-decline`],
    ];
    if (declineFirst) pair.reverse();
    const replies = await Promise.all(
      pair.map(([action, id]) => act(roomId, GUILD, claim.version, action, id)),
    );
    const accepted = replies.filter((r) => r.ok);
    expect(accepted, roomId).toEqual([{ ok: true, version: claim.version + 1 }]);
    const refused = replies.find((r) => !r.ok);
    expect(refused && !refused.ok && refused.error.code, roomId).toBe('stale_version');
    const log = await events(roomId);
    expectNoGap(log, roomId);
    const last = log.at(-1);
    expect(last?.version).toBe(claim.version + 1);
    const claimed = last?.type === 'use_semuta';
    expect(log.filter((e) => ['use_semuta', 'pass'].includes(e.type))).toHaveLength(2);
    // What the view shows agrees with what was stored: a selection only after a claim.
    const { view } = await sync(roomId, GUILD);
    expect(view.semuta !== undefined, roomId).toBe(claimed);
    return claimed;
  }

  it('a claim and a decline sent at once for the same seat: exactly one accepted version', async () => {
    await node('semuta-a');
    const outcomes = { claim: 0, decline: 0 };
    for (let i = 0; i < 8; i += 1) {
      const roomId = `semuta-race-${i}`;
      await createRoom(roomId);
      await play(roomId, 'harkonnen', 'pass', `${roomId}-h-pass`);
      outcomes[(await raceClaimDecline(roomId, i % 2 === 1)) ? 'claim' : 'decline'] += 1;
    }
    console.log(`[semuta races] 8 claim/decline races: ${JSON.stringify(outcomes)} won`);
  });

  it('duplicate selections (same and different request ids, same version): exactly one accepted', async () => {
    await node('semuta-a');
    for (let i = 0; i < 4; i += 1) {
      const roomId = `semuta-select-${i}`;
      await createRoom(roomId);
      const version = await toSelection(roomId);
      const handles = await expectCandidatesToClaimantOnly(roomId);
      await raceSelections(roomId, version, handles);
    }
  });

  it('across node restarts mid-boundary and mid-selection: the same candidates to the claimant only, one accepted selection, one of a claim and a decline', async () => {
    const roomId = 'semuta-restart';
    await createRoom(roomId);
    const first = await node('semuta-r1');
    await play(roomId, 'harkonnen', 'pass', `${roomId}-h-pass`);
    expect(first.rooms()).toEqual([roomId]);
    await first.stop(); // mid-boundary, keeping its lease (it expires)
    const second = await node('semuta-r2');
    const version = await play(roomId, GUILD, 'use_semuta', `${roomId}-claim`);
    expect(second.rooms()).toEqual([roomId]);
    const before = await expectCandidatesToClaimantOnly(roomId);
    await second.stop(); // mid-selection
    const third = await node('semuta-r3');
    // Reloaded from the store: the same candidates under the same handles, the Guild's alone.
    expect(await expectCandidatesToClaimantOnly(roomId)).toEqual(before);
    expect(third.rooms()).toEqual([roomId]);
    await raceSelections(roomId, version, before);
    // A claim and a decline raced on a node that took over a room stopped mid-boundary.
    const raced = 'semuta-restart-race';
    await createRoom(raced);
    await play(raced, 'harkonnen', 'pass', `${raced}-h-pass`);
    await third.stop();
    await node('semuta-r4');
    await raceClaimDecline(raced, false);
  });

  it('after a takeover: the stale owner’s commit is fenced, the candidates stay the claimant’s, one accepted selection and one of a claim and a decline', async () => {
    const roomId = 'semuta-takeover';
    await createRoom(roomId);
    const owner = await node('semuta-t1', LIVENESS);
    const version = await toSelection(roomId);
    // A second room left at the open boundary: raced on the taker.
    const raced = 'semuta-takeover-race';
    await createRoom(raced);
    await play(raced, 'harkonnen', 'pass', `${raced}-h-pass`);
    const handles = await expectCandidatesToClaimantOnly(roomId);
    const taker = await node('semuta-t2', LIVENESS);
    await nextHeartbeat(client, 'semuta-t1');
    await owner.stop(); // silent: the taker moves the room without waiting out the lease
    await waitForReady(
      'the room taken over',
      async () => {
        expect(taker.rooms().sort()).toEqual([roomId, raced].sort());
      },
      { timeoutMs: 10_000 },
    );
    // The old owner's selection, committed at the right version after the takeover, is fenced.
    const stale = await store.appendEvent({
      roomId,
      expectedVersion: version,
      seat: GUILD,
      requestId: `${roomId}-stale`,
      action: { type: 'act', action: { type: 'semuta_select', pick: handles[1] } },
      leaseOwner: 'semuta-t1',
    });
    expect(stale).toEqual({ status: 'conflict', currentVersion: version });
    expect(await expectCandidatesToClaimantOnly(roomId)).toEqual(handles);
    await raceSelections(roomId, version, handles);
    await raceClaimDecline(raced, true);
  });

  it('a sole candidate is settled by the node in the claim itself: no selection is asked', async () => {
    await node('semuta-a');
    const roomId = 'semuta-sole';
    await createRoom(roomId);
    await play(roomId, 'harkonnen', 'pass', `${roomId}-h-pass`);
    await play(roomId, GUILD, 'pass', `${roomId}-g-pass`);
    // The Harkonnen keeps the Snooper and discards the Chaumas: a batch of one card.
    const keep = await sync(roomId, 'harkonnen');
    const discard = keep.view.legalActions?.find(
      (a) => a.type === 'keep' && JSON.stringify(a.discard) === '["h0"]',
    );
    if (!discard) throw new Error('no keep discarding h0');
    expect(await act(roomId, 'harkonnen', keep.version, discard, `${roomId}-keep`)).toMatchObject({
      ok: true,
    });
    await play(roomId, 'emperor', 'pass', `${roomId}-e-pass`);
    const version = await play(roomId, GUILD, 'use_semuta', `${roomId}-claim`);
    const { view } = await sync(roomId, GUILD);
    expect(view.semuta).toBeUndefined();
    expect(view.legalActions ?? []).not.toContainEqual(
      expect.objectContaining({ type: 'semuta_select' }),
    );
    expect(view.players[GUILD]?.hand.map((c) => c.card)).toEqual(['chaumas']);
    const log = await events(roomId);
    expectNoGap(log, roomId);
    expect(log.at(-1)).toMatchObject({ version, type: 'use_semuta' });
    expect(log.filter((e) => e.type === 'semuta_select')).toEqual([]);
  });

  it('bots of every level play Semuta rooms to the end through AI workers', async () => {
    const lines: string[] = [];
    await startNode('semuta-bots', {
      ...SHORT_LEASE,
      logger: createLogger({}, 'info', (line) => lines.push(line)),
    });
    for (const id of ['semuta-ai-1', 'semuta-ai-2']) {
      const bus = await NatsBus.connect({ servers: services().natsUrl, name: id });
      buses.push(bus);
      workers.push(
        await startAiWorker({
          bus,
          games: [dune as unknown as AnyGameModule],
          threads: 0,
          thinkTime: { minMs: 0, jitterMs: 0 },
          decider: smallBudget,
          workerId: id,
        }),
      );
    }
    // Two rooms at the open boundary with the Harkonnen holding the Semuta (the game ends with
    // turn 2), and one per level at the Guild's selection after its claim (ends with turn 1).
    const rooms: Array<[string, Snap, readonly string[]]> = [
      ['semuta-bots-0', withTurns(battleBoundary('harkonnen'), 2), ['random', 'greedy', 'ismcts']],
      ['semuta-bots-1', withTurns(battleBoundary('harkonnen'), 2), ['random', 'expert', 'random']],
      ...BOT_LEVELS.map((level): [string, Snap, readonly string[]] => [
        `semuta-bots-select-${level}`,
        withTurns(claimed(), 1),
        ['random', 'random', level],
      ]),
    ];
    const roomIds = rooms.map(([id]) => id);
    for (const [roomId, snapshot, levels] of rooms) {
      await store.createRoom({
        id: roomId,
        game: dune.id,
        rulesVersion: dune.rulesVersion,
        options: { seed: roomId, gameOptions: { factions: THREE, semutaDrug: true } },
        seats: Object.fromEntries(
          THREE.map((f, k) => [f, { kind: 'bot', level: levels[k] as string }]),
        ),
        status: 'active',
        snapshot: persistGame(snapshot),
      });
      // Bots only: the first command places the room, and the node starts asking its bots.
      await sync(roomId, 'spectator');
    }
    await waitForReady(
      'every bot room finished',
      async () => {
        const rows = await db.query<{ n: number }>(
          "select count(*)::int as n from rooms where id = any($1) and status = 'finished'",
          [roomIds],
        );
        expect(rows.rows[0]?.n).toBe(roomIds.length);
      },
      { timeoutMs: 110_000 },
    );
    const met: Record<string, Record<string, number>> = {};
    for (const roomId of roomIds) {
      const log = await events(roomId);
      expectNoGap(log, roomId);
      const count = (type: string) => log.filter((e) => e.type === type).length;
      met[roomId] = {
        events: log.length,
        pass: count('pass'),
        use_semuta: count('use_semuta'),
        semuta_select: count('semuta_select'),
      };
    }
    // Each level's Guild made its selection through a worker.
    for (const level of BOT_LEVELS) {
      expect(met[`semuta-bots-select-${level}`]?.['semuta_select'], level).toBe(1);
    }
    // Every bot move came from a worker: the node never fell back to its random move.
    expect(lines.filter((l) => l.includes('bot fallback'))).toEqual([]);
    console.log(`[semuta bots through workers] ${JSON.stringify(met)}`);
  }, 120_000);
});

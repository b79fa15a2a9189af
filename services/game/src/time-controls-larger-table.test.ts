import type { Bus, InProcessBroker } from '@veil/bus';
import { PRODUCTION_GAMES } from '@veil/game-registry';
import {
  AI_QUEUE_GROUP,
  aiRequestSchema,
  aiRequestSubject,
  createRoomCommandReplySchema,
  ROOMS_CREATE_SUBJECT,
  type SeatClocks,
} from '@veil/protocol';
import type { RoomStore } from '@veil/store';
import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock-source.js';
import { startGameNode } from './game-node.js';
import { gameRegistry } from './game-registry.js';
import { sendRoomCommand } from './room-client.js';
import { eventually, TOKEN_HASH, useMemoryWorld } from './test-support.js';

// Time controls at a Dune table of three (docs/protocol.md, "Time controls"), with a fake clock:
// only the people's seats have clocks; a seat already in on a simultaneous choice is not charged;
// a player whose time runs out while another plays on is replaced by a bot, and the last
// player's flag-fall ends the room.

const games = gameRegistry(PRODUCTION_GAMES.filter((entry) => entry.module.id === 'dune'));
const START = 1_700_000_000_000;
const ROOM = 'dune-timed';

describe('time controls at a larger table (fake clock, in-process bus, PGlite)', () => {
  let broker: InProcessBroker;
  let store: RoomStore;
  let client: Bus;

  useMemoryWorld((world) => ({ broker, store, client } = world));

  async function seen(viewer: string) {
    const reply = await sendRoomCommand(client, ROOM, { type: 'sync', viewer });
    if (!reply.ok || !reply.view) throw new Error(`sync refused: ${JSON.stringify(reply)}`);
    const view = reply.view.view as { legalActions?: unknown[] };
    return {
      version: reply.view.version,
      clocks: reply.view.clocks as SeatClocks | undefined,
      legal: view.legalActions ?? [],
      outcome: reply.view.outcome,
    };
  }

  const chatEvents = async () =>
    (await store.chatLines(ROOM, 50)).map((row) => {
      const line = row.line as { seat?: string; event?: string };
      return `${line.seat} ${line.event}`;
    });

  it('clocks the people only (bots have none); a flag-fall hands a seat to a bot while another plays on', async () => {
    const clock = new ManualClock(START);
    const node = await startGameNode({
      nodeId: 'dune-timed',
      store,
      bus: broker.connect(),
      games,
      bots: { timeoutMs: 5_000, attempts: 3 },
      idleUnloadMs: 60_000,
      clock,
    });
    // A stand-in AI worker: every bot plays its first legal action.
    const worker = await broker.connect().subscribe(
      aiRequestSubject('dune'),
      ({ data, respond }) => {
        const request = aiRequestSchema.parse(data);
        respond?.({
          ok: true,
          roomId: request.roomId,
          version: request.version,
          action: request.legalActions[0],
        });
      },
      { queue: AI_QUEUE_GROUP },
    );
    try {
      const created = createRoomCommandReplySchema.parse(
        await client.request(ROOMS_CREATE_SUBJECT, {
          roomId: ROOM,
          game: 'dune',
          seats: {
            atreides: { kind: 'human', tokenHash: TOKEN_HASH },
            emperor: { kind: 'human', tokenHash: TOKEN_HASH },
            fremen: { kind: 'bot', level: 'random' },
          },
          options: {
            seed: 3,
            gameOptions: { factions: ['atreides', 'emperor', 'fremen'] },
            timeControl: { baseSeconds: 60, incrementSeconds: 0, onFlag: 'loss' },
          },
        }),
      );
      expect(created).toMatchObject({ ok: true });
      for (const viewer of ['atreides', 'emperor']) {
        await sendRoomCommand(client, ROOM, { type: 'join', viewer, connectionId: viewer });
      }
      // Both came: the clocks run, the people's only (the bot's traitor pick may be in already).
      await eventually(async () => (await seen('atreides')).clocks?.awaiting === undefined);
      expect((await seen('atreides')).clocks?.remainingMs).toEqual({
        atreides: 60_000,
        emperor: 60_000,
      });

      // The Atreides pick their traitor: in, their clock stops while the Emperor think.
      const atreides = await seen('atreides');
      const picked = await sendRoomCommand(client, ROOM, {
        type: 'act',
        seat: 'atreides',
        version: atreides.version,
        action: atreides.legal[0] as never,
        requestId: 'pick',
      });
      expect(picked).toMatchObject({ ok: true });
      clock.advance(30_000);
      expect((await seen('emperor')).clocks).toEqual({
        remainingMs: { atreides: 60_000, emperor: 30_000 },
        running: ['emperor'],
      });

      // The Emperor's time runs out: a bot (the table's level) takes the seat, the game goes on.
      clock.advance(30_000);
      await eventually(
        async () => (await store.roomRecord(ROOM))?.seats['emperor']?.kind === 'bot',
      );
      expect((await store.roomRecord(ROOM))?.seats['emperor']).toEqual({
        kind: 'bot',
        level: 'random',
      });
      const events = (await store.load(ROOM, { snapshotBefore: 1 }))?.events ?? [];
      expect(
        events.find((e) => e.action && (e.action as { type: string }).type === 'handed_to_bot'),
      ).toMatchObject({ seat: 'emperor', requestId: expect.stringMatching(/^flag-emperor-v/) });
      await eventually(async () => (await chatEvents()).includes('emperor handed_to_bot'));
      expect(await chatEvents()).toContain('emperor out_of_time');
      expect((await store.roomSummary(ROOM))?.status).toBe('active');
      // The seat's clock is gone; the bot plays it past the setup's choice.
      expect(Object.keys((await seen('atreides')).clocks?.remainingMs ?? {})).toEqual(['atreides']);

      // The last player's time runs out once it is theirs to decide: the room ends.
      await eventually(
        async () => (await seen('atreides')).clocks?.running.includes('atreides') === true,
      );
      clock.advance(60_000);
      await eventually(async () => (await store.roomSummary(ROOM))?.status === 'finished');
      const outcome = (await store.roomSummary(ROOM))?.outcome;
      expect({ ...outcome, winners: [...(outcome?.winners ?? [])].sort() }).toEqual({
        winners: ['emperor', 'fremen'],
        reason: 'time',
      });

      // A timed table of bots only has no clock at all: its views carry none.
      const bots = Object.fromEntries(
        ['atreides', 'emperor', 'fremen'].map((f) => [f, { kind: 'bot', level: 'random' }]),
      );
      const allBots = createRoomCommandReplySchema.parse(
        await client.request(ROOMS_CREATE_SUBJECT, {
          roomId: 'dune-timed-bots',
          game: 'dune',
          seats: bots,
          options: {
            seed: 4,
            gameOptions: { factions: ['atreides', 'emperor', 'fremen'] },
            timeControl: { baseSeconds: 60, incrementSeconds: 0, onFlag: 'loss' },
          },
        }),
      );
      expect(allBots).toMatchObject({ ok: true });
      const watched = await sendRoomCommand(client, 'dune-timed-bots', {
        type: 'sync',
        viewer: 'spectator',
      });
      expect(watched).toMatchObject({ ok: true });
      expect(watched.ok && watched.view?.clocks).toBeUndefined();
    } finally {
      await worker.unsubscribe();
      await node.stop();
    }
  });
});

import type { Bus, InProcessBroker } from '@veil/bus';
import { PRODUCTION_GAMES } from '@veil/game-registry';
import {
  AI_QUEUE_GROUP,
  aiRequestSchema,
  aiRequestSubject,
  createRoomCommandReplySchema,
  handOverIdleAction,
  IDLE_ABSENT_SECONDS,
  IDLE_SECONDS,
  ROOMS_CREATE_SUBJECT,
} from '@veil/protocol';
import type { RoomStore } from '@veil/store';
import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock-source.js';
import { startGameNode } from './game-node.js';
import { gameRegistry } from './game-registry.js';
import { sendRoomCommand } from './room-client.js';
import { eventually, TOKEN_HASH, useMemoryWorld } from './test-support.js';

// An untimed Dune table of three people (docs/protocol.md, "Hand an idle seat to a bot"), with a
// fake clock: a player who never comes, and then one who sits at an open page without deciding,
// are handed to a bot by another player once the table has waited on them long enough.

const games = gameRegistry(PRODUCTION_GAMES.filter((entry) => entry.module.id === 'dune'));
const ROOM = 'dune-idle';
const SECOND = 1_000;

describe('handing an idle seat to a bot (fake clock, in-process bus, PGlite)', () => {
  let broker: InProcessBroker;
  let store: RoomStore;
  let client: Bus;

  useMemoryWorld((world) => ({ broker, store, client } = world));

  async function seen(viewer: string) {
    const reply = await sendRoomCommand(client, ROOM, { type: 'sync', viewer });
    if (!reply.ok || !reply.view) throw new Error(`sync refused: ${JSON.stringify(reply)}`);
    const view = reply.view.view as { legalActions?: unknown[]; deciders: string[] };
    return { version: reply.view.version, legal: view.legalActions ?? [], deciders: view.deciders };
  }

  const act = async (seat: string, action: unknown, requestId: string) =>
    sendRoomCommand(client, ROOM, {
      type: 'act',
      seat,
      version: (await seen(seat)).version,
      action: action as never,
      requestId,
    });

  const handedLines = async () =>
    (await store.chatLines(ROOM, 50)).flatMap((row) => {
      const line = row.line as { seat?: string; event?: string; by?: string; level?: string };
      return line.event === 'handed_to_bot' ? [line] : [];
    });

  it('hands a seat over after the table waited on it: sooner with no connection open to it', async () => {
    const clock = new ManualClock(1_700_000_000_000);
    const node = await startGameNode({
      nodeId: 'dune-idle',
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
      const human = { kind: 'human', tokenHash: TOKEN_HASH };
      const created = createRoomCommandReplySchema.parse(
        await client.request(ROOMS_CREATE_SUBJECT, {
          roomId: ROOM,
          game: 'dune',
          seats: { atreides: human, emperor: human, fremen: human },
          options: { seed: 3, gameOptions: { factions: ['atreides', 'emperor', 'fremen'] } },
        }),
      );
      expect(created).toMatchObject({ ok: true });
      // The Atreides and the Emperor come; the Fremen never do. Only the Atreides pick a traitor.
      for (const viewer of ['atreides', 'emperor']) {
        await sendRoomCommand(client, ROOM, { type: 'join', viewer, connectionId: viewer });
      }
      expect(await act('atreides', (await seen('atreides')).legal[0], 'pick')).toMatchObject({
        ok: true,
      });

      // Not yet: the table has waited on the Fremen a second less than it must.
      clock.advance(IDLE_ABSENT_SECONDS * SECOND - 1);
      expect(await act('atreides', handOverIdleAction('fremen'), 'early')).toMatchObject({
        ok: false,
        error: { code: 'illegal_action' },
      });
      clock.advance(1);
      // The Emperor's page is open: not yet for them. Not for a seat the game does not wait on,
      // nor in any other shape.
      expect(await act('atreides', handOverIdleAction('emperor'), 'open')).toMatchObject({
        ok: false,
        error: { code: 'illegal_action' },
      });
      const malformed = { ...handOverIdleAction('fremen'), level: 'expert' };
      expect(await act('atreides', malformed, 'shape')).toMatchObject({
        ok: false,
        error: { code: 'bad_request' },
      });
      const before = (await seen('atreides')).version;
      expect(await act('emperor', handOverIdleAction('fremen'), 'absent')).toEqual({
        ok: true,
        version: before + 1,
      });

      // The Fremen seat is a bot's now, at the level a concession would bring; the event is the
      // Fremen's, naming who handed it over, and the table chat says so.
      expect((await store.roomRecord(ROOM))?.seats['fremen']).toEqual({
        kind: 'bot',
        level: 'ismcts',
      });
      const events = (await store.load(ROOM, { snapshotBefore: 1 }))?.events ?? [];
      expect(events.at(before)).toMatchObject({
        seat: 'fremen',
        requestId: `idle-fremen-v${before}`,
        action: { type: 'handed_to_bot', level: 'ismcts', by: 'emperor' },
      });
      await eventually(async () => (await handedLines()).length === 1);
      expect(await handedLines()).toMatchObject([
        { seat: 'fremen', level: 'ismcts', by: 'emperor' },
      ]);
      // The seat's token is no longer a player's.
      for (const command of [
        { type: 'sync', viewer: 'fremen' },
        { type: 'act', seat: 'fremen', version: before + 1, action: {}, requestId: 'late' },
      ] as const) {
        expect(await sendRoomCommand(client, ROOM, command)).toMatchObject({
          ok: false,
          error: { code: 'forbidden' },
        });
      }

      // The bot picks its traitor; the table waits on the Emperor alone, whose page is open.
      await eventually(async () => (await seen('emperor')).version === before + 2);
      clock.advance(IDLE_SECONDS * SECOND - 1);
      expect(await act('atreides', handOverIdleAction('emperor'), 'thinking')).toMatchObject({
        ok: false,
        error: { code: 'illegal_action' },
      });
      clock.advance(1);
      expect(await act('atreides', handOverIdleAction('emperor'), 'gone')).toMatchObject({
        ok: true,
      });
      expect((await store.roomRecord(ROOM))?.seats['emperor']).toMatchObject({ kind: 'bot' });
      // Both bots play on: the game moves past the traitor picks.
      await eventually(async () => !(await seen('atreides')).deciders.includes('emperor'));
      expect((await store.roomSummary(ROOM))?.status).toBe('active');
    } finally {
      await worker.unsubscribe();
      await node.stop();
    }
  });
});

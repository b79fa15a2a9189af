import type { Bus } from '@veil/bus';
import { PRODUCTION_GAMES } from '@veil/game-registry';
import { parlorGame } from '@veil/parlor';
import {
  createRoomCommandReplySchema,
  handOverIdleAction,
  IDLE_ABSENT_SECONDS,
  IDLE_SECONDS,
  ROOMS_CREATE_SUBJECT,
} from '@veil/protocol';
import type { RoomStore } from '@veil/store';
import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock-source.js';
import { gameRegistry } from './game-registry.js';
import { sendRoomCommand } from './room-client.js';
import {
  createParlorRoom,
  eventually,
  playFirstLegal,
  startNodeWithFirstLegalBots,
  syncView,
  TOKEN_HASH,
  useMemoryWorld,
  type MemoryWorld,
} from './test-support.js';

// An untimed Dune table of four people (docs/protocol.md, "Hand an idle seat to a bot"), with a
// fake clock: a player who never comes, one who left, and one who sits at an open page without
// deciding are handed to a bot by another player once the table has waited on them long enough.

const games = gameRegistry([
  ...PRODUCTION_GAMES.filter((entry) => entry.module.id === 'dune'),
  parlorGame,
]);
const ROOM = 'dune-idle';
const SECOND = 1_000;

describe('handing an idle seat to a bot (fake clock, in-process bus, PGlite)', () => {
  let world: MemoryWorld;
  let store: RoomStore;
  let client: Bus;

  useMemoryWorld((adopted) => ({ store, client } = world = adopted));

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
    const node = await startNodeWithFirstLegalBots(world, {
      nodeId: 'dune-idle',
      game: 'dune',
      games,
      clock,
    });
    try {
      const human = { kind: 'human', tokenHash: TOKEN_HASH };
      const factions = ['atreides', 'emperor', 'fremen', 'spacing_guild'];
      const created = createRoomCommandReplySchema.parse(
        await client.request(ROOMS_CREATE_SUBJECT, {
          roomId: ROOM,
          game: 'dune',
          seats: Object.fromEntries(factions.map((faction) => [faction, human])),
          options: { seed: 3, gameOptions: { factions } },
        }),
      );
      expect(created).toMatchObject({ ok: true });
      // Three players come; the Fremen never do. The Atreides pick a traitor, then close the page.
      for (const viewer of ['atreides', 'emperor', 'spacing_guild']) {
        await sendRoomCommand(client, ROOM, { type: 'join', viewer, connectionId: viewer });
      }
      expect(await act('atreides', (await seen('atreides')).legal[0], 'pick')).toMatchObject({
        ok: true,
      });
      await sendRoomCommand(client, ROOM, {
        type: 'leave',
        viewer: 'atreides',
        connectionId: 'atreides',
      });

      // Not yet: the table has waited on the Fremen a second less than it must.
      clock.advance(IDLE_ABSENT_SECONDS * SECOND - 1);
      expect(await act('spacing_guild', handOverIdleAction('fremen'), 'early')).toMatchObject({
        ok: false,
        error: { code: 'illegal_action' },
      });
      clock.advance(1);
      // The Emperor's page is open: not yet for them. Not in any other shape.
      expect(await act('spacing_guild', handOverIdleAction('emperor'), 'open')).toMatchObject({
        ok: false,
        error: { code: 'illegal_action' },
      });
      const malformed = { ...handOverIdleAction('fremen'), level: 'expert' };
      expect(await act('spacing_guild', malformed, 'shape')).toMatchObject({
        ok: false,
        error: { code: 'bad_request' },
      });
      const before = (await seen('emperor')).version;
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

      // The bot picks its traitor. Whether a seat is in is hidden, so the Atreides, in but gone,
      // are handed over like anyone the table waits on (their pick stands for the bot).
      await eventually(async () => (await seen('emperor')).version === before + 2);
      clock.advance(IDLE_ABSENT_SECONDS * SECOND);
      expect(await act('emperor', handOverIdleAction('atreides'), 'gone')).toMatchObject({
        ok: true,
      });

      // A player at an open page who does not decide: handed over after the longer wait.
      clock.advance(IDLE_SECONDS * SECOND - 1);
      expect(await act('spacing_guild', handOverIdleAction('emperor'), 'thinking')).toMatchObject({
        ok: false,
        error: { code: 'illegal_action' },
      });
      clock.advance(1);
      expect(await act('spacing_guild', handOverIdleAction('emperor'), 'idle')).toMatchObject({
        ok: true,
      });
      expect((await store.roomRecord(ROOM))?.seats['emperor']).toMatchObject({ kind: 'bot' });
      expect((await handedLines()).map((line) => `${line.seat} by ${line.by}`)).toEqual([
        'fremen by emperor',
        'atreides by emperor',
        'emperor by spacing_guild',
      ]);
      expect((await store.roomSummary(ROOM))?.status).toBe('active');
    } finally {
      await node.stop();
    }
  });

  it('at a two-seat table claims the game from an opponent who is gone, as a reload tells too', async () => {
    const clock = new ManualClock(1_700_000_000_000);
    const room = 'parlor-idle';
    let node = await startNodeWithFirstLegalBots(world, {
      nodeId: 'parlor-idle',
      game: 'parlor',
      games,
      clock,
    });
    try {
      await createParlorRoom(client, room);
      await sendRoomCommand(client, room, { type: 'join', viewer: 'p1', connectionId: 'p1' });
      // P1 ends its turn: P2's now, and P2 never came.
      expect(await playFirstLegal(client, room, 'p1-end', ['end'])).toMatchObject({ seat: 'p1' });
      const { version, view } = await syncView(client, room, 'p1');
      expect(view.deciders).toEqual(['p2']);
      const claim = (requestId: string) =>
        sendRoomCommand(client, room, {
          type: 'act',
          seat: 'p1',
          version,
          action: handOverIdleAction('p2'),
          requestId,
        });
      clock.advance(IDLE_ABSENT_SECONDS * SECOND - 1);
      expect(await claim('early')).toMatchObject({ ok: false, error: { code: 'illegal_action' } });
      clock.advance(1);
      expect(await claim('claim')).toEqual({ ok: true, version: version + 1 });

      const left = { winners: ['p1'], reason: 'left' };
      expect(await store.roomSummary(room)).toMatchObject({ status: 'finished', outcome: left });
      const events = (await store.load(room, { snapshotBefore: 1 }))?.events ?? [];
      expect(events.at(-1)).toMatchObject({
        seat: 'p2',
        requestId: `idle-p2-v${version}`,
        action: { type: 'concede', by: 'p1' },
      });
      await eventually(async () =>
        (await store.chatLines(room, 50)).some(
          (row) => (row.line as { event?: string; by?: string }).by === 'p1',
        ),
      );
      // Another node loading the room reads the same end from its log.
      await node.drain();
      node = await startNodeWithFirstLegalBots(world, {
        nodeId: 'parlor-idle-2',
        game: 'parlor',
        games,
        clock,
      });
      const reloaded = await sendRoomCommand(client, room, { type: 'sync', viewer: 'p1' });
      expect(reloaded).toMatchObject({ ok: true, view: { version: version + 1, outcome: left } });
    } finally {
      await node.stop();
    }
  });
});

import type { Bus } from '@veil/bus';
import { PRODUCTION_GAMES } from '@veil/game-registry';
import {
  createRoomCommandReplySchema,
  ROOMS_CREATE_SUBJECT,
  type SeatClocks,
} from '@veil/protocol';
import type { RoomStore } from '@veil/store';
import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock-source.js';
import { gameRegistry } from './game-registry.js';
import { sendRoomCommand } from './room-client.js';
import {
  eventually,
  startNodeWithFirstLegalBots,
  TOKEN_HASH,
  useMemoryWorld,
  type MemoryWorld,
} from './test-support.js';

// Time controls at a Dune table of three (docs/protocol.md, "Time controls"), with a fake clock:
// only the people's seats have clocks; whether a seat is in on a simultaneous choice is hidden,
// so the clocks do not tell it; a player whose time runs out while another plays on is replaced
// by a bot, and the last player's flag-fall ends the room.

const games = gameRegistry(PRODUCTION_GAMES.filter((entry) => entry.module.id === 'dune'));
const START = 1_700_000_000_000;
const ROOM = 'dune-timed';

describe('time controls at a larger table (fake clock, in-process bus, PGlite)', () => {
  let world: MemoryWorld;
  let store: RoomStore;
  let client: Bus;

  useMemoryWorld((adopted) => ({ store, client } = world = adopted));

  async function seen(viewer: string, room = ROOM) {
    const reply = await sendRoomCommand(client, room, { type: 'sync', viewer });
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

  /** A timed Dune table of two people and a bot, both people come; `seed` fixes the deal. */
  async function openTable(room: string, incrementSeconds: number): Promise<void> {
    const created = createRoomCommandReplySchema.parse(
      await client.request(ROOMS_CREATE_SUBJECT, {
        roomId: room,
        game: 'dune',
        seats: {
          atreides: { kind: 'human', tokenHash: TOKEN_HASH },
          emperor: { kind: 'human', tokenHash: TOKEN_HASH },
          fremen: { kind: 'bot', level: 'random' },
        },
        options: {
          seed: 3,
          gameOptions: { factions: ['atreides', 'emperor', 'fremen'] },
          timeControl: { baseSeconds: 60, incrementSeconds, onFlag: 'loss' },
        },
      }),
    );
    expect(created).toMatchObject({ ok: true });
    for (const viewer of ['atreides', 'emperor']) {
      await sendRoomCommand(client, room, { type: 'join', viewer, connectionId: viewer });
    }
    // Both came and the bot's traitor pick is in: the clocks run, the people's only.
    await eventually(async () => (await seen('atreides', room)).clocks?.awaiting === undefined);
    await eventually(async () =>
      ((await store.load(room, { snapshotBefore: 1 }))?.events ?? []).some(
        (e) => e.seat === 'fremen',
      ),
    );
  }

  async function pick(seat: string, room = ROOM) {
    const { version, legal } = await seen(seat, room);
    const reply = await sendRoomCommand(client, room, {
      type: 'act',
      seat,
      version,
      action: legal[0] as never,
      requestId: `pick-${seat}`,
    });
    expect(reply).toMatchObject({ ok: true });
  }

  it('clocks the people only (bots have none); a flag-fall hands a seat to a bot while another plays on', async () => {
    const clock = new ManualClock(START);
    const node = await startNodeWithFirstLegalBots(world, {
      nodeId: 'dune-timed',
      game: 'dune',
      games,
      clock,
    });
    try {
      await openTable(ROOM, 0);
      expect((await seen('atreides')).clocks).toEqual({
        remainingMs: { atreides: 60_000, emperor: 60_000 },
        running: ['atreides', 'emperor'],
      });

      // Both pick their traitors, 20 s in; then the Atreides dial the storm against the bot.
      await pick('atreides');
      clock.advance(20_000);
      await pick('emperor');
      await eventually(async () => (await seen('atreides')).clocks?.running.join() === 'atreides');
      expect((await seen('atreides')).clocks?.remainingMs).toEqual({
        atreides: 40_000,
        emperor: 40_000,
      });

      // The Atreides' time runs out: a bot (the table's level) takes the seat, the game goes on.
      clock.advance(40_000);
      await eventually(
        async () => (await store.roomRecord(ROOM))?.seats['atreides']?.kind === 'bot',
      );
      expect((await store.roomRecord(ROOM))?.seats['atreides']).toEqual({
        kind: 'bot',
        level: 'random',
      });
      const events = (await store.load(ROOM, { snapshotBefore: 1 }))?.events ?? [];
      expect(
        events.find((e) => e.action && (e.action as { type: string }).type === 'handed_to_bot'),
      ).toMatchObject({ seat: 'atreides', requestId: expect.stringMatching(/^flag-atreides-v/) });
      await eventually(async () => (await chatEvents()).includes('atreides handed_to_bot'));
      expect(await chatEvents()).toContain('atreides out_of_time');
      expect((await store.roomSummary(ROOM))?.status).toBe('active');
      // The seat's clock is gone; the bot plays it on.
      expect(Object.keys((await seen('emperor')).clocks?.remainingMs ?? {})).toEqual(['emperor']);

      // The last player's time runs out once it is theirs to decide: the room ends.
      await eventually(
        async () => (await seen('emperor')).clocks?.running.includes('emperor') === true,
      );
      clock.advance(40_000);
      await eventually(async () => (await store.roomSummary(ROOM))?.status === 'finished');
      const outcome = (await store.roomSummary(ROOM))?.outcome;
      expect({ ...outcome, winners: [...(outcome?.winners ?? [])].sort() }).toEqual({
        winners: ['atreides', 'fremen'],
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
      await node.stop();
    }
  });

  it('does not tell who is in on a simultaneous choice: the choice runs every clock, its end gives every increment', async () => {
    const clock = new ManualClock(START);
    const node = await startNodeWithFirstLegalBots(world, {
      nodeId: 'dune-timed-choice',
      game: 'dune',
      games,
      clock,
    });
    try {
      // Two tables dealt alike: at one the Atreides pick their traitor, at the other nobody does.
      await openTable('dune-picked', 10);
      await openTable('dune-thinking', 10);
      await pick('atreides', 'dune-picked');
      clock.advance(30_000);
      const thinking = {
        remainingMs: { atreides: 30_000, emperor: 30_000 },
        running: ['atreides', 'emperor'],
      };
      for (const viewer of ['emperor', 'spectator']) {
        expect((await seen(viewer, 'dune-picked')).clocks).toEqual(thinking);
        expect((await seen(viewer, 'dune-thinking')).clocks).toEqual(thinking);
      }
      // The Emperor's pick ends the choice: each person gets the increment, at once.
      await pick('emperor', 'dune-picked');
      await eventually(
        async () => (await seen('emperor', 'dune-picked')).clocks?.running.join() === 'atreides',
      );
      expect((await seen('emperor', 'dune-picked')).clocks?.remainingMs).toEqual({
        atreides: 40_000,
        emperor: 40_000,
      });
    } finally {
      await node.stop();
    }
  });
});

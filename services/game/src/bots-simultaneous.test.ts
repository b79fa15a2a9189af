import type { Bus, InProcessBroker } from '@veil/bus';
import { canonicalJson } from '@veil/engine';
import { PRODUCTION_GAMES } from '@veil/game-registry';
import { createLogger } from '@veil/log';
import {
  AI_QUEUE_GROUP,
  aiRequestSchema,
  aiRequestSubject,
  createRoomCommandReplySchema,
  ROOMS_CREATE_SUBJECT,
  type AiRequest,
} from '@veil/protocol';
import type { RoomStore } from '@veil/store';
import { describe, expect, it } from 'vitest';
import { startGameNode } from './game-node.js';
import { gameRegistry } from './game-registry.js';
import { loadRoomState } from './room-loading.js';
import { eventually, useMemoryWorld } from './test-support.js';

// Bots in a simultaneous hidden choice (Dune's setup picks, every seat a bot): a seat's
// commitment is hidden, so it changes nothing the other seats see, and their answers, worked
// out meanwhile, still fit. None is thrown away and asked again (room-runner.ts, `scheduleBots`).

const games = gameRegistry(PRODUCTION_GAMES.filter((entry) => entry.module.id === 'dune'));
const FACTIONS = ['atreides', 'emperor', 'fremen', 'harkonnen'] as const;
/** Versions to play: the setup choice and the first steps after it. */
const VERSIONS = 12;

describe('bots in a simultaneous choice', () => {
  let broker: InProcessBroker;
  let store: RoomStore;
  let client: Bus;

  useMemoryWorld((world) => ({ broker, store, client } = world));

  it('asks each bot seat once per question: another seat’s commit leaves the answers in flight good', async () => {
    const lines: string[] = [];
    const node = await startGameNode({
      nodeId: 'bots-simultaneous',
      store,
      bus: broker.connect(),
      games,
      bots: { timeoutMs: 5_000, attempts: 3 },
      logger: createLogger({}, 'debug', (line) => lines.push(line)),
    });
    // A stand-in worker that holds the setup choice's requests until several are in flight, then
    // answers them together (so the first to commit leaves the others in flight) and every later
    // request at once. Each answer is the request's first legal action.
    const asked: string[] = [];
    let holding = true;
    const held: { request: AiRequest; respond: (reply: unknown) => void }[] = [];
    const answer = ({ request, respond }: (typeof held)[number]) =>
      respond({
        ok: true,
        roomId: request.roomId,
        version: request.version,
        action: request.legalActions[0],
      });
    const worker = await broker.connect().subscribe(
      aiRequestSubject('dune'),
      ({ data, respond }) => {
        const request = aiRequestSchema.parse(data);
        asked.push(
          `${request.seat} ${canonicalJson({ view: request.view, legal: request.legalActions })}`,
        );
        if (!respond) return;
        if (holding) held.push({ request, respond });
        else answer({ request, respond });
      },
      { queue: AI_QUEUE_GROUP },
    );
    try {
      const created = createRoomCommandReplySchema.parse(
        await client.request(ROOMS_CREATE_SUBJECT, {
          roomId: 'dune-bots',
          game: 'dune',
          seats: Object.fromEntries(FACTIONS.map((f) => [f, { kind: 'bot', level: 'random' }])),
          options: { seed: 11, gameOptions: { factions: [...FACTIONS] } },
        }),
      );
      expect(created).toMatchObject({ ok: true, version: 0 });
      // The setup picks: every seat but the Harkonnen's is asked at once.
      await eventually(() => held.length >= 2);
      holding = false;
      for (const request of held.splice(0).reverse()) answer(request);
      await eventually(
        async () => (await loadRoomState(store, games, 'dune-bots')).version >= VERSIONS,
        30_000,
      );
      // None of the answers was refused, fell back or was asked twice.
      expect(asked.length - new Set(asked).size).toBe(0);
      expect(lines.filter((l) => /bot (answer refused|fallback|move refused)/.test(l))).toEqual([]);
    } finally {
      held.length = 0;
      await worker.unsubscribe();
      await node.stop();
    }
  });
});

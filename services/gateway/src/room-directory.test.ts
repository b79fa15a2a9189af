import { roomSummarySchema } from '@veil/protocol';
import type { RoomOutcome, RoomRecord, RoomStore, RoomSummary } from '@veil/store';
import { describe, expect, it } from 'vitest';
import { RoomDirectory } from './room-directory.js';

const SEATS = {
  p1: { kind: 'human', tokenHash: 'h' },
  p2: { kind: 'bot', level: 'random' },
} as const;

/** A store holding one finished room whose stored outcome is `outcome`. */
function storeWith(outcome: RoomOutcome | null, options: unknown = {}): RoomStore {
  const summary: RoomSummary = {
    id: 'room-1',
    game: 'parlor',
    rulesVersion: 1,
    seats: { p1: { kind: 'human' }, p2: { kind: 'bot', level: 'random' } },
    status: 'finished',
    version: 9,
    outcome,
    publicVersion: null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
  };
  const room = {
    ...summary,
    options,
    seats: SEATS,
    leaseOwner: null,
    leaseUntil: null,
  } as unknown as RoomRecord;
  const fake: Partial<RoomStore> = {
    roomSummary: async () => summary,
    listRooms: async () => [summary],
    roomRecord: async () => room,
  };
  return fake as RoomStore;
}

async function publicSummary(outcome: RoomOutcome | null, options: unknown = {}) {
  const directory = new RoomDirectory(storeWith(outcome, options), () => new Set());
  const [one, listed] = [await directory.summary('room-1'), await directory.list()];
  expect(listed).toEqual([one]);
  // Whatever the store holds, what clients get is a valid summary.
  expect(roomSummarySchema.safeParse(one).success).toBe(true);
  return one;
}

describe('RoomDirectory: how a game ended', () => {
  it('shows a stored outcome, a draw and a shared win included', async () => {
    const won = { winners: ['p2'], reason: 'points' };
    expect(await publicSummary(won)).toMatchObject({ status: 'finished', outcome: won });
    const draw = { winners: [], reason: 'tie' };
    expect(await publicSummary(draw)).toMatchObject({ outcome: draw });
    const shared = { winners: ['p1', 'p2'], reason: 'allied' };
    expect(await publicSummary(shared)).toMatchObject({ outcome: shared });
  });

  it('reads an outcome stored before winners were a list as a list of one', async () => {
    const legacy = (winner: string | null) => ({ winner, reason: winner ? 'points' : 'tie' });
    expect(await publicSummary(legacy('p2') as unknown as RoomOutcome)).toMatchObject({
      outcome: { winners: ['p2'], reason: 'points' },
    });
    expect(await publicSummary(legacy(null) as unknown as RoomOutcome)).toMatchObject({
      outcome: { winners: [], reason: 'tie' },
    });
  });

  it('leaves out an outcome clients could not accept, and says nothing before the end', async () => {
    for (const outcome of [
      { winners: ['p3'], reason: 'points' }, // not a seat of the room
      { winners: ['p1', 'p3'], reason: 'allied' }, // one of them not a seat of the room
      { winners: ['p1'], reason: 'won on points' }, // not a short token
      null,
    ]) {
      expect(await publicSummary(outcome)).not.toHaveProperty('outcome');
    }
  });
});

describe('RoomDirectory: a timed room', () => {
  it('shows its time control, and nothing for one clients could not accept', async () => {
    const timeControl = { baseSeconds: 900, incrementSeconds: 10, onFlag: 'pass' };
    expect(await publicSummary(null, { seed: 'secret', timeControl })).toMatchObject({
      timeControl,
    });
    for (const options of [{}, { timeControl: { ...timeControl, baseSeconds: 5 } }]) {
      expect(await publicSummary(null, options)).not.toHaveProperty('timeControl');
    }
    // The rest of the options stays out, the seed above all.
    expect(
      JSON.stringify(await publicSummary(null, { seed: 'secret', timeControl })),
    ).not.toContain('secret');
  });
});

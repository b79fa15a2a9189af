import type { ChatLine } from '@veil/client';
import { describe, expect, it } from 'vitest';
import { idleSeats, type TableState } from './idle-seats.js';

const MINUTE = 60_000;

const system = (seat: string, event: string, extra: object = {}) =>
  ({
    roomId: 'r',
    seq: 1,
    channel: 'table',
    at: '2026-12-07T12:00:00.000Z',
    kind: 'system',
    seat,
    event,
    ...extra,
  }) as ChatLine;

const table = (over: Partial<TableState> = {}): TableState => ({
  me: 'atreides',
  humanSeats: ['atreides', 'emperor', 'fremen'],
  // The Emperor came and left; the Fremen's page is open.
  chat: [
    system('atreides', 'joined'),
    system('emperor', 'joined'),
    system('fremen', 'joined'),
    system('emperor', 'left'),
  ],
  waitingOn: ['emperor', 'fremen', 'harkonnen'],
  waitedMs: 5 * MINUTE,
  timed: false,
  over: false,
  ...over,
});

describe('the seats a page offers to hand over as idle', () => {
  it('offers a gone player after 5 minutes, one whose page is open after 30', () => {
    expect(idleSeats(table({ waitedMs: 5 * MINUTE - 1 }))).toEqual([]);
    expect(idleSeats(table())).toEqual(['emperor']);
    expect(idleSeats(table({ waitedMs: 30 * MINUTE }))).toEqual(['emperor', 'fremen']);
    // A player who never came is gone; one who came back is here.
    const back = [...table().chat, system('emperor', 'reconnected')];
    expect(idleSeats(table({ chat: [] }))).toEqual(['emperor', 'fremen']);
    expect(idleSeats(table({ chat: back }))).toEqual([]);
  });

  it('offers only other people the game waits on, and not twice', () => {
    expect(idleSeats(table({ me: 'emperor', chat: [] }))).toEqual(['fremen']);
    expect(idleSeats(table({ waitingOn: ['fremen'] }))).toEqual([]);
    const handed = [...table().chat, system('emperor', 'handed_to_bot', { level: 'ismcts' })];
    expect(idleSeats(table({ chat: handed }))).toEqual([]);
  });

  it('offers the other seat at two seats (to claim the game)', () => {
    expect(idleSeats(table({ humanSeats: ['atreides', 'emperor'] }))).toEqual(['emperor']);
  });

  it('offers nothing to a spectator, at a timed table, after the end, or without deciders', () => {
    for (const state of [
      table({ me: null }),
      table({ timed: true }),
      table({ over: true }),
      table({ waitingOn: null }),
    ]) {
      expect(idleSeats(state)).toEqual([]);
    }
  });
});

import type { ChatLine } from '@veil/client';
import { describe, expect, it } from 'vitest';
import { withHandedOverSeats } from './room.js';

const line = (seat: string, event: string, level?: string) =>
  ({
    roomId: 'r',
    seq: 1,
    channel: 'table',
    at: '2026-12-07T00:00:00.000Z',
    kind: 'system',
    seat,
    event,
    ...(level ? { level } : {}),
  }) as ChatLine;

describe('the Dune board’s bot seats', () => {
  it('add a seat the table chat says was handed to a bot, at its level', () => {
    const bots = { harkonnen: 'random' };
    expect(withHandedOverSeats(bots, [])).toBe(bots);
    expect(
      withHandedOverSeats(bots, [
        line('fremen', 'joined'),
        line('fremen', 'handed_to_bot', 'ismcts'),
        line('emperor', 'left'),
      ]),
    ).toEqual({ harkonnen: 'random', fremen: 'ismcts' });
  });
});

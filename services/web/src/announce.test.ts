import { describe, expect, it } from 'vitest';
import { announcement } from './announce.js';
import type { StoredLogEntry } from './storage.js';

const line = (seq: number, side: string | null, text: string): StoredLogEntry => ({
  seq,
  turn: 1,
  side,
  text,
  cards: [],
});

describe('the live region', () => {
  const log = [
    line(1, 'corp', 'Corp spends [click] to gain +1[credit].'),
    line(2, 'runner', 'Runner spends [click] to draw 1 card.'),
    line(3, 'corp', 'Corp installs a piece of ice protecting HQ.'),
  ];
  const deciding = { status: { kind: 'deciding' as const, text: '' }, prompt: 'Pick one.' };
  const waiting = { status: { kind: 'waiting' as const, text: '' }, prompt: '' };

  it("says the other side's new moves, then that the decision is the viewer's", () => {
    expect(announcement('runner', { status: 'waiting', lastSeq: 0 }, deciding, log)).toBe(
      'Corp spends 1 click to gain +1¢. Corp installs a piece of ice protecting HQ. Your decision: Pick one.',
    );
  });

  it('says nothing of the viewer\'s own moves, nor twice "your decision"', () => {
    expect(
      announcement('runner', { status: 'deciding', lastSeq: 1 }, deciding, log.slice(0, 2)),
    ).toBeNull();
    // Everything new for a spectator.
    expect(announcement('spectator', { status: 'waiting', lastSeq: 1 }, waiting, log)).toBe(
      'Runner spends 1 click to draw 1 card. Corp installs a piece of ice protecting HQ.',
    );
  });
});

import type { StoredSeat } from '@veil/store';
import { describe, expect, it } from 'vitest';
import { concessionOf, HANDOVER_LEVEL } from './concession.js';

const human: StoredSeat = { kind: 'human', tokenHash: 'h' };
const bot = (level: string): StoredSeat => ({ kind: 'bot', level });

describe('what a concession does', () => {
  it('ends a two-seat room, the other seat winning, even against another player', () => {
    expect(concessionOf({ corp: human, runner: human }, 'runner')).toEqual({
      kind: 'ends',
      outcome: { winners: ['corp'], reason: 'conceded' },
    });
  });

  it('hands a larger table’s seat to a bot while another player plays on', () => {
    const seats = { a: human, b: human, c: human };
    expect(concessionOf(seats, 'b')).toEqual({
      kind: 'hands_over',
      bot: { kind: 'bot', level: HANDOVER_LEVEL },
    });
  });

  it('gives the leaver’s seat the table’s strongest bot level', () => {
    const seats = { a: human, b: human, c: bot('greedy'), d: bot('expert'), e: bot('random') };
    expect(concessionOf(seats, 'a')).toEqual({
      kind: 'hands_over',
      bot: { kind: 'bot', level: 'expert' },
    });
  });

  it('ends the room when the last player leaves: every other seat wins', () => {
    const seats = { a: bot('ismcts'), b: human, c: bot('greedy') };
    expect(concessionOf(seats, 'b')).toEqual({
      kind: 'ends',
      outcome: { winners: ['a', 'c'], reason: 'conceded' },
    });
  });
});

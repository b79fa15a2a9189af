import { describe, expect, it } from 'vitest';
import { duneSeats } from './seat-plan.js';

describe('duneSeats', () => {
  it('makes a mixed table: yours and the other people human, each bot at its own level', () => {
    const seats = duneSeats(['atreides', 'emperor', 'fremen', 'harkonnen'], 'fremen', {
      atreides: 'human',
      emperor: 'bot:random',
      harkonnen: 'bot:greedy',
    });
    expect(seats).toEqual({
      atreides: { type: 'human' },
      emperor: { type: 'bot', level: 'random' },
      fremen: { type: 'human' },
      harkonnen: { type: 'bot', level: 'greedy' },
    });
  });

  it('keeps your own faction a person whatever its row said, and leaves out unchosen factions', () => {
    const seats = duneSeats(['atreides', 'emperor'], 'atreides', {
      atreides: 'bot:random',
      emperor: 'bot:ismcts',
      harkonnen: 'bot:random',
    });
    expect(seats).toEqual({
      atreides: { type: 'human' },
      emperor: { type: 'bot', level: 'ismcts' },
    });
  });

  it('leaves a faction open for anyone to join when its row says so', () => {
    expect(
      duneSeats(['atreides', 'emperor', 'fremen'], 'atreides', {
        emperor: 'open',
        fremen: 'bot:expert',
      }),
    ).toEqual({
      atreides: { type: 'human' },
      emperor: { type: 'human', open: true },
      fremen: { type: 'bot', level: 'expert' },
    });
  });

  it('makes a faction without a row another person', () => {
    expect(duneSeats(['atreides', 'emperor'], 'atreides', {})).toEqual({
      atreides: { type: 'human' },
      emperor: { type: 'human' },
    });
  });

  it('refuses a choice that is neither a person nor a bot level', () => {
    expect(() => duneSeats(['atreides', 'emperor'], 'atreides', { emperor: 'bot:' })).toThrow(
      /emperor/,
    );
    expect(() => duneSeats(['atreides', 'emperor'], 'atreides', { emperor: 'robot' })).toThrow(
      /emperor/,
    );
  });
});

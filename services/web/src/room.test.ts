import { describe, expect, it } from 'vitest';
import { refusalText } from './room.js';

describe('refusalText', () => {
  it('explains a room that is over or was abandoned unjoined, not with the bare code', () => {
    const text = refusalText('game_over', 'corp');
    expect(text).toContain('nobody took a seat in time');
    expect(text).not.toContain('game_over');
  });

  it('tells the players of a game on retired rules that it cannot go on, not to try again', () => {
    const text = refusalText('rules_retired', 'corp');
    expect(text).toContain('rules this server no longer runs');
    expect(text).not.toContain('try again');
  });

  it('names the code of a refusal it has no words for', () => {
    expect(refusalText('internal', null)).toBe('The server refused: internal.');
  });
});

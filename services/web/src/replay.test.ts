import { describe, expect, it } from 'vitest';
import { replayError } from './replay.js';

describe('replayError', () => {
  it('tells that a game on retired rules cannot be replayed, not to try again', () => {
    const text = replayError('rules_retired');
    expect(text).toContain('rules this server no longer runs');
    expect(text).not.toContain('try again');
  });

  it('asks to try again only when the server did not answer', () => {
    expect(replayError('unavailable')).toContain('try again');
  });
});

import { describe, expect, it } from 'vitest';
import { iceStrength } from '../../rules/strength.js';
import { edit, encountering, fireSubroutines, runnerActing, spawn } from '../../testing/kit.js';

describe('Palisade', () => {
  it('gets +2 strength only while protecting a remote server', () => {
    let central = '';
    let remote = '';
    const s = runnerActing({}, (g) => {
      central = spawn(g, '30072', { zone: 'ice', server: 'hq' }, { rezzed: true });
      remote = spawn(g, '30072', { zone: 'ice', server: 'remote1' }, { rezzed: true });
    });
    expect(iceStrength(s.context, central)).toBe(2);
    expect(iceStrength(s.context, remote)).toBe(4);
    // Only while rezzed (its text is inactive facedown).
    const down = edit(s, (g) => (g.cards[remote]!.rezzed = false));
    expect(iceStrength(down.context, remote)).toBe(2);
  });

  it('[sub] ends the run', () => {
    const { s } = encountering('30072');
    expect(fireSubroutines(s).context.run).toBeNull();
  });
});

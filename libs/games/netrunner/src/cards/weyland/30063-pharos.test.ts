import { describe, expect, it } from 'vitest';
import { iceStrength } from '../../rules/strength.js';
import {
  act,
  edit,
  corpActing,
  encountering,
  fireSubroutines,
  handle,
  spawn,
} from '../../testing/kit.js';

describe('Pharos', () => {
  it('can be advanced (even unrezzed); +5 strength with 3 or more advancement counters', () => {
    let ice = '';
    let s = corpActing({}, (g) => {
      ice = spawn(g, '30063', { zone: 'ice', server: 'hq' });
      g.cards[ice]!.counters = { advancement: 2 };
    });
    s = act(s, 'corp', { type: 'advance', card: handle(s, ice, 'corp') });
    expect(s.context.cards[ice]?.counters.advancement).toBe(3);
    expect(iceStrength(s.context, ice)).toBe(5);
    // Its text works only while rezzed (ice is rezzed when approached).
    s = edit(s, (g) => (g.cards[ice]!.rezzed = true));
    expect(iceStrength(s.context, ice)).toBe(10);
  });

  it('[sub] 1 tag, [sub] end the run, [sub] end the run', () => {
    const { s } = encountering('30063');
    const after = fireSubroutines(s);
    expect(after.context.runner.tags).toBe(1);
    expect(after.context.run).toBeNull();
  });
});

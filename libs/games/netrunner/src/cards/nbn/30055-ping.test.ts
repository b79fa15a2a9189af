import { describe, expect, it } from 'vitest';
import { act, corpActing, handle, run, runnerActing, spawn } from '../../testing/kit.js';
import { rezCard } from '../../rules/rez.js';
import { edit } from '../../testing/kit.js';

describe('Ping', () => {
  it('rezzed during a run on its server: the Runner takes 1 tag; [sub] ends the run', () => {
    let ice = '';
    let s = runnerActing({}, (g) => (ice = spawn(g, '30055', { zone: 'ice', server: 'hq' })));
    s = run(s, 'hq');
    s = act(s, 'corp', { type: 'rez', card: handle(s, ice, 'corp') });
    expect(s.context.runner.tags).toBe(1);
    s = act(s, 'corp', { type: 'pass' });
    s = act(s, 'runner', { type: 'pass' });
    expect(s.context.run).toBeNull();
  });

  it('rezzed outside a run (here by an effect): no tag', () => {
    let ice = '';
    const s = edit(
      corpActing({}, (g) => (ice = spawn(g, '30055', { zone: 'ice', server: 'hq' }))),
      (g) => rezCard(g, ice, { free: true }),
    );
    expect(s.context.runner.tags).toBe(0);
  });
});

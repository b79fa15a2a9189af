import { describe, expect, it } from 'vitest';
import { act, choose, decisionKind, handle, runnerActing, spawn } from '../testing/kit.js';
import { maxHandSize, memoryLimit, memoryUsed } from './limits.js';

describe('limits', () => {
  it('memory: installing past the limit makes the Runner trash programs until they fit', () => {
    let mayfly = '';
    let s = runnerActing({}, (g) => {
      for (let i = 0; i < 4; i++) spawn(g, '30006', { zone: 'rig' });
      mayfly = spawn(g, '30032', { zone: 'grip' });
    });
    expect(memoryUsed(s.context)).toBe(4);
    s = act(s, 'runner', { type: 'install', card: handle(s, mayfly, 'runner') });
    expect(decisionKind(s)).toBe('memory');
    s = choose(s, 'runner', s.context.runner.rig[0] ?? '', true);
    expect(decisionKind(s)).toBe('memory');
    s = choose(s, 'runner', s.context.runner.rig[0] ?? '', true);
    expect(memoryUsed(s.context)).toBeLessThanOrEqual(memoryLimit(s.context));
    expect(s.context.pauses.decisions).toEqual([]);
  });

  it('hardware raises the memory limit and hand size (T400 Memory Diamond)', () => {
    const s = runnerActing({}, (g) => void spawn(g, '30031', { zone: 'rig' }));
    expect(memoryLimit(s.context)).toBe(5);
    expect(maxHandSize(s.context, 'runner')).toBe(6);
  });

  it('a second console or a second copy of a unique card trashes the older one', () => {
    let old = '';
    let console2 = '';
    let s = runnerActing({}, (g) => {
      old = spawn(g, '30014', { zone: 'rig' });
      console2 = spawn(g, '30023', { zone: 'grip' });
      g.runner.credits = 5;
    });
    s = act(s, 'runner', { type: 'install', card: handle(s, console2, 'runner') });
    expect(s.context.cards[old]?.loc.zone).toBe('heap');
    expect(s.context.cards[console2]?.loc.zone).toBe('rig');
  });
});

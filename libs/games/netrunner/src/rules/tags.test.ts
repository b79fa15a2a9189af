import { describe, expect, it } from 'vitest';
import {
  act,
  acting,
  can,
  corpActing,
  edit,
  handle,
  runnerActing,
  spawn,
  until,
} from '../testing/kit.js';

describe('tags', () => {
  it('the Runner removes a tag for a click and 2 credits', () => {
    let s = runnerActing({}, (g) => (g.runner.tags = 1));
    s = act(s, 'runner', { type: 'remove-tag' });
    expect(s.context.runner.tags).toBe(0);
    expect(s.context.runner.credits).toBe(3);
  });

  it('the Corp trashes a resource of a tagged Runner for a click and 2 credits', () => {
    let resource = '';
    let s = corpActing({}, (g) => (resource = spawn(g, '30033', { zone: 'rig' })));
    expect(can(s, 'corp', { type: 'trash-resource' })).toBe(false);
    s = edit(s, (g) => (g.runner.tags = 1));
    s = act(s, 'corp', { type: 'trash-resource', card: handle(s, resource, 'corp') });
    expect(s.context.cards[resource]?.loc.zone).toBe('heap');
  });

  it('purging removes every virus counter for 3 clicks', () => {
    let virus = '';
    let s = corpActing({}, (g) => {
      virus = spawn(g, '30008', { zone: 'rig' });
      g.cards[virus]!.counters = { virus: 2 };
    });
    s = act(s, 'corp', { type: 'purge' });
    expect(s.context.cards[virus]?.counters.virus).toBe(0);
    expect(until(s, acting('runner')).context.turn).toBe(2);
  });
});

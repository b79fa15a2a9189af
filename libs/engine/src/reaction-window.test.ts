import { describe, expect, it } from 'vitest';
import {
  commitWindow,
  openWindow,
  passWindow,
  windowActions,
  windowDecider,
  windowShape,
} from './reaction-window.js';

const spec = {
  id: 7,
  kind: 'rez',
  cause: { event: 'approach_ice', server: 'hq', position: 0 },
  participants: ['corp', 'runner'] as const,
};

describe('neutral reaction window', () => {
  it('asks participants in their fixed order and closes when all have passed', () => {
    let w = openWindow({ ...spec, participants: [...spec.participants] }, {});
    expect(windowDecider(w)).toBe('corp');
    expect(() => passWindow(w, 'runner')).toThrow(/not the participant/);
    w = passWindow(w, 'corp');
    expect(windowDecider(w)).toBe('runner');
    w = passWindow(w, 'runner');
    expect(w.status).toBe('closed');
    expect(windowDecider(w)).toBeUndefined();
  });

  it('closes as soon as one participant commits', () => {
    const w = commitWindow(
      openWindow({ ...spec, participants: [...spec.participants] }, {}),
      'corp',
    );
    expect(w).toMatchObject({ status: 'committed', committedBy: 'corp' });
    expect(windowDecider(w)).toBeUndefined();
  });

  it('gives every participant the same generic pass; only a holder also gets activations', () => {
    const w = openWindow({ ...spec, participants: ['corp'] }, {});
    const holder = windowActions(w, 'corp', [{ type: 'rez', card: 'h1' }]);
    const nonHolder = windowActions(w, 'corp', []);
    expect(nonHolder).toEqual([{ type: 'pass', window: 7 }]);
    expect(holder).toEqual([
      { type: 'pass', window: 7 },
      { type: 'rez', card: 'h1' },
    ]);
    expect(windowActions(w, 'runner', [{ type: 'anything' }])).toEqual([]);
  });

  it('has the same public shape whether or not anyone holds a usable card', () => {
    // Holding is never an input to the window: the same spec gives the same bytes.
    const a = openWindow({ ...spec, participants: [...spec.participants] }, {});
    const b = openWindow({ ...spec, participants: [...spec.participants] }, {});
    windowActions(a, 'corp', [{ type: 'rez', card: 'h9' }]);
    expect(JSON.stringify(windowShape(a))).toBe(JSON.stringify(windowShape(b)));
    expect(Object.keys(windowShape(a)).sort()).toEqual(
      [
        'autoPassed',
        'cause',
        'committedBy',
        'id',
        'kind',
        'participants',
        'passed',
        'status',
      ].sort(),
    );
  });
});

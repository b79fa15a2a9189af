import { describe, expect, it } from 'vitest';
import type { Decision } from './decision-stack.js';
import { decidersOf, emptyPauses, nextPauseId, openWindowOf, type Pauses } from './pauses.js';
import { openWindow, passWindow } from './reaction-window.js';

type Seat = 'corp' | 'runner';
type D = Decision<Seat> & { kind: 'discard' };

describe('deciders order', () => {
  const phase = () => ['runner'] as Seat[];

  it('is the phase when nothing is pending', () => {
    expect(decidersOf(emptyPauses<Seat, D>(), phase)).toEqual(['runner']);
  });

  it('is the open window before the phase, the innermost window first', () => {
    const outer = openWindow({ id: 1, kind: 'a', cause: {}, participants: ['runner'] }, {});
    const inner = openWindow({ id: 2, kind: 'b', cause: {}, participants: ['corp'] }, {});
    const pauses: Pauses<Seat, D> = { ...emptyPauses(), windows: [outer, inner] };
    expect(decidersOf(pauses, phase)).toEqual(['corp']);
    const innerClosed = { ...pauses, windows: [outer, passWindow(inner, 'corp')] };
    expect(openWindowOf(innerClosed.windows)?.id).toBe(1);
    expect(decidersOf(innerClosed, phase)).toEqual(['runner']);
  });

  it('is the top decision before any window', () => {
    const window = openWindow({ id: 1, kind: 'a', cause: {}, participants: ['runner'] }, {});
    const pauses: Pauses<Seat, D> = {
      ...emptyPauses(),
      windows: [window],
      decisions: [{ id: 2, seat: 'corp', kind: 'discard' }],
    };
    expect(decidersOf(pauses, phase)).toEqual(['corp']);
  });

  it('hands out unique ids', () => {
    const [a, p1] = nextPauseId(emptyPauses<Seat, D>());
    const [b] = nextPauseId(p1);
    expect(a).not.toBe(b);
  });
});

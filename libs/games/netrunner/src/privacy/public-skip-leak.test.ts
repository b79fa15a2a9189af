import { describe, expect, it, vi } from 'vitest';
import { typeOf } from '../facts.js';
import type { Game, Side } from '../state/types.js';
import type { WindowKind } from '../window-kinds.js';
import { checkHandsStayHidden } from './hand-perturb.js';

// A deliberately broken skip: a seat is also asked when its hand holds a card it might play
// (an operation, an event). The check public-skip.test.ts passes must catch it.
vi.mock('../rules/public-skip.js', async (load) => {
  const real = await load<typeof import('../rules/public-skip.js')>();
  const playable = (g: Game, seat: Side) =>
    (seat === 'corp' ? g.corp.hq : g.runner.grip).some((uid) =>
      ['operation', 'event'].includes(typeOf(g.cards[uid]?.code ?? '')),
    );
  return {
    mayActPublicly: (g: Game, seat: Side, kind: WindowKind) =>
      real.mayActPublicly(g, seat, kind) || playable(g, seat),
  };
});

describe('the window-skip check', () => {
  it('catches a skip that looks at the hand', () => {
    expect(() => checkHandsStayHidden()).toThrow(
      /(windows|deciders) depends on hidden information/,
    );
  }, 180_000);
});

import { facts } from '../facts.js';
import type { Game, Side } from '../state/types.js';
import { activeStatics } from './active.js';

const BASE_HAND_SIZE = 5;
const BASE_MEMORY = 4;

/** Maximum hand size: 5, plus active card effects, minus core damage (Runner). */
export function maxHandSize(g: Game, side: Side): number {
  const bonus = activeStatics(g, side).reduce(
    (sum, { source, statics }) => sum + (statics.handSize?.(g, source.uid) ?? 0),
    0,
  );
  return BASE_HAND_SIZE + bonus - (side === 'runner' ? g.runner.coreDamage : 0);
}

export function handCount(g: Game, side: Side): number {
  return side === 'corp' ? g.corp.hq.length : g.runner.grip.length;
}

/** The Runner's memory limit: 4 plus installed hardware. */
export function memoryLimit(g: Game): number {
  return activeStatics(g, 'runner').reduce(
    (sum, { statics }) => sum + (statics.memory ?? 0),
    BASE_MEMORY,
  );
}

/** Memory used by installed programs. */
export function memoryUsed(g: Game): number {
  return g.runner.rig.reduce((sum, uid) => {
    const c = g.cards[uid];
    if (!c) return sum;
    const f = facts(c.code);
    return f.type === 'program' ? sum + (f.memoryCost ?? 0) : sum;
  }, 0);
}

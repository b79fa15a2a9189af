import { behaviourOf } from '../cards/registry.js';
import { facts } from '../facts.js';
import { card } from '../state/zones.js';
import type { Game } from '../state/types.js';
import { activeStatics } from './active.js';

/**
 * Costs after modifiers. Following the rules, increases apply before decreases and a cost
 * never drops below 0.
 */

/** Install cost of a Runner card from the grip. */
export function runnerInstallCost(g: Game, uid: string): number {
  const c = card(g, uid);
  const printed = facts(c.code).cost ?? 0;
  const self = behaviourOf(c.code)?.statics?.selfInstallCost?.(g) ?? 0;
  const others = activeStatics(g, 'runner').reduce(
    (sum, { source, statics }) => sum + (statics.installCost?.(g, source.uid, c.code) ?? 0),
    0,
  );
  return Math.max(0, printed + self + others);
}

/** Rez cost of a Corp card (Tread Lightly raises ice rez costs during its run). */
export function rezCost(g: Game, uid: string): number {
  const c = card(g, uid);
  const printed = facts(c.code).cost ?? 0;
  const increase = facts(c.code).type === 'ice' && g.run ? g.run.mods.iceRezIncrease : 0;
  return Math.max(0, printed + increase);
}

/** Play cost of an operation or event. */
export function playCost(g: Game, uid: string): number {
  return Math.max(0, facts(card(g, uid).code).cost ?? 0);
}

/** Trash cost, or null when the card has none (then it cannot be trashed by paying). */
export function trashCost(g: Game, uid: string): number | null {
  const cost = facts(card(g, uid).code).trashCost;
  return cost === undefined ? null : Math.max(0, cost);
}

import { behaviourOf } from '../cards/registry.js';
import { facts } from '../facts.js';
import { card } from '../state/zones.js';
import type { Game } from '../state/types.js';

/**
 * Ice strength: printed, plus its own constant ability while rezzed, plus encounter effects.
 * It may be negative (CR: strength can go below 0; Leech takes ice there).
 */
export function iceStrength(g: Game, uid: string): number {
  const c = card(g, uid);
  const printed = facts(c.code).strength ?? 0;
  const own = c.rezzed ? (behaviourOf(c.code)?.statics?.strength?.(g, uid) ?? 0) : 0;
  const encounter = g.run?.encounter?.ice === uid ? g.run.encounter.iceStrength : 0;
  return printed + own + encounter;
}

/** Icebreaker strength: printed, plus its constant ability, plus pumps this encounter (may be negative). */
export function breakerStrength(g: Game, uid: string): number {
  const c = card(g, uid);
  const printed = facts(c.code).strength ?? 0;
  const own = behaviourOf(c.code)?.statics?.strength?.(g, uid) ?? 0;
  const pumped = g.run?.encounter?.pumps[uid] ?? 0;
  return printed + own + pumped;
}

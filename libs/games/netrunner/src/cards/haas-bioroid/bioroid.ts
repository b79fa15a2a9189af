import type { AbilityDef } from '../behaviour.js';
import { breakSubroutines, encounteredIce, unbrokenSubs } from '../helpers.js';

/**
 * "Lose [click]: Break 1 subroutine on this ice. Only the Runner can use this ability."
 * (Ansel 1.0, Brân 1.0.)
 */
export const clickToBreak: AbilityDef = {
  id: 'click-break',
  label: 'Lose [click]: break 1 subroutine on this ice',
  timing: 'encounter',
  user: 'runner',
  clicks: 1,
  ownLine: true,
  targets: (g) => unbrokenSubs(g).map((i) => ({ subs: [i] })),
  usable: (g, source, target) =>
    encounteredIce(g) === source && !!target && target.subs.length === 1 && g.runner.clicks >= 1,
  resolve: (g, source, target) => breakSubroutines(g, source, target?.subs ?? [], ' (−[click])'),
};

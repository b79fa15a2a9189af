import type { DuneAction } from '../state/actions.js';

/**
 * One fixed choice among a seat's legal actions, for tests that play a seeded room to a named
 * position through the real server or the rules (the Semuta boundary of seed 132 in
 * services/web/src/dune/semuta.test.ts and test/e2e/dune-semuta.test.ts): pass; else a battle
 * plan with cards; else the first of a few kinds, never calling a traitor or bribing.
 */
export function fixedChoice(legal: readonly DuneAction[]): DuneAction {
  const pass = legal.find((a) => a.type === 'pass');
  const plan =
    legal.find((a) => a.type === 'plan' && a.plan.weapon && a.plan.defense) ??
    legal.find((a) => a.type === 'plan' && (a.plan.weapon || a.plan.defense));
  if (pass ?? plan) return (pass ?? plan)!;
  for (const t of ['bid_pass', 'ship', 'move', 'battle_pick', 'plan', 'traitor', 'keep']) {
    const a = legal.find((x) => x.type === t && !(x.type === 'traitor' && x.call));
    if (a) return a;
  }
  return legal.find((a) => a.type !== 'bribe') ?? legal[0]!;
}

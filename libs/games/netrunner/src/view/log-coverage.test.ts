import { describe, expect, it } from 'vitest';
import { agendaPoints } from '../rules/agenda-points.js';
import { netrunner } from '../module.js';
import type { Game } from '../state/types.js';
import { seededSteps, seeds } from '../testing/seeded-steps.js';

/**
 * The public facts an effect can change: credits, which zone each card is in, agenda points.
 * A played card leaving the play area is not counted: its `plays` line said where it goes.
 */
function facts(g: Game): { credits: string; zones: string; points: string } {
  const zones = Object.values(g.cards)
    .map((c) => {
      const zone = c.loc.zone === 'heap' || c.loc.zone === 'archives' ? 'discard' : c.loc.zone;
      return `${c.uid}:${zone === 'play' ? 'discard' : zone}${'server' in c.loc ? `/${c.loc.server}` : ''}`;
    })
    .join(' ');
  return {
    credits: `${g.corp.credits}/${g.runner.credits}`,
    zones,
    points: `${agendaPoints(g, 'corp')}/${agendaPoints(g, 'runner')}`,
  };
}

describe('log coverage', () => {
  it('every action that changes credits, zones or agenda points has a line each seat reads', () => {
    const silent: string[] = [];
    let changed = 0;
    for (const step of seededSteps(seeds(30))) {
      const before = facts(step.before.context);
      const after = facts(step.after.context);
      const what = (['credits', 'zones', 'points'] as const).filter((k) => before[k] !== after[k]);
      if (what.length === 0) continue;
      changed += 1;
      const lines = step.after.context.log.slice(step.before.context.log.length);
      for (const seat of ['corp', 'runner'] as const) {
        const read = lines.flatMap((e) => netrunner.logView(e, seat)?.text ?? []);
        // A change of credits is read as an amount: some line names [credit].
        const told = what.includes('credits')
          ? read.some((t) => t.includes('[credit]'))
          : read.length > 0;
        if (told) continue;
        silent.push(
          `seed ${step.seed} step ${step.index}: ${step.seat} ${JSON.stringify(step.action)} changes ${what.join('+')}, ${seat} reads ${JSON.stringify(read)}`,
        );
      }
    }
    expect(changed).toBeGreaterThan(1000);
    expect(silent.slice(0, 10)).toEqual([]);
  });
});

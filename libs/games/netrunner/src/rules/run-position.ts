import type { Game, ServerId } from '../state/types.js';

/**
 * Keeps the Runner's position right when ice protecting the attacked server comes or goes
 * (CR "Position"): ice leaving inward of the Runner moves the Runner one position inward;
 * the ice at the Runner's position leaving vacates the position (nothing to pass); ice added
 * at or inward of the position pushes the Runner (and outward ice) one position outward.
 */
export function adjustRunForLeavingIce(g: Game, ice: string): void {
  const run = g.run;
  if (!run || run.position === null) return;
  const index = g.servers[run.server]?.ice.indexOf(ice) ?? -1;
  if (index < 0) return;
  if (index < run.position) run.position -= 1;
  else if (index === run.position) {
    run.vacated = true;
    run.encounter = null;
  }
}

export function adjustRunForNewIce(
  g: Game,
  server: ServerId,
  index: number,
  outermost = false,
): void {
  const run = g.run;
  if (!run || run.server !== server || run.position === null) return;
  // Ice installed outermost is outward of the Runner even where the Runner's ice was just
  // trashed (vacated position): it cannot "leapfrog" the Runner (Ansel 1.0 ruling).
  if (outermost && run.vacated && index === run.position) return;
  if (index <= run.position) run.position += 1;
}

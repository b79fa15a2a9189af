import { search, type SearchSettings } from '@veil/ai';
import { Rng, type AnyGameModule, type GameSnapshot } from '@veil/engine';

/**
 * Benchmark only — a perfect-information "cheating" UCT bot: the same search, budget and
 * evaluation as the real levels, but every iteration starts from the authoritative state
 * itself (hidden cards, deck order, the game's random stream) instead of a sample of a view.
 * It is the yardstick the ladder measures `expert` against. Nothing outside test/bench may
 * import it (libs/ai/src/boundaries.test.ts): a worker only ever has a view.
 */
export function cheatDecide(
  module: AnyGameModule,
  truth: GameSnapshot<unknown>,
  seat: string,
  settings: SearchSettings,
  seed: string,
): { action: unknown; iterations: number } {
  const legalActions = module.legalActions(truth, seat);
  if (legalActions.length === 1) return { action: legalActions[0], iterations: 0 };
  const seeing: AnyGameModule = { ...module, determinize: () => truth };
  const result = search(seeing, {
    view: null,
    seat,
    legalActions,
    settings: { ...settings, observers: 'single', resampleOwnShare: 0 },
    rng: Rng.from(seed),
  });
  return { action: result.action, iterations: result.iterations };
}

import type { AnyGameModule } from '@veil/engine';

/**
 * The actions a bot weighs among `legal`: the game's `candidateActions` when it has one (a
 * bounded subset for games with huge lists), else all of them. An empty answer falls back to
 * all, so a game's filter can never leave a bot without a move.
 */
export function candidates(
  module: AnyGameModule,
  legal: readonly unknown[],
  seat: string,
): readonly unknown[] {
  if (!module.candidateActions || legal.length <= 1) return legal;
  const some = module.candidateActions(legal, seat) as unknown[];
  return some.length > 0 ? some : legal;
}

/** The first action of each distinct `actionKey` (equal keys are the same choice to the actor). */
export function byKey(
  module: AnyGameModule,
  actions: readonly unknown[],
  seat: string,
): Map<string, unknown> {
  const keys = new Map<string, unknown>();
  for (const action of actions) {
    const key = module.actionKey(action, seat);
    if (!keys.has(key)) keys.set(key, action);
  }
  return keys;
}

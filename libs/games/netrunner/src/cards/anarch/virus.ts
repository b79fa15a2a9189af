import type { Game } from '../../state/types.js';
import type { TriggerDef } from '../behaviour.js';
import { addCounters, aboutSelf } from '../helpers.js';

/** "When you install this program and when your turn begins, place 1 virus counter on it." */
export function virusGrowth(after?: (g: Game, source: string) => void): TriggerDef[] {
  const grow = (g: Game, source: string) => {
    addCounters(g, source, 'virus', 1);
    after?.(g, source);
  };
  return [
    { on: 'install', when: aboutSelf, resolve: grow },
    {
      on: 'turn-begins',
      when: (_g, _s, event) => event.e === 'turn-begins' && event.side === 'runner',
      resolve: grow,
    },
  ];
}

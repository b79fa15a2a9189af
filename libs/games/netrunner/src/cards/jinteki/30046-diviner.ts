import { facts } from '../../facts.js';
import { dealDamage } from '../../rules/damage.js';
import { endTheRun } from '../../rules/run.js';
import type { CardBehaviour } from '../behaviour.js';

/** A printed play or install cost is odd; X (no number, `null`) counts as 0, and 0 is not odd. */
export function isOddPrintedCost(cost: number | null | undefined): boolean {
  return (cost ?? 0) % 2 === 1;
}

/**
 * Diviner — [sub] Do 1 net damage. If you trash a card this way with a printed play or install
 * cost that is an odd number, end the run. Rulings: 0 and X are not odd.
 */
export const diviner: CardBehaviour = {
  code: '30046',
  subroutines: [
    {
      label: 'Do 1 net damage. If the trashed card has an odd printed cost, end the run.',
      resolve: (g) => {
        const [trashed] = dealDamage(g, 'net', 1);
        if (trashed && isOddPrintedCost(facts(g.cards[trashed]?.code ?? '').cost)) endTheRun(g);
      },
    },
  ],
};

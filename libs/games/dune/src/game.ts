import type { AnyGameModule } from '@veil/engine';
import type { GameEntry } from '@veil/game-registry';
import { FACTION_IDS } from './data/types.js';
import { dune } from './module.js';

/**
 * Dune's registry entry. Not yet a production game (no web board): a process loads it with
 * `VEIL_EXTRA_GAMES=@veil/dune`, which reads this `game` export. Self-play: a bribe or an
 * Emperor's gift is legal at nearly every step with many amounts; weighted down so random
 * games spend their steps on the phases. `veil selfplay --seats` seats random factions.
 */
export const duneGame: GameEntry = {
  module: dune as unknown as AnyGameModule,
  selfplay: {
    maxActions: 20_000,
    typeWeights: { bribe: 0.1, gift: 0.1 },
    seatOptions: (seats, rng) => ({ factions: rng.shuffle(FACTION_IDS).slice(0, seats) }),
  },
};

export { duneGame as game };

import type { AnyGameModule } from '@veil/engine';
import { dune, FACTION_IDS, POLICY_KINDS as DUNE_POLICY_KINDS } from '@veil/dune';
import { CARD_COVERAGE, netrunner, WINDOW_KINDS } from '@veil/netrunner';
import { duneAwaiting } from './dune-awaiting.js';
import { duneOptionsSchema } from './dune-options.js';
import type { GameEntry } from './game-entry.js';
import { netrunnerOptionsSchema } from './netrunner-options.js';

/**
 * Android: Netrunner. Self-play weights: a Corp that can score an agenda nearly always does
 * (`score` 20) and advancing is three times as likely as any other action (`advance` 3);
 * without them random play never wins by Corp agenda points (2,000 games, seed 1: none).
 */
const netrunnerGame: GameEntry = {
  module: netrunner as unknown as AnyGameModule,
  cards: CARD_COVERAGE,
  selfplay: { maxActions: 20_000, typeWeights: { score: 20, advance: 3 } },
  webBoard: 'netrunner',
  options: netrunnerOptionsSchema,
  policyKinds: WINDOW_KINDS,
};

/**
 * Dune, 2–6 seats. Self-play: a bribe, an Emperor's gift or an ally's support is legal at nearly
 * every step with many amounts; weighted down so random games spend their steps on the phases. `veil selfplay
 * --seats` seats random factions.
 */
const duneGame: GameEntry = {
  module: dune as unknown as AnyGameModule,
  selfplay: {
    maxActions: 20_000,
    typeWeights: { bribe: 0.1, gift: 0.1, support: 0.1 },
    seatOptions: (seats, rng) => ({ factions: rng.shuffle(FACTION_IDS).slice(0, seats) }),
  },
  webBoard: 'dune',
  awaiting: duneAwaiting,
  options: duneOptionsSchema,
  policyKinds: DUNE_POLICY_KINDS,
};

/** The games a production process runs. Test-only games are added by the tests themselves. */
export const PRODUCTION_GAMES: readonly GameEntry[] = [netrunnerGame, duneGame];

import type { AnyGameModule } from '@veil/engine';
import { CARD_COVERAGE, netrunner } from '@veil/netrunner';
import type { GameEntry } from './game-entry.js';

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
};

/** The games a production process runs. Test-only games are added by the tests themselves. */
export const PRODUCTION_GAMES: readonly GameEntry[] = [netrunnerGame];

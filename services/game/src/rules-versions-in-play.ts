import { rulesVersionsPlayed, rulesVersionStanding } from '@veil/engine';
import type { Logger } from '@veil/log';
import type { RoomStore, RulesVersionCount } from '@veil/store';
import type { GameRegistry } from './game-registry.js';

/** Rooms in play this node's rules do not play, and why. */
export interface UnplayedRooms extends RulesVersionCount {
  /** `retired`: refused `rules_retired`; `newer`: left to an upgraded node. */
  readonly because: 'retired' | 'newer';
}

/**
 * Tells the operator, when a node starts, which rooms in play its rules do not play
 * (docs/operations.md, "Upgrading"): a build that retires a rules version retires its rooms,
 * and the first sign of it should not be a player's refusal. One warning per game and version.
 */
export async function reportRulesVersionsInPlay(
  store: RoomStore,
  games: GameRegistry,
  logger: Logger,
): Promise<UnplayedRooms[]> {
  let counts: RulesVersionCount[];
  try {
    counts = await store.roomsInPlayByRulesVersion();
  } catch (error) {
    logger.warn('rooms in play not counted by rules version', { error });
    return [];
  }
  const unplayed: UnplayedRooms[] = [];
  for (const count of counts) {
    const module = games.get(count.game)?.module;
    if (!module) continue;
    const because = rulesVersionStanding(module, count.rulesVersion);
    if (because === 'played') continue;
    unplayed.push({ ...count, because });
    const plays = rulesVersionsPlayed(module);
    if (because === 'retired') {
      logger.warn('rooms in play on retired rules: refused rules_retired', { ...count, plays });
    } else {
      logger.warn('rooms in play on newer rules: left to an upgraded node', { ...count, plays });
    }
  }
  return unplayed;
}

import { PRODUCTION_GAMES, type GameEntry } from '@veil/game-registry';

/** The games a node process runs unless told otherwise: the registry's production games. */
export function defaultGames(): readonly GameEntry[] {
  return PRODUCTION_GAMES;
}

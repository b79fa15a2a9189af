import type { Faction } from '@veil/dune';

/**
 * The four factions of every ladder game, in player-circle order: the base game's four that
 * win only on the board — no Guild, whose default win takes every game nobody else wins, and
 * no Bene Gesserit, whose prediction wins by a guess (docs/ai.md, "Dune").
 */
export const FACTIONS: readonly Faction[] = ['atreides', 'harkonnen', 'emperor', 'fremen'];

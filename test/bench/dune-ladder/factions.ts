import type { Faction } from '@veil/dune';

/**
 * The four factions of every ladder game, in player-circle order. Neither the Spacing Guild nor
 * the Fremen: each wins a game nobody else has won by its own default victory, which would
 * decide the close games by who was seated there. Without them a game still open after the last
 * turn goes to the faction holding the most strongholds — the board decides. The Bene
 * Gesserit's prediction (not on that default win) takes only a stronghold win it foresaw.
 */
export const FACTIONS: readonly Faction[] = ['atreides', 'harkonnen', 'emperor', 'bene_gesserit'];

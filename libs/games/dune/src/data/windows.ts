/**
 * The windows in which a Karama may answer a faction power (Voice or Prescience, the wormsign,
 * every other power a Karama may stop): each asks every seat but the power's owner, holder or
 * not, and a seat's standing policy for them is its own (docs/games/dune.md, "Neutral window").
 */
export const KARAMA_WINDOW_KINDS: readonly string[] = [
  'karama_battle',
  'karama_wormsign',
  'karama_power',
];

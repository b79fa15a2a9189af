import { behaviourOf } from '../cards/registry.js';
import { cardsForReading } from '../state/draft.js';
import type { CardState, Game, Side } from '../state/types.js';
import { iceAtPosition } from './run.js';
import type { WindowKind } from '../window-kinds.js';

/**
 * Whether public facts alone leave `seat` something it might do in a window of `kind`
 * (docs/games/netrunner.md, "Skipped windows"). When they do not, the seat passes that window
 * without being asked, whatever its policy.
 *
 * Only public facts are read, so a skip tells nobody anything they could not work out: where
 * cards are installed, whether they are rezzed, and the codes of rezzed or faceup cards. Never
 * a card in hand or the identity of a facedown card — an unrezzed installed card might be
 * rezzed or scored whatever it is, so its mere presence keeps the Corp's window. Whether a
 * visible ability is affordable is not asked either: it is enough that one exists.
 */
export function mayActPublicly(g: Game, seat: Side, kind: WindowKind): boolean {
  const timings = kind === 'run-encounter' ? ENCOUNTER_TIMINGS : PAID_TIMINGS;
  // The plain record, and loops rather than callbacks: a window opens on almost every step, and
  // each card read through a draft's card proxy is a trap call and a copy of the card.
  const cards = cardsForReading(g);
  if (seat === 'runner') {
    for (const uid of g.runner.rig) if (usable(cards[uid], seat, timings)) return true;
    const encountered = g.run?.encounter?.ice;
    return encountered !== undefined && usable(cards[encountered], seat, timings);
  }
  if (corpMayRezOrScore(g, cards, kind)) return true;
  // The Corp's installed cards, walked in place.
  for (const id of g.serverOrder) {
    const server = g.servers[id];
    if (server === undefined) continue;
    for (const uid of server.root) if (usable(cards[uid], seat, timings)) return true;
    for (const uid of server.ice) if (usable(cards[uid], seat, timings)) return true;
  }
  return false;
}

const PAID_TIMINGS: readonly string[] = ['paid'];
const ENCOUNTER_TIMINGS: readonly string[] = ['paid', 'encounter'];

/**
 * Rez (non-ice: every window but encounter and pass-ice; the approached ice: its approach) and
 * score (the Corp's draw and action windows): an unrezzed card where one could be.
 */
function corpMayRezOrScore(
  g: Game,
  cards: Readonly<Record<string, CardState>>,
  kind: WindowKind,
): boolean {
  if (kind === 'run-approach-ice') {
    const approached = iceAtPosition(g);
    if (approached && !cards[approached]?.rezzed) return true;
  }
  if (kind === 'run-encounter' || kind === 'run-pass-ice') return false;
  for (const id of g.serverOrder) {
    for (const uid of g.servers[id]?.root ?? []) {
      if (!cards[uid]?.rezzed) return true;
    }
  }
  return false;
}

/**
 * Whether `c`, a card everyone sees (a rezzed Corp card, a faceup Runner card), has an ability
 * `seat` may use with one of `timings`.
 */
function usable(c: CardState | undefined, seat: Side, timings: readonly string[]): boolean {
  if (c === undefined || (c.side === 'corp' ? !c.rezzed : !c.faceUp)) return false;
  for (const a of behaviourOf(c.code)?.abilities ?? []) {
    if ((a.user ?? c.side) === seat && timings.includes(a.timing)) return true;
  }
  return false;
}

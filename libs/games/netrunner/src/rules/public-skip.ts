import { behaviourOf } from '../cards/registry.js';
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
  const usable = (uid: string) => {
    const c = g.cards[uid];
    return c !== undefined && hasAbility(c, seat, timings);
  };
  if (seat === 'runner') {
    const encountered = g.run?.encounter?.ice;
    return g.runner.rig.some(usable) || (encountered !== undefined && usable(encountered));
  }
  if (corpMayRezOrScore(g, kind)) return true;
  // The Corp's installed cards, walked in place (a window opens on almost every step).
  for (const id of g.serverOrder) {
    const server = g.servers[id];
    if (server && (server.root.some(usable) || server.ice.some(usable))) return true;
  }
  return false;
}

const PAID_TIMINGS: readonly string[] = ['paid'];
const ENCOUNTER_TIMINGS: readonly string[] = ['paid', 'encounter'];

/**
 * Rez (non-ice: every window but encounter and pass-ice; the approached ice: its approach) and
 * score (the Corp's draw and action windows): an unrezzed card where one could be.
 */
function corpMayRezOrScore(g: Game, kind: WindowKind): boolean {
  if (kind === 'run-approach-ice') {
    const approached = iceAtPosition(g);
    if (approached && !g.cards[approached]?.rezzed) return true;
  }
  if (kind === 'run-encounter' || kind === 'run-pass-ice') return false;
  for (const id of g.serverOrder) {
    for (const uid of g.servers[id]?.root ?? []) {
      if (!g.cards[uid]?.rezzed) return true;
    }
  }
  return false;
}

/**
 * Whether `c`, a card everyone sees (a rezzed Corp card, a faceup Runner card), has an ability
 * `seat` may use with one of `timings`.
 */
function hasAbility(c: CardState, seat: Side, timings: readonly string[]): boolean {
  if (c.side === 'corp' ? !c.rezzed : !c.faceUp) return false;
  return (behaviourOf(c.code)?.abilities ?? []).some(
    (a) => (a.user ?? c.side) === seat && timings.includes(a.timing),
  );
}

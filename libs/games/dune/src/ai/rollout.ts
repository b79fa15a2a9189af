import type { GameSnapshot, Rng } from '@veil/engine';
import { TERRITORIES } from '../data/map.js';
import { territoryOf } from '../rules/board.js';
import type { DuneAction } from '../state/actions.js';
import type { DuneState, Faction } from '../state/types.js';

/**
 * Weights of the action types a playout draws from; unlisted types weigh 1. The phases' own
 * passes weigh little (a seat that ships, moves and bids makes the position change), the
 * any-time windows' pass much (a Karama or an Atomics spent at random is wasted).
 */
const WEIGHTS: Readonly<Partial<Record<DuneAction['type'], number>>> = {
  ship: 4,
  move: 4,
  revive: 2,
  ship_pass: 0.5,
  move_pass: 0.5,
  ride_pass: 0.5,
  pass: 8,
  truthtrance: 0.1,
  karama_cancel: 0.1,
  weather_control: 0.1,
  family_atomics: 0.1,
  bribe: 0.1,
  gift: 0.1,
  support: 0.1,
};

/**
 * A cheap playout move for Dune (docs/ai.md): an action type drawn by weight, then one of its
 * actions — shipments and moves into strongholds (or onto spice) preferred, and a bid only the
 * lowest one and only while it costs at most half the seat's spice (else a pass). Deterministic
 * given `rng`; reads the (sampled) state only for the seat's spice and the board.
 */
export function rolloutDune(
  snapshot: GameSnapshot<DuneState>,
  seat: Faction,
  legal: readonly DuneAction[],
  rng: Rng,
): DuneAction {
  const s = snapshot.context;
  const bids = legal.filter((a) => a.type === 'bid');
  if (bids.length > 0) {
    const lowest = bids.reduce((m, a) => (a.amount < m.amount ? a : m));
    const pass = legal.find((a) => a.type === 'bid_pass');
    const spice = s.players[seat]?.spice ?? 0;
    return lowest.amount * 2 <= spice || !pass ? lowest : pass;
  }
  const groups = new Map<string, DuneAction[]>();
  for (const action of legal) {
    const group = groups.get(action.type);
    if (group) group.push(action);
    else groups.set(action.type, [action]);
  }
  let total = 0;
  for (const type of groups.keys()) total += WEIGHTS[type as DuneAction['type']] ?? 1;
  let r = (rng.int(1_000_000) / 1_000_000) * total;
  for (const [type, group] of groups) {
    r -= WEIGHTS[type as DuneAction['type']] ?? 1;
    if (r >= 0) continue;
    if (type === 'ship' || type === 'move') {
      const good = group.filter((a) => 'to' in a && worthGoing(s, a.to));
      if (good.length > 0 && rng.int(4) > 0) return rng.pick(good);
    }
    return rng.pick(group);
  }
  return rng.pick(legal);
}

/** A stronghold, or an area with spice on it. */
function worthGoing(s: DuneState, area: string): boolean {
  return TERRITORIES[territoryOf(area)]?.kind === 'stronghold' || (s.spice[area] ?? 0) > 0;
}

import type { GameSnapshot } from '@veil/engine';
import { FACTIONS } from '../data/factions.js';
import { allyOf, areasOf, STRONGHOLDS } from '../rules/board.js';
import type { DuneState, Faction } from '../state/types.js';

/** Each stronghold's areas, for one pass over the forces (built once). */
const STRONGHOLD_OF_AREA: ReadonlyMap<string, string> = new Map(
  STRONGHOLDS.flatMap((t) => areasOf(t).map((a) => [a, t] as const)),
);

/**
 * How good a Dune state is for each seat, in [0, 1] (docs/ai.md, "Adding a game's
 * evaluation"). A finished game is exact: 1 for every winner (allies win together), 0 for the
 * rest, 1/N each when nobody wins. A live one gives each seat a strength (`strength`), turns
 * the strengths into shares of one win (a softmax over the seats, so seats are comparable and
 * the shares sum to 1), and scores a seat by its own share plus its ally's (allies win
 * together). The search calls it on determinized states only, so it may read hidden parts
 * (hand sizes are public anyway; spice behind a shield is sampled).
 */
export function evaluateDune(snapshot: GameSnapshot<DuneState>): Record<Faction, number> {
  const s = snapshot.context;
  const seats = s.options.factions;
  const out = {} as Record<Faction, number>;
  if (s.result) {
    const { winners } = s.result;
    for (const f of seats)
      out[f] = winners.length === 0 ? 1 / seats.length : winners.includes(f) ? 1 : 0;
    return out;
  }
  const x = strengths(s);
  let total = 0;
  const weight = {} as Record<Faction, number>;
  for (const f of seats) {
    weight[f] = Math.exp(x[f]);
    total += weight[f];
  }
  for (const f of seats) {
    const ally = allyOf(s, f);
    out[f] = Math.min(1, (weight[f] + (ally ? weight[ally] : 0)) / total);
  }
  return out;
}

/**
 * Each seat's strength in "share of a win" units (the softmax's exponent). Strongholds weigh
 * most: the progress towards the win (3 alone, 4 with the ally's), and a win already standing
 * at the Mentat Pause most of all. Then the means of taking and holding them: forces on the
 * planet, in reserve and (negatively) in the tanks, spice, leaders alive and Treachery cards.
 * The end-of-game defaults grow with the turn: the Guild wins a game nobody has won, the
 * Fremen one without the Guild, and the Fremen's special victory when their sietches hold.
 */
export function strengths(s: DuneState): Record<Faction, number> {
  const seats = s.options.factions;
  // Who occupies each stronghold, and each seat's forces on the planet.
  const occupants = new Map<string, Set<Faction>>();
  const onPlanet = {} as Record<Faction, number>;
  for (const f of seats) onPlanet[f] = 0;
  for (const area in s.forces) {
    const here = s.forces[area] ?? {};
    const stronghold = STRONGHOLD_OF_AREA.get(area);
    for (const f of seats) {
      const n = here[f] ?? 0;
      if (n <= 0) continue;
      onPlanet[f] += n;
      if (stronghold) {
        const set = occupants.get(stronghold) ?? new Set<Faction>();
        set.add(f);
        occupants.set(stronghold, set);
      }
    }
  }
  const controlled = {} as Record<Faction, Set<string>>;
  const contested = {} as Record<Faction, number>;
  for (const f of seats) {
    controlled[f] = new Set();
    contested[f] = 0;
  }
  for (const [t, set] of occupants) {
    for (const f of set) {
      if (set.size === 1) controlled[f].add(t);
      else contested[f]++;
    }
  }
  const late = (s.turn / Math.max(1, s.options.turns)) ** 2;
  const x = {} as Record<Faction, number>;
  let anyoneWinning = false;
  for (const f of seats) {
    const ally = allyOf(s, f);
    const held = ally ? new Set([...controlled[f], ...controlled[ally]]).size : controlled[f].size;
    const need = ally ? 4 : seats.length === 2 ? s.options.twoPlayerStrongholds : 3;
    const progress = Math.min(held, need) / need;
    if (held >= need) anyoneWinning = true;
    const p = s.players[f];
    let leaders = 0;
    for (const id in p.leaders) if (p.leaders[id] === 'available') leaders++;
    x[f] =
      4 * progress +
      // A win standing at the Mentat Pause; a stronghold beyond it is one to spare.
      (held >= need ? 2 + 0.5 * (held - need) : 0) +
      0.4 * contested[f] +
      0.05 * onPlanet[f] +
      0.015 * p.reserves -
      0.02 * p.tanks +
      0.03 * Math.min(p.spice + p.bribes + p.support, 25) +
      0.1 * leaders +
      0.12 * Math.min(p.hand.length, FACTIONS[f].handLimit);
  }
  if (!anyoneWinning) {
    if (seats.includes('spacing_guild')) x.spacing_guild += 3 * late;
    if (seats.includes('fremen')) {
      const sietch = (t: string) => {
        const o = occupants.get(t);
        return !o || (o.size === 1 && o.has('fremen'));
      };
      const tueks = occupants.get('tueks_sietch');
      const blocked =
        !!tueks && (tueks.has('harkonnen') || tueks.has('atreides') || tueks.has('emperor'));
      if (sietch('sietch_tabr') && sietch('habbanya_sietch') && !blocked) x.fremen += 3 * late;
      else if (!seats.includes('spacing_guild')) x.fremen += 2 * late;
    }
  }
  return x;
}

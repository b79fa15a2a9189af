import { applyAction, newGame, restoreGame, type GameSnapshot } from '@veil/engine';
import { dune } from '../module.js';
import type { DuneAction } from '../state/actions.js';
import type { DuneOptions, DuneState, Faction, HandCard } from '../state/types.js';
import type { TreacheryCardId } from '../data/treachery.js';
import { applyPolicyToPauses } from '../rules/policy.js';

/** Test helpers: named game positions built through the real rules, edited only where a test says. */

export type Snap = GameSnapshot<DuneState>;

export function act(s: Snap, seat: Faction, action: DuneAction): Snap {
  return applyAction(dune, s, seat, action);
}

/**
 * A new game with every setup decision taken (first traitor offered; Fremen all in Sietch Tabr);
 * `options` are the room's other options (e.g. `{semutaDrug: true}`).
 */
export function afterSetup(
  factions: readonly Faction[],
  seed = 1,
  options: Omit<DuneOptions, 'factions'> = {},
): Snap {
  let s = newGame(dune, { ...options, factions }, seed);
  for (const f of factions) {
    if (f === 'harkonnen') continue;
    const first = dune.legalActions(s, f)[0];
    if (!first) throw new Error(`${f} has no setup action`);
    s = act(s, f, first);
  }
  if (factions.includes('fremen'))
    s = act(s, 'fremen', { type: 'fremen_split', tabr: 10, south: 0, west: 0 });
  return s;
}

/** The same chart position with an edited state (a test's premise). */
export function edit(
  s: Snap,
  change: (state: DuneState) => DuneState,
  value: Snap['value'] = s.value,
): Snap {
  return restoreGame(dune, { value, context: change(s.context), status: s.status });
}

export function hand(cards: readonly TreacheryCardId[], prefix: string): HandCard[] {
  return cards.map((card, i) => ({ card, handle: `${prefix}${i}`, seenBy: [] }));
}

export function withPlayer(
  state: DuneState,
  f: Faction,
  change: Partial<DuneState['players'][Faction]>,
): DuneState {
  return { ...state, players: { ...state.players, [f]: { ...state.players[f], ...change } } };
}

/** Every open Karama window against a power (`karama_power`, `karama_battle`) passed. */
export function passKarama(s: Snap): Snap {
  let x = s;
  for (;;) {
    const w = x.context.pauses.windows.at(-1);
    const seat = dune.deciders(x)[0];
    const karama = w?.kind === 'karama_power' || w?.kind === 'karama_battle';
    if (!w || !karama || w.status !== 'open' || !seat) return x;
    x = act(x, seat, { type: 'pass', window: w.id });
  }
}

/** Every seat's standing policy for `karama_power` windows set to auto-pass (a test premise). */
export function autoPassKarama(pauses: DuneState['pauses']): DuneState['pauses'] {
  const seats: Faction[] = [
    'atreides',
    'bene_gesserit',
    'emperor',
    'fremen',
    'spacing_guild',
    'harkonnen',
  ];
  return seats.reduce(
    (p, seat) => applyPolicyToPauses(p, seat, 'karama_power', 'auto-pass'),
    pauses,
  );
}

/**
 * `st` moved to just before turn 2's Spice Blow with a worm coming: Shai-Hulud on top of the
 * Spice deck and Old Gap under it, The Great Flat the last card discarded (so the worm appears
 * there), and `there` standing in The Great Flat's sector 14. The caller enters the blow.
 */
export function wormAtTheGreatFlat(st: DuneState, there: Record<string, number>): DuneState {
  return {
    ...st,
    choice: null,
    turn: 2,
    storm: 0,
    spiceDeck: [
      'shai_hulud',
      'old_gap',
      ...st.spiceDeck.filter((c) => c !== 'old_gap' && c !== 'shai_hulud'),
    ],
    spiceDiscard: ['the_great_flat'],
    forces: { ...st.forces, 'the_great_flat:14': there },
  };
}

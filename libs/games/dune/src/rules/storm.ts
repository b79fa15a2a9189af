import {
  commitChoice,
  commitWindow,
  nextPauseId,
  openChoice,
  openWindow,
  openWindowOf,
  revealedChoices,
} from '@veil/engine';
import { SECTOR_COUNT } from '../data/map.js';
import type { DuneState, Faction } from '../state/types.js';
import {
  ALL_AREAS,
  addForces,
  areasOf,
  computeStormOrder,
  factionsInArea,
  inStorm,
  sectorOf,
  territoryOf,
} from './board.js';
import { AREA_NEIGHBOURS, TERRITORIES } from '../data/map.js';
import { discardBatch, log, updatePlayer } from './common.js';
import { forgetHandAnswers } from './truth-answers.js';

/** Storm Phase: two dialers commit hidden dials, revealed together; the storm moves their sum. */

export function dialRange(state: DuneState): [number, number] {
  return state.turn === 1 ? [0, 20] : [1, 3];
}

export function enterStorm(state: DuneState): DuneState {
  const [id, pauses] = nextPauseId(state.pauses);
  const participants = [...new Set(state.dialers)];
  return {
    ...state,
    phaseDone: false,
    bribed: [],
    pauses,
    choice: {
      kind: 'storm_dial',
      choice: openChoice<Faction, number>({
        id,
        kind: 'storm_dial',
        cause: { turn: state.turn },
        participants,
      }),
    },
  };
}

export function commitDial(state: DuneState, seat: Faction, value: number): DuneState {
  if (state.choice?.kind !== 'storm_dial') throw new Error('no storm dial open');
  const choice = commitChoice(state.choice.choice, seat, value);
  if (choice.status === 'collecting') return { ...state, choice: { kind: 'storm_dial', choice } };
  const dials = revealedChoices(choice);
  // A single dialer (both wheels in one hand) dials twice' worth: the sum is doubled.
  const sum = dials.reduce((a, d) => a + d.choice, 0) * (dials.length === 1 ? 2 : 1);
  let s = log({ ...state, choice: null }, 'storm_dials', {
    dials: dials.map((d) => ({ faction: d.seat, dial: d.choice })),
    move: sum,
  });
  if (state.turn === 1) return moveStorm(s, sum);
  // Turn 2+: before the storm moves, a neutral window lets a Weather Control holder take over.
  const [id, pauses] = nextPauseId(s.pauses);
  const window = openWindow(
    { id, kind: 'storm_cards', cause: { turn: s.turn, move: sum }, participants: s.stormOrder },
    s.pauses.policies,
  );
  s = { ...s, pauses: { ...pauses, windows: [...pauses.windows, window] } };
  return window.status === 'open' ? s : closeStormWindow(s);
}

/** The window closed: the storm moves as dialed, or as Weather Control decided. */
export function closeStormWindow(state: DuneState): DuneState {
  const window = state.pauses.windows[state.pauses.windows.length - 1];
  if (!window) throw new Error('no storm window');
  const move =
    typeof window.cause.override === 'number'
      ? window.cause.override
      : (window.cause.move as number);
  const s = { ...state, pauses: { ...state.pauses, windows: state.pauses.windows.slice(0, -1) } };
  return moveStorm(s, move);
}

/**
 * Moves the storm `move` sectors counterclockwise; in every sector it enters, spice is removed
 * and forces in unsheltered areas go to the Tanks. Then the storm order is recomputed.
 */
export function moveStorm(state: DuneState, move: number): DuneState {
  let s = state;
  let sector = s.storm;
  const killed: Array<{ area: string; faction: Faction; count: number }> = [];
  for (let i = 0; i < move; i++) {
    sector = (sector + 1) % SECTOR_COUNT;
    for (const area of ALL_AREAS) {
      if (sectorOf(area) !== sector) continue;
      if (s.spice[area]) {
        const spice = { ...s.spice };
        delete spice[area];
        s = { ...s, spice };
      }
      const t = TERRITORIES[territoryOf(area)];
      if (t.sheltered && !(s.atomics && t.losesShelterToAtomics)) continue;
      for (const f of factionsInArea(s, area)) {
        const count = s.forces[area]?.[f] ?? 0;
        s = { ...s, forces: addForces(s.forces, area, f, -count) };
        s = updatePlayer(s, f, (p) => ({ ...p, tanks: p.tanks + count }));
        killed.push({ area, faction: f, count });
      }
    }
  }
  s = { ...s, storm: sector };
  s = { ...s, stormOrder: computeStormOrder(s), phaseDone: true };
  return log(s, 'storm_moved', { move, sector, killed, stormOrder: s.stormOrder });
}

/** Family Atomics may be played by a seat with forces, outside the storm, on or beside the Shield Wall. */
export function canUseAtomics(state: DuneState, seat: Faction): boolean {
  const near = new Set<string>(['shield_wall']);
  for (const area of areasOf('shield_wall'))
    for (const n of AREA_NEIGHBOURS[area] ?? []) near.add(territoryOf(n));
  return Object.keys(state.forces).some(
    (a) => near.has(territoryOf(a)) && !inStorm(state, a) && (state.forces[a]?.[seat] ?? 0) > 0,
  );
}

/** Destroys every force on the Shield Wall; the card leaves the game (it is not discarded). */
export function detonateAtomics(state: DuneState, seat: Faction, handle: string): DuneState {
  let s = forgetHandAnswers(
    updatePlayer(state, seat, (p) => ({ ...p, hand: p.hand.filter((c) => c.handle !== handle) })),
    seat,
  );
  for (const area of areasOf('shield_wall')) {
    for (const f of factionsInArea(s, area)) {
      const count = s.forces[area]?.[f] ?? 0;
      s = { ...s, forces: addForces(s.forces, area, f, -count) };
      s = updatePlayer(s, f, (p) => ({ ...p, tanks: p.tanks + count }));
    }
  }
  return log({ ...s, atomics: true }, 'family_atomics', { faction: seat });
}

/**
 * Weather Control, played in the storm window: the holder fixes this turn's move (0–10). The card
 * goes through the discard boundary; the storm moves when the boundary resumes (`storm_card`).
 */
export function playWeatherControl(state: DuneState, seat: Faction, move: number): DuneState {
  const w = openWindowOf(state.pauses.windows);
  const card = state.players[seat].hand.find((c) => c.card === 'weather_control');
  if (!w || !card) throw new Error('no weather control');
  const committed = { ...commitWindow(w, seat), cause: { ...w.cause, override: move } };
  const windows = state.pauses.windows.map((x) => (x.id === w.id ? committed : x));
  const s = log({ ...state, pauses: { ...state.pauses, windows } }, 'weather_control', {
    faction: seat,
    move,
  });
  return discardBatch(
    s,
    'card_used',
    'storm',
    [{ faction: seat, handle: card.handle }],
    (batch) => ({
      kind: 'storm_card',
      batch,
    }),
  );
}

import {
  nextPauseId,
  pushDecision,
  resolveDecision,
  shuffle,
  topDecision,
  type PublicCause,
} from '@veil/engine';
import { TERRITORIES, type TerritoryId } from '../data/map.js';
import type { DuneState, Faction, SpiceCard } from '../state/types.js';
import { addForces, allyOf, areasOf, factionsInArea, forcesIn, inStorm } from './board.js';
import { openAnyTimeWindow } from './any-time.js';
import { askKarama } from './karama-powers.js';
import { log, updatePlayer } from './common.js';

/** Spice Blow: reveal until a territory card; Shai-Hulud devours (after turn 1) and calls a Nexus. */

function drawSpiceCard(state: DuneState): [SpiceCard, DuneState] {
  let s = state;
  if (s.spiceDeck.length === 0) {
    const [deck, rng] = shuffle(s.rng, s.spiceDiscard);
    s = log({ ...s, spiceDeck: deck, spiceDiscard: [], rng }, 'spice_reshuffled', {});
  }
  const [top, ...rest] = s.spiceDeck;
  return [top as SpiceCard, { ...s, spiceDeck: rest }];
}

/** The territory of the topmost territory card in the discard pile, if any. */
function lastTerritory(state: DuneState): TerritoryId | null {
  for (let i = state.spiceDiscard.length - 1; i >= 0; i--) {
    const card = state.spiceDiscard[i] as SpiceCard;
    if (card !== 'shai_hulud') return card;
  }
  return null;
}

function devour(
  state: DuneState,
  territory: TerritoryId,
  fremenImmune: boolean,
  allyImmune: boolean,
): DuneState {
  let s = state;
  const eaten: Array<{ faction: string; count: number }> = [];
  for (const area of areasOf(territory)) {
    for (const f of factionsInArea(s, area)) {
      // Fremen are immune (unless a Karama stopped it); their ally when the Fremen chose to
      // spare it and no Karama stopped that.
      if ((f === 'fremen' && fremenImmune) || (allyOf(s, f) === 'fremen' && allyImmune)) continue;
      const count = s.forces[area]?.[f] ?? 0;
      s = { ...s, forces: addForces(s.forces, area, f, -count) };
      s = updatePlayer(s, f, (p) => ({ ...p, tanks: p.tanks + count }));
      eaten.push({ faction: f, count });
    }
    if (s.spice[area]) {
      const spice = { ...s.spice };
      delete spice[area];
      s = { ...s, spice };
    }
  }
  return log(s, 'shai_hulud', { territory, eaten });
}

export function enterBlow(state: DuneState): DuneState {
  return revealSpice({
    ...state,
    phaseDone: false,
    nexus: false,
    wormTerritories: [],
    bribed: [],
  });
}

/**
 * Reveals Spice cards until a territory card, then opens the any-time window (the point before
 * a Nexus too). A worm reaching Fremen forces stops at a `karama_power` window (their immunity
 * may be stopped) and the reveal goes on once it closes.
 */
function revealSpice(state: DuneState): DuneState {
  let s = state;
  const setAside: SpiceCard[] = [];
  // Bounded: the deck holds 15 territory cards, so a territory card comes within 22 draws.
  for (let guard = 0; guard < 50; guard++) {
    let card: SpiceCard;
    [card, s] = drawSpiceCard(s);
    if (card === 'shai_hulud') {
      if (s.turn === 1) {
        setAside.push(card);
        s = log(s, 'shai_hulud_set_aside', {});
        continue;
      }
      const territory = lastTerritory(s);
      s = { ...s, spiceDiscard: [...s.spiceDiscard, card], nexus: true };
      if (!territory) {
        s = log(s, 'shai_hulud', { territory: null, eaten: [] });
        continue;
      }
      s = { ...s, wormTerritories: [...s.wormTerritories, territory] };
      // Only after turn 1, so no worm is set aside while a window waits.
      if (present(s, territory, 'fremen'))
        return askKarama(s, 'worm_immunity', { territory }, resumeWormImmunity);
      if (present(s, territory, allyOf(s, 'fremen'))) return askAllyProtection(s, territory, true);
      s = devour(s, territory, true, true);
      continue;
    }
    const blow = TERRITORIES[card].blow;
    s = { ...s, spiceDiscard: [...s.spiceDiscard, card] };
    if (blow && !inStorm(s, blow.area)) {
      s = { ...s, spice: { ...s.spice, [blow.area]: (s.spice[blow.area] ?? 0) + blow.amount } };
      s = log(s, 'spice_blow', { territory: card, area: blow.area, amount: blow.amount });
    } else {
      s = log(s, 'spice_blow', {
        territory: card,
        area: blow?.area ?? null,
        amount: 0,
        inStorm: true,
      });
    }
    break;
  }
  if (setAside.length > 0) {
    const [deck, rng] = shuffle(s.rng, [...s.spiceDeck, ...setAside]);
    s = { ...s, spiceDeck: deck, rng };
  }
  return openAnyTimeWindow({ ...s, phaseDone: true }, 'blow', 'after_blow');
}

function present(state: DuneState, territory: TerritoryId, f: Faction | null): boolean {
  return f !== null && areasOf(territory).some((a) => forcesIn(state, a, f) > 0);
}

/** The Fremen's own immunity is settled; their ally's forces there are asked about next. */
export function resumeWormImmunity(state: DuneState, c: PublicCause, stopped: boolean): DuneState {
  const territory = c.territory as TerritoryId;
  if (present(state, territory, allyOf(state, 'fremen')))
    return askAllyProtection(state, territory, !stopped);
  return revealSpice(devour(state, territory, !stopped, true));
}

/**
 * The worm reached the Fremen's ally: the Fremen choose whether it is spared (their alliance
 * power; the decision record is the reveal's continuation).
 */
function askAllyProtection(
  state: DuneState,
  territory: TerritoryId,
  fremenImmune: boolean,
): DuneState {
  const [id, pauses] = nextPauseId(state.pauses);
  const decisions = pushDecision(pauses.decisions, {
    id,
    seat: 'fremen' as Faction,
    kind: 'ally_worm_protection' as const,
    territory,
    fremenImmune,
  });
  return { ...state, pauses: { ...pauses, decisions } };
}

/** The Fremen's answer: spared, the use is asked about in `karama_power`; not, the worm devours. */
export function answerAllyProtection(state: DuneState, protect: boolean): DuneState {
  const top = topDecision(state.pauses.decisions);
  if (!top || top.kind !== 'ally_worm_protection') throw new Error('no ally protection asked');
  const { territory, fremenImmune } = top;
  let s: DuneState = {
    ...state,
    pauses: { ...state.pauses, decisions: resolveDecision(state.pauses.decisions, top.id) },
  };
  s = log(s, 'ally_worm_protection', { territory, ally: allyOf(s, 'fremen'), protect });
  if (!protect) return revealSpice(devour(s, territory, fremenImmune, false));
  const cause = { territory, fremenImmune };
  return askKarama(s, 'ally_worm_immunity', cause, resumeAllyWormImmunity);
}

/** The worm devours — the ally's forces too when a Karama stopped the Fremen sparing them. */
export function resumeAllyWormImmunity(
  state: DuneState,
  c: PublicCause,
  stopped: boolean,
): DuneState {
  const territory = c.territory as TerritoryId;
  return revealSpice(devour(state, territory, c.fremenImmune === true, !stopped));
}

import type { DuneState, Faction } from '../state/types.js';
import { allyOf, controlledStrongholds, occupants, occupiedStrongholds } from './board.js';
import { anyTimeOpen, openAnyTimeWindow } from './any-time.js';
import { log, updatePlayer } from './common.js';

/**
 * Mentat Pause: bribes and unused ally support move behind the shields; then the any-time
 * window, whose close resumes the victory check (`mentatVerdict`).
 */
export function enterMentat(state: DuneState): DuneState {
  let s: DuneState = { ...state, bribed: [], phaseDone: false };
  for (const f of s.options.factions) {
    // Bribes received, and what is left of the support set out for an ally.
    const back = s.players[f].bribes + s.players[f].support;
    if (back > 0)
      s = updatePlayer(s, f, (p) => ({ ...p, spice: p.spice + back, bribes: 0, support: 0 }));
  }
  s = openAnyTimeWindow(s, 'mentat', 'mentat');
  return anyTimeOpen(s) ? s : mentatVerdict(s);
}

/**
 * The Mentat Pause's verdict: stronghold victory (3 alone, 4 allied; the earliest in storm order
 * among several), the BG prediction overriding it; after the last turn the end-of-game order:
 * Fremen special victory, else Guild, else Fremen, else most strongholds. Else the next turn.
 */
export function mentatVerdict(s: DuneState): DuneState {
  const winners = strongholdWinners(s);
  if (winners)
    return declare(s, applyPrediction(s, winners.winners), winners.reason, winners.winners);
  if (s.turn >= s.options.turns) {
    const fallback = endOfGameWinners(s);
    const withPrediction = s.options.predictionOnDefault
      ? applyPrediction(s, fallback.winners)
      : fallback.winners;
    return declare(s, withPrediction, fallback.reason, fallback.winners);
  }
  return log({ ...s, turn: s.turn + 1, phaseDone: true }, 'turn', { turn: s.turn + 1 });
}

function withAlly(state: DuneState, f: Faction): Faction[] {
  const ally = allyOf(state, f);
  return ally ? [f, ally] : [f];
}

export function strongholdWinners(state: DuneState): { winners: Faction[]; reason: string } | null {
  for (const f of state.stormOrder) {
    const ally = allyOf(state, f);
    if (ally) {
      const held = new Set([
        ...controlledStrongholds(state, f),
        ...controlledStrongholds(state, ally),
      ]);
      if (held.size >= 4) return { winners: [f, ally], reason: 'strongholds_allied' };
    } else {
      const need = state.options.factions.length === 2 ? state.options.twoPlayerStrongholds : 3;
      if (controlledStrongholds(state, f).length >= need)
        return { winners: [f], reason: 'strongholds' };
    }
  }
  return null;
}

function applyPrediction(state: DuneState, winners: Faction[]): Faction[] {
  const p = state.prediction;
  if (p && p.turn === state.turn && winners.includes(p.faction)) return ['bene_gesserit'];
  return winners;
}

export function endOfGameWinners(state: DuneState): { winners: Faction[]; reason: string } {
  const has = (f: Faction) => state.options.factions.includes(f);
  if (has('fremen')) {
    const onlyFremen = (t: 'sietch_tabr' | 'habbanya_sietch') =>
      occupants(state, t).every((f) => f === 'fremen');
    const tueks = occupants(state, 'tueks_sietch');
    const blocked = tueks.some((f) => f === 'harkonnen' || f === 'atreides' || f === 'emperor');
    if (onlyFremen('sietch_tabr') && onlyFremen('habbanya_sietch') && !blocked) {
      return { winners: withAlly(state, 'fremen'), reason: 'fremen_special' };
    }
  }
  if (has('spacing_guild'))
    return { winners: withAlly(state, 'spacing_guild'), reason: 'guild_default' };
  if (has('fremen')) return { winners: withAlly(state, 'fremen'), reason: 'fremen_default' };
  const counts = state.stormOrder.map((f) => ({ f, n: occupiedStrongholds(state, f).length }));
  const best = Math.max(...counts.map((c) => c.n));
  const top = counts.filter((c) => c.n === best).map((c) => c.f);
  if (top.length > 1 && state.options.mostStrongholdsTie === 'nobody')
    return { winners: [], reason: 'most_strongholds_tie' };
  return { winners: withAlly(state, top[0] as Faction), reason: 'most_strongholds' };
}

function declare(
  state: DuneState,
  winners: Faction[],
  reason: string,
  before: Faction[],
): DuneState {
  const predicted = winners.join() !== before.join();
  const finalReason = predicted ? 'bg_prediction' : reason;
  const s = { ...state, phaseDone: true, result: { winners, reason: finalReason } };
  return log(s, 'game_over', {
    winners,
    reason: finalReason,
    prediction: predicted ? state.prediction : null,
  });
}

import { FACTIONS } from '../data/factions.js';
import { TREACHERY, type TreacheryCardId } from '../data/treachery.js';
import type { TruthQuestion } from '../state/actions.js';
import type { DuneState, Faction } from '../state/types.js';
import { discardBatch, findCard, log } from './common.js';
import { rememberAnswer } from './truth-answers.js';

/**
 * Truthtrance: the holder publicly asks another seat one yes/no question, answered truthfully
 * and publicly. Online the questions are the ones the rules can answer for the seat — whether it
 * holds a kind of Treachery card, holds a leader's traitor card, or has at least some spice —
 * and the answer is the rules' own, so it is always the truth.
 */
export const SPICE_QUESTIONS = [5, 10, 15, 20] as const;

export function truthQuestions(state: DuneState, to: Faction): TruthQuestion[] {
  // Only the kinds this room's deck has (Semuta only in a room with it).
  const cards = (Object.keys(TREACHERY) as TreacheryCardId[])
    .filter(
      (card) => TREACHERY[card].copies > 0 || (card === 'semuta_drug' && state.options.semutaDrug),
    )
    .map((card): TruthQuestion => ({ kind: 'holds', card }));
  const leaders = state.options.factions
    .filter((f) => f !== to)
    .flatMap((f) =>
      FACTIONS[f].leaders.map((l): TruthQuestion => ({ kind: 'traitor', leader: l.id })),
    );
  const spice = SPICE_QUESTIONS.map((amount): TruthQuestion => ({
    kind: 'spice_at_least',
    amount,
  }));
  return [...cards, ...leaders, ...spice];
}

function answer(state: DuneState, to: Faction, q: TruthQuestion): boolean {
  const p = state.players[to];
  switch (q.kind) {
    case 'holds':
      return p.hand.some((c) => c.card === q.card);
    case 'traitor':
      return p.traitors.includes(q.leader);
    case 'spice_at_least':
      return p.spice >= q.amount;
  }
}

export function playTruthtrance(
  state: DuneState,
  seat: Faction,
  handle: string,
  to: Faction,
  question: TruthQuestion,
  phase: string,
  resume: 'none' | 'any_time' = 'none',
): DuneState {
  if (findCard(state, seat, handle)?.card !== 'truthtrance') throw new Error('no truthtrance');
  if (to === seat || !state.options.factions.includes(to)) throw new Error('bad truthtrance');
  const said = answer(state, to, question);
  const s = rememberAnswer(
    log(state, 'truthtrance', { asker: seat, to, question, answer: said }),
    to,
    question,
    said,
  );
  return discardBatch(s, 'card_used', phase, [{ faction: seat, handle }], (batch) => ({
    kind: 'card_used',
    batch,
    resume,
  }));
}

import type { TruthQuestion } from '../state/actions.js';
import type { DuneState, Faction } from '../state/types.js';

/**
 * The public Truthtrance answers the determinizer keeps to (privacy/answers.ts), for as long as
 * they are still true: one about a hand until a card enters or leaves that hand (both public
 * events — a draw's count, a purchase, a discard), one about a traitor card until that traitor
 * is called (public). Spice answers are not kept: spice moves with every payment, and the
 * determinizer makes others' spice up anyway. A newer answer to the same question replaces the
 * older one.
 */
export function rememberAnswer(
  state: DuneState,
  to: Faction,
  question: TruthQuestion,
  answer: boolean,
): DuneState {
  if (question.kind === 'spice_at_least') return state;
  const same = JSON.stringify(question);
  const rest = state.truthAnswers.filter((a) => a.to !== to || JSON.stringify(a.question) !== same);
  return { ...state, truthAnswers: [...rest, { to, question, answer }] };
}

/** A card entered or left `faction`'s hand: what it said about its hand may no longer hold. */
export function forgetHandAnswers(state: DuneState, faction: Faction): DuneState {
  const stale = (a: DuneState['truthAnswers'][number]) =>
    a.to === faction && a.question.kind === 'holds';
  if (!state.truthAnswers.some(stale)) return state;
  return { ...state, truthAnswers: state.truthAnswers.filter((a) => !stale(a)) };
}

/** A traitor was called: its card is public and out of every hidden traitor set. */
export function forgetTraitorAnswers(state: DuneState, leader: string): DuneState {
  const stale = (a: DuneState['truthAnswers'][number]) =>
    a.question.kind === 'traitor' && a.question.leader === leader;
  if (!state.truthAnswers.some(stale)) return state;
  return { ...state, truthAnswers: state.truthAnswers.filter((a) => !stale(a)) };
}

import type { GameSnapshot } from '@veil/engine';
import { dune, type DuneState } from '@veil/dune';

/**
 * The Dune seats the game still needs an action from: the deciders, less those already in on
 * the open simultaneous choice (traitor picks, storm dials, battle plans, traitor calls). A seat
 * that is in stays a decider — its view must not tell anyone who is in — and may replace its
 * choice, but owes nothing; the game node asks bots only for these seats, so a bot that is in
 * does not re-commit at every other seat's commitment. Never sent to anyone.
 */
export function duneAwaiting(snapshot: GameSnapshot<unknown>): string[] {
  const s = snapshot as GameSnapshot<DuneState>;
  const deciders = dune.deciders(s);
  const choice = s.context.choice?.choice;
  if (!choice || choice.status !== 'collecting') return deciders;
  // Only while the game waits on the choice itself (no decision or window above it).
  const onChoice =
    deciders.length === choice.participants.length &&
    deciders.every((seat) => choice.participants.includes(seat));
  return onChoice ? deciders.filter((seat) => !(seat in choice.commitments)) : deciders;
}

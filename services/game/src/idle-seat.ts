import { IDLE_ABSENT_SECONDS, IDLE_SECONDS, LEFT_REASON, type ErrorCode } from '@veil/protocol';
import type { StoredSeat } from '@veil/store';
import { concessionOf, type Concession } from './concession.js';

/** What the node knows when a player asks to act for `target`'s idle seat. */
export interface IdleClaim {
  readonly seats: Readonly<Record<string, StoredSeat>>;
  /** The seat that asks (a human seat: a bot's token is refused before this). */
  readonly requester: string;
  readonly target: string;
  /** The room has time controls: its clock hands a seat over by itself. */
  readonly timed: boolean;
  /**
   * The seats every viewer sees the game wait on (its `deciders`: in a simultaneous choice every
   * participant, in or not, since who is in is hidden).
   */
  readonly waitingOn: readonly string[];
  /** How long the table has waited: since its last commit, or since this node loaded it. */
  readonly waitedMs: number;
  /** Whether a connection is open to the target's seat, as far as this node counts them. */
  readonly connected: boolean;
  /** One second of the room's time, in ms (1000; a test world may shorten it, `ClockSource`). */
  readonly secondMs?: number;
}

/**
 * Whether a player may hand another seat to a bot because the table has waited on it too long
 * (docs/protocol.md, "Hand an idle seat to a bot"), and what follows — what a concession of that
 * seat would do: the bot it would bring, or at a two-seat table the room's end, the asker winning
 * (for the reason `left`). Not at a timed table (the clock does it).
 */
export function idleHandover(
  claim: IdleClaim,
): ({ readonly ok: true } & Concession) | { readonly ok: false; readonly code: ErrorCode } {
  const { seats, requester, target } = claim;
  if (claim.timed || target === requester || !Object.hasOwn(seats, target)) {
    return refused('bad_request');
  }
  if (seats[requester]?.kind !== 'human') return refused('forbidden');
  // A seat a bot plays already, one the game does not wait on, or not waited on long enough.
  const patienceMs =
    (claim.connected ? IDLE_SECONDS : IDLE_ABSENT_SECONDS) * (claim.secondMs ?? 1_000);
  if (
    seats[target]?.kind !== 'human' ||
    !claim.waitingOn.includes(target) ||
    claim.waitedMs < patienceMs
  ) {
    return refused('illegal_action');
  }
  const concession = concessionOf(seats, target);
  return concession.kind === 'ends'
    ? { ok: true, kind: 'ends', outcome: { ...concession.outcome, reason: LEFT_REASON } }
    : { ok: true, ...concession };
}

const refused = (code: ErrorCode) => ({ ok: false, code }) as const;

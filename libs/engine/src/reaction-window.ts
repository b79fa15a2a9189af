import { policyFor, type Policies, type WindowPolicy } from './policies.js';

/**
 * A neutral reaction window. It is opened from public facts only (the rules and a public
 * cause), with a fixed participant order, and the same pass/close protocol whether or not anyone
 * can actually use it: every participant is asked in turn and gets a generic `pass`; only a
 * holder additionally gets private activations (the game adds those to its legal actions). The
 * window closes when every participant has passed, or as soon as one commits to an activation.
 *
 * The whole record is public: it holds no holder information, so its shape cannot leak.
 */
export interface ReactionWindow<Seat extends string = string> {
  readonly id: number;
  /** What kind of window (e.g. `rez`, `paid_ability`); policies are keyed by it. */
  readonly kind: string;
  /** The public event that opened it. Must be built from public facts only. */
  readonly cause: PublicCause;
  readonly participants: readonly Seat[];
  /** Participants who passed, in the order they passed. */
  readonly passed: readonly Seat[];
  /** Participants whose pass came from a standing policy rather than a prompt. */
  readonly autoPassed: readonly Seat[];
  readonly status: 'open' | 'closed' | 'committed';
  readonly committedBy: Seat | null;
}

/** A JSON value describing the public event behind a window. */
export type PublicCause = Readonly<Record<string, string | number | boolean | null>>;

export interface OpenWindowSpec<Seat extends string> {
  id: number;
  kind: string;
  cause: PublicCause;
  participants: readonly Seat[];
  /** The game's default policy for this kind when a seat has set none. */
  defaultPolicy?: WindowPolicy;
}

/** Opens a window and applies the participants' standing policies at once. */
export function openWindow<Seat extends string>(
  spec: OpenWindowSpec<Seat>,
  policies: Policies<Seat>,
): ReactionWindow<Seat> {
  const autoPassed = spec.participants.filter(
    (seat) => policyFor(policies, seat, spec.kind, spec.defaultPolicy) === 'auto-pass',
  );
  const window: ReactionWindow<Seat> = {
    id: spec.id,
    kind: spec.kind,
    cause: spec.cause,
    participants: [...spec.participants],
    passed: autoPassed,
    autoPassed,
    status: 'open',
    committedBy: null,
  };
  return closeIfAllPassed(window);
}

/** The participant the window waits on now (first in order who has not passed), if open. */
export function windowDecider<Seat extends string>(window: ReactionWindow<Seat>): Seat | undefined {
  if (window.status !== 'open') return undefined;
  return window.participants.find((seat) => !window.passed.includes(seat));
}

export function passWindow<Seat extends string>(
  window: ReactionWindow<Seat>,
  seat: Seat,
): ReactionWindow<Seat> {
  assertDecider(window, seat);
  return closeIfAllPassed({ ...window, passed: [...window.passed, seat] });
}

/** The decider commits to an activation: the window closes and the game resolves the effect. */
export function commitWindow<Seat extends string>(
  window: ReactionWindow<Seat>,
  seat: Seat,
): ReactionWindow<Seat> {
  assertDecider(window, seat);
  return { ...window, status: 'committed', committedBy: seat };
}

export function isWindowOpen(window: ReactionWindow): boolean {
  return window.status === 'open';
}

/** The generic action every participant gets, holder or not. */
export interface PassAction {
  readonly type: 'pass';
  readonly window: number;
}

export function passAction(window: ReactionWindow): PassAction {
  return { type: 'pass', window: window.id };
}

/**
 * Legal actions of `seat` in `window`: nothing unless it is the seat's turn to answer; then the
 * generic pass, followed by the private activations the game found for this seat (empty for a
 * seat that holds nothing usable — the only difference, and it is private to that seat).
 */
export function windowActions<Seat extends string, A>(
  window: ReactionWindow<Seat>,
  seat: Seat,
  activations: readonly A[],
): Array<PassAction | A> {
  if (windowDecider(window) !== seat) return [];
  return [passAction(window), ...activations];
}

/** The public shape of a window, the part the noninterference harness compares. */
export function windowShape<Seat extends string>(
  window: ReactionWindow<Seat>,
): ReactionWindow<Seat> {
  return {
    id: window.id,
    kind: window.kind,
    cause: window.cause,
    participants: window.participants,
    passed: window.passed,
    autoPassed: window.autoPassed,
    status: window.status,
    committedBy: window.committedBy,
  };
}

function closeIfAllPassed<Seat extends string>(w: ReactionWindow<Seat>): ReactionWindow<Seat> {
  return w.participants.every((seat) => w.passed.includes(seat)) ? { ...w, status: 'closed' } : w;
}

function assertDecider<Seat extends string>(window: ReactionWindow<Seat>, seat: Seat): void {
  if (windowDecider(window) !== seat) {
    throw new Error(`window ${window.id}: ${seat} is not the participant it waits on`);
  }
}

import type { PublicCause } from './reaction-window.js';

/**
 * A simultaneous hidden choice: several seats each commit a choice (a battle plan, a storm
 * dial, a sealed bid) and all are revealed together once every participant has committed.
 *
 * Until then nothing about any commitment reaches another seat — not its value, not whether it
 * was made, not when, not its size:
 * - the public part of the record (`publicChoice`) never depends on the commitments;
 * - every participant stays a decider until all are in (`choiceDeciders`), so "who the game
 *   waits on" does not shrink as seats commit;
 * - a seat that has committed may commit again (replacing its choice) until the reveal, so its
 *   legal actions are the same before and after, and depend on nothing but its own position;
 * - a game must add no log entry for a commitment; the reveal is the one public event.
 * Only the committing seat sees its own commitment (`ownCommitment`). The moment of the reveal
 * is public by nature: when the last seat commits, everyone learns that all were in.
 */
export interface SimultaneousChoice<Seat extends string = string, Choice = unknown> {
  readonly id: number;
  /** What is being chosen (e.g. `storm_dial`, `battle_plan`). */
  readonly kind: string;
  /** The public event that opened it, built from public facts only. */
  readonly cause: PublicCause;
  readonly participants: readonly Seat[];
  /** Hidden: each seat's current commitment. A view shows a seat only its own entry. */
  readonly commitments: Readonly<Partial<Record<Seat, Choice>>>;
  /** `revealed` once every participant has committed; the commitments are then public. */
  readonly status: 'collecting' | 'revealed';
}

export interface OpenChoiceSpec<Seat extends string> {
  id: number;
  kind: string;
  cause: PublicCause;
  participants: readonly Seat[];
}

export function openChoice<Seat extends string, Choice>(
  spec: OpenChoiceSpec<Seat>,
): SimultaneousChoice<Seat, Choice> {
  if (spec.participants.length === 0) {
    throw new Error(`choice ${spec.id}: a simultaneous choice needs at least one participant`);
  }
  return {
    id: spec.id,
    kind: spec.kind,
    cause: spec.cause,
    participants: [...spec.participants],
    commitments: {} as Partial<Record<Seat, Choice>>,
    status: 'collecting',
  };
}

/**
 * Records (or replaces) `seat`'s commitment; reveals all of them when it was the last missing
 * one. The game checks the choice is legal for the seat before calling this.
 */
export function commitChoice<Seat extends string, Choice>(
  choice: SimultaneousChoice<Seat, Choice>,
  seat: Seat,
  value: Choice,
): SimultaneousChoice<Seat, Choice> {
  if (choice.status !== 'collecting') throw new Error(`choice ${choice.id} is already revealed`);
  if (!choice.participants.includes(seat)) {
    throw new Error(`choice ${choice.id}: ${seat} is not a participant`);
  }
  const commitments = { ...choice.commitments, [seat]: value } as Partial<Record<Seat, Choice>>;
  const complete = choice.participants.every((s) => s in commitments);
  return { ...choice, commitments, status: complete ? 'revealed' : 'collecting' };
}

/** Who the choice waits on: every participant while collecting — never fewer as seats commit. */
export function choiceDeciders<Seat extends string>(choice: SimultaneousChoice<Seat>): Seat[] {
  return choice.status === 'collecting' ? [...choice.participants] : [];
}

export function isRevealed(choice: SimultaneousChoice): boolean {
  return choice.status === 'revealed';
}

/** Every participant's choice, in participant order; only once revealed. */
export function revealedChoices<Seat extends string, Choice>(
  choice: SimultaneousChoice<Seat, Choice>,
): Array<{ seat: Seat; choice: Choice }> {
  if (choice.status !== 'revealed') throw new Error(`choice ${choice.id} is not revealed yet`);
  return choice.participants.map((seat) => ({
    seat,
    choice: choice.commitments[seat] as Choice,
  }));
}

/** `seat`'s own commitment, or `null` if it has not committed (for that seat's view only). */
export function ownCommitment<Seat extends string, Choice>(
  choice: SimultaneousChoice<Seat, Choice>,
  seat: Seat | 'spectator',
): Choice | null {
  if (seat === 'spectator') return null;
  const value = choice.commitments[seat];
  return value === undefined ? null : value;
}

/** What any viewer may see of a choice: the same bytes whatever has been committed. */
export interface PublicChoice<Seat extends string = string, Choice = unknown> {
  readonly id: number;
  readonly kind: string;
  readonly cause: PublicCause;
  readonly participants: readonly Seat[];
  readonly status: 'collecting' | 'revealed';
  /** `null` while collecting. */
  readonly revealed: ReadonlyArray<{ seat: Seat; choice: Choice }> | null;
}

export function publicChoice<Seat extends string, Choice>(
  choice: SimultaneousChoice<Seat, Choice>,
): PublicChoice<Seat, Choice> {
  return {
    id: choice.id,
    kind: choice.kind,
    cause: choice.cause,
    participants: choice.participants,
    status: choice.status,
    revealed: choice.status === 'revealed' ? revealedChoices(choice) : null,
  };
}

/** Drops one seat's commitment (a perturbation or determinization may need it); collecting only. */
export function withoutCommitment<Seat extends string, Choice>(
  choice: SimultaneousChoice<Seat, Choice>,
  seat: Seat,
): SimultaneousChoice<Seat, Choice> {
  if (choice.status !== 'collecting') throw new Error(`choice ${choice.id} is already revealed`);
  const commitments = { ...choice.commitments } as Partial<Record<Seat, Choice>>;
  delete commitments[seat];
  return { ...choice, commitments };
}

/**
 * A variant of a collecting choice for a privacy perturbation: every participant other than
 * `viewer` gets the commitment `draw` returns for it (`undefined`: not committed), keeping the
 * choice collecting (at least one participant still missing). The viewer's own entry is kept.
 */
export function varyOthersCommitments<Seat extends string, Choice>(
  choice: SimultaneousChoice<Seat, Choice>,
  viewer: Seat | 'spectator',
  draw: (seat: Seat) => Choice | undefined,
): SimultaneousChoice<Seat, Choice> {
  if (choice.status !== 'collecting') return choice;
  const commitments: Partial<Record<Seat, Choice>> = {};
  for (const seat of choice.participants) {
    const value = seat === viewer ? choice.commitments[seat] : draw(seat);
    if (value !== undefined) commitments[seat] = value;
  }
  if (choice.participants.every((s) => s in commitments)) {
    // Keep it collecting: leave out the first other seat (there is one, or it would be revealed).
    const other = choice.participants.find((s) => s !== viewer);
    if (other === undefined) return choice;
    delete commitments[other];
  }
  return { ...choice, commitments };
}

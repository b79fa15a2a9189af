import type { SeatClocks, TimeControl } from '@veil/protocol';

/**
 * A room's chess clocks (docs/architecture.md, "Time controls"). Kept by the room, never by the
 * game's rules: the rules stay free of clocks, and who is charged comes from `deciders`.
 *
 * The state is each seat's remaining time as of one instant (`at`, server wall time in ms), and
 * the seats whose player it still awaits. Once none is, the seats whose clocks run are the game's
 * deciders in the state it belongs to, so the clock needs nothing else to be resumed: every
 * committed event stores the clock as of its commit, and a node that loads the room charges the
 * running seats from that instant on — also for the time the room was moving between nodes
 * (stopping the clock then would hand the other seat that time).
 */
export interface ClockState {
  readonly remainingMs: Readonly<Record<string, number>>;
  readonly at: number;
  /**
   * Human seats whose player has not come yet: while any is, no clock runs (nobody is charged
   * before the whole table is there). Absent once every one came.
   */
  readonly awaiting?: readonly string[];
}

/** How long after a room's creation its clocks wait for a missing player, once one has come. */
export const ARRIVAL_GRACE_SECONDS = 300;

/**
 * What a room stores in its options at creation: the time control in ms, when it began, its
 * human seats, whose players must all have come before any clock runs, and the instant after
 * which the clocks run anyway once one of them has (`arrivalDeadline`; absent in rooms created
 * before it existed: those wait for every player).
 */
export interface ClockSettings {
  readonly baseMs: number;
  readonly incrementMs: number;
  readonly onFlag: TimeControl['onFlag'];
  readonly startedAt: number;
  readonly awaitedSeats: readonly string[];
  readonly arrivalDeadline?: number;
}

/**
 * The settings a new room stores; `awaitedSeats` are its human seats; `secondMs` is one second
 * of the time control (tests shorten it).
 */
export function clockSettings(
  control: TimeControl,
  now: number,
  awaitedSeats: readonly string[] = [],
  secondMs = 1000,
): ClockSettings {
  return {
    baseMs: control.baseSeconds * secondMs,
    incrementMs: control.incrementSeconds * secondMs,
    onFlag: control.onFlag,
    startedAt: now,
    awaitedSeats: [...awaitedSeats],
    arrivalDeadline: now + ARRIVAL_GRACE_SECONDS * secondMs,
  };
}

/** The settings in a room's options, or null for a room without time controls. */
export function clockSettingsOf(options: unknown): ClockSettings | null {
  if (options === null || typeof options !== 'object') return null;
  const clock = (options as { clock?: unknown }).clock;
  if (clock === null || typeof clock !== 'object') return null;
  const { baseMs, incrementMs, onFlag, startedAt, awaitedSeats, arrivalDeadline } = clock as Record<
    string,
    unknown
  >;
  if (
    typeof baseMs !== 'number' ||
    typeof incrementMs !== 'number' ||
    typeof startedAt !== 'number' ||
    (onFlag !== 'loss' && onFlag !== 'pass')
  ) {
    return null;
  }
  // A room created before seats could be awaited stored none: its clocks ran from creation.
  const settings: ClockSettings = {
    baseMs,
    incrementMs,
    onFlag,
    startedAt,
    awaitedSeats: stringsOrNone(awaitedSeats),
  };
  return typeof arrivalDeadline === 'number' ? { ...settings, arrivalDeadline } : settings;
}

/**
 * Every clocked seat's full base time from the room's creation (version 0), awaiting its players.
 * In a two-seat room every seat has a clock; at a larger table only the human seats do (the
 * people the table waits for: a bot answers within its think time).
 */
export function initialClock(settings: ClockSettings, seats: readonly string[]): ClockState {
  const clocked = seats.length > 2 ? seats.filter((s) => settings.awaitedSeats.includes(s)) : seats;
  const remainingMs: Record<string, number> = {};
  for (const seat of clocked) remainingMs[seat] = settings.baseMs;
  const awaiting = settings.awaitedSeats.filter((seat) => seats.includes(seat));
  return { remainingMs, at: settings.startedAt, ...(awaiting.length > 0 ? { awaiting } : {}) };
}

/** The seats whose clocks run: the deciders, or none while a seat's player is awaited. */
export function runningSeats(state: ClockState, deciders: readonly string[]): string[] {
  return state.awaiting ? [] : [...deciders];
}

/**
 * The clock once the seats in `came` have come: they are no longer awaited, and when none is
 * left the clocks start at `now` (nothing was charged while they were). Past the settings'
 * `arrivalDeadline`, one seat's player having come is enough: the others' clocks run without
 * them (a player who never comes does not hold the table for good). Unchanged otherwise.
 */
export function afterArrivals(
  state: ClockState,
  came: ReadonlySet<string>,
  now: number,
  settings?: Pick<ClockSettings, 'awaitedSeats' | 'arrivalDeadline'>,
): ClockState {
  if (!state.awaiting) return state;
  const awaiting = state.awaiting.filter((seat) => !came.has(seat));
  if (awaiting.length > 0 && !arrivalGraceOver(settings, awaiting, now)) {
    return awaiting.length === state.awaiting.length ? state : { ...state, awaiting };
  }
  return { remainingMs: state.remainingMs, at: Math.max(now, state.at) };
}

/** Whether the clocks run without the `awaiting` seats' players: the grace is over, one came. */
function arrivalGraceOver(
  settings: Pick<ClockSettings, 'awaitedSeats' | 'arrivalDeadline'> | undefined,
  awaiting: readonly string[],
  now: number,
): boolean {
  const deadline = settings?.arrivalDeadline;
  if (settings === undefined || deadline === undefined || now < deadline) return false;
  return awaiting.length < settings.awaitedSeats.length;
}

/** The clock without `seat`'s: a bot took the seat over at a larger table (concession.ts). */
export function withoutClockOf(state: ClockState, seat: string): ClockState {
  if (!(seat in state.remainingMs)) return state;
  const remainingMs = Object.fromEntries(
    Object.entries(state.remainingMs).filter(([clocked]) => clocked !== seat),
  );
  return { ...state, remainingMs };
}

/** The remaining times at `now`: the running seats are charged since `state.at` (never below 0). */
export function remainingAt(
  state: ClockState,
  running: readonly string[],
  now: number,
): Record<string, number> {
  const elapsed = Math.max(0, now - state.at);
  const remaining: Record<string, number> = {};
  for (const [seat, ms] of Object.entries(state.remainingMs)) {
    remaining[seat] = running.includes(seat) ? Math.max(0, ms - elapsed) : ms;
  }
  return remaining;
}

/**
 * The clock after an event committed at `now`: the seats that were deciding are charged, and
 * each seat in `earned` that was deciding gets the increment (`incrementSeats`).
 */
export function clockAfter(
  state: ClockState,
  running: readonly string[],
  earned: readonly string[],
  incrementMs: number,
  now: number,
): ClockState {
  const remainingMs = remainingAt(state, running, now);
  for (const seat of earned) {
    // (A seat without a clock — a bot's at a larger table — gets none.)
    const ms = remainingMs[seat];
    if (ms !== undefined && running.includes(seat)) remainingMs[seat] = ms + incrementMs;
  }
  return { ...state, remainingMs, at: Math.max(now, state.at) };
}

/** Who decides in a game state: every viewer's `deciders`, and those not in yet (`awaiting`). */
export interface Deciding {
  readonly deciders: readonly string[];
  readonly awaiting: readonly string[];
}

/**
 * The seats whose increment an accepted action of `seat` earns. Whether a seat is in on an open
 * simultaneous choice is hidden (docs/games/dune.md), and the clocks are public, so they must
 * not tell it: every participant's clock runs until all are in, a commitment to a choice still
 * open earns nothing, and the action that ends the choice earns every participant theirs at
 * once. Any other action earns the seat its own.
 */
export function incrementSeats(seat: string, before: Deciding, after: Deciding): string[] {
  const committedToOpenChoice = after.deciders.includes(seat) && !after.awaiting.includes(seat);
  if (committedToOpenChoice) return [];
  const othersIn = before.deciders.some((other) => !before.awaiting.includes(other));
  return othersIn && before.awaiting.includes(seat) ? [...before.deciders] : [seat];
}

/** The running seat whose time runs out first, and when; null when no clock runs. */
export function nextFlag(
  state: ClockState,
  running: readonly string[],
): { readonly seat: string; readonly at: number } | null {
  let first: { seat: string; at: number } | null = null;
  for (const seat of running) {
    const ms = state.remainingMs[seat];
    if (ms === undefined) continue;
    const at = state.at + ms;
    if (first === null || at < first.at) first = { seat, at };
  }
  return first;
}

/** The clocks as a viewer is shown them (whole milliseconds). */
export function seatClocks(state: ClockState, running: readonly string[], now: number): SeatClocks {
  const remaining = remainingAt(state, running, now);
  const remainingMs: Record<string, number> = {};
  for (const [seat, ms] of Object.entries(remaining)) remainingMs[seat] = Math.floor(ms);
  const shown = { remainingMs, running: running.filter((seat) => seat in remainingMs) };
  return state.awaiting ? { ...shown, awaiting: [...state.awaiting] } : shown;
}

/** The clock an event stored, if any (events of a room with time controls carry one). */
export function storedClock(value: unknown): ClockState | null {
  if (value === null || typeof value !== 'object') return null;
  const clock = (value as { clock?: unknown }).clock;
  if (clock === null || typeof clock !== 'object') return null;
  const { remainingMs, at } = clock as Record<string, unknown>;
  if (typeof at !== 'number' || remainingMs === null || typeof remainingMs !== 'object') {
    return null;
  }
  const entries = Object.entries(remainingMs as Record<string, unknown>);
  if (!entries.every(([, ms]) => typeof ms === 'number')) return null;
  const awaiting = stringsOrNone((clock as Record<string, unknown>)['awaiting']);
  return {
    remainingMs: Object.fromEntries(entries) as Record<string, number>,
    at,
    ...(awaiting.length > 0 ? { awaiting } : {}),
  };
}

function stringsOrNone(value: unknown): string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : [];
}

import { BOT_LEVELS, CONCEDED_REASON, type BotLevel } from '@veil/protocol';
import type { RoomOutcome, StoredSeat } from '@veil/store';

/**
 * What a seat's concession does (docs/protocol.md, "Concede"). In a two-seat room, or when no
 * other human seat would be left, the room ends and every other seat wins. At a larger table
 * where other players go on, the seat is handed to a bot instead: the others' game goes on.
 */
export type Concession =
  | { readonly kind: 'ends'; readonly outcome: RoomOutcome }
  | { readonly kind: 'hands_over'; readonly bot: BotSeat };

export type BotSeat = Extract<StoredSeat, { kind: 'bot' }>;

/** The level a handed-over seat is played at when the table has no bot to match. */
export const HANDOVER_LEVEL: BotLevel = 'ismcts';

export function concessionOf(
  seats: Readonly<Record<string, StoredSeat>>,
  seat: string,
): Concession {
  const names = Object.keys(seats);
  const othersPlaying = names.some((name) => name !== seat && seats[name]?.kind === 'human');
  if (names.length === 2 || !othersPlaying) {
    return { kind: 'ends', outcome: concessionOutcome(seats, seat) };
  }
  return { kind: 'hands_over', bot: { kind: 'bot', level: handoverLevel(seats) } };
}

/** The room's outcome when `seat` conceded and the room ended: every other seat wins. */
export function concessionOutcome(
  seats: Readonly<Record<string, unknown>>,
  seat: string,
): RoomOutcome {
  const winners = Object.keys(seats).filter((other) => other !== seat);
  return { winners, reason: CONCEDED_REASON };
}

/** The table's strongest bot level, so a leaver's bot plays like the others; else the default. */
function handoverLevel(seats: Readonly<Record<string, StoredSeat>>): BotLevel {
  let best = -1;
  for (const seat of Object.values(seats)) {
    if (seat.kind === 'bot') best = Math.max(best, BOT_LEVELS.indexOf(seat.level as BotLevel));
  }
  return BOT_LEVELS[best] ?? HANDOVER_LEVEL;
}

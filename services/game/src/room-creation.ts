import { randomBytes, randomUUID } from 'node:crypto';
import { newGame, persistGame } from '@veil/engine';
import { protocolError, type CreateRoomCommand, type ProtocolError } from '@veil/protocol';
import {
  StoreError,
  type LoadedRoom as StoredRoom,
  type NewRoom,
  type RoomStore,
} from '@veil/store';
import { checkGameOptions } from './game-inputs.js';
import type { GameRegistry } from './game-registry.js';
import type { Logger } from '@veil/log';
import { wallClock, type ClockSource } from './clock-source.js';
import { clockSettings } from './seat-clock.js';

/** Bytes of OS randomness behind a room's secret seed (256 bits, docs/architecture.md, "The engine"). */
export const ROOM_SECRET_BYTES = 32;

/** `stored`: the room's rows as created (what a load would read). */
export type CreateRoomResult =
  { ok: true; roomId: string; stored: StoredRoom } | { ok: false; error: ProtocolError };

/**
 * Whether a caller-chosen seed makes the room a publicly marked "fixed deal": whoever chose the
 * seed can know every hidden card, which is fine only when no other human sits at the table.
 */
export function isFixedDeal(command: CreateRoomCommand): boolean {
  if (command.options.seed === undefined) return false;
  return Object.values(command.seats).filter((seat) => seat.kind === 'human').length > 1;
}

/**
 * Sets a room up: checks the seats and the game options against the game's, runs the game's
 * setup with the room's seed, and stores the room with its first snapshot (version 0). Nothing
 * is stored for a refused room. The seed is the room's secret, drawn here from the OS CSPRNG when
 * the creator gave none (the node is not rules code: only rules must avoid ambient randomness);
 * it is kept in the room options, which are never published. A creator's own seed is kept there
 * too, with `fixedDeal` when other humans sit at the table (shown to everyone). With `lease`,
 * the room is created with its lease already held (by the node that will run it).
 */
export async function createRoom(
  store: RoomStore,
  games: GameRegistry,
  command: CreateRoomCommand,
  logger: Logger,
  lease?: NewRoom['lease'],
  clockSource: Pick<ClockSource, 'now' | 'secondMs'> = wallClock(),
): Promise<CreateRoomResult> {
  // Past its deadline the gateway has answered the client already: no work, no room. (The
  // store's insert checks the deadline again: this check alone would race a late commit.)
  if (command.deadline !== undefined && Date.now() >= command.deadline) {
    return { ok: false, error: protocolError('timeout') };
  }
  const game = games.get(command.game);
  if (!game) return { ok: false, error: protocolError('bad_request') };
  const gameOptions = checkGameOptions(game, command.options.gameOptions ?? {});
  if (gameOptions === null) return { ok: false, error: protocolError('bad_request') };
  const seed = command.options.seed ?? randomBytes(ROOM_SECRET_BYTES).toString('hex');
  let snapshot;
  let expectedSeats: string[];
  try {
    expectedSeats = game.module.seats(gameOptions);
    snapshot = newGame(game.module, gameOptions, seed);
  } catch (error) {
    logger.warn('room setup refused', { game: command.game, error });
    return { ok: false, error: protocolError('bad_request') };
  }
  const seats = Object.keys(command.seats);
  if (seats.length !== expectedSeats.length || !expectedSeats.every((s) => seats.includes(s))) {
    return { ok: false, error: protocolError('bad_request') };
  }
  // At a larger table a flag-fall hands the seat to a bot, as a concession does (concession.ts).
  const timeControl = command.options.timeControl;
  // No clock runs before every human seat's player has come (seat-clock.ts).
  const humans = Object.keys(command.seats).filter((s) => command.seats[s]?.kind === 'human');
  const clock = timeControl
    ? { clock: clockSettings(timeControl, clockSource.now(), humans, clockSource.secondMs) }
    : {};
  const roomId = command.roomId ?? randomUUID();
  let stored: StoredRoom;
  try {
    stored = await store.createRoom({
      id: roomId,
      game: game.module.id,
      rulesVersion: game.module.rulesVersion,
      options: {
        ...command.options,
        seed,
        ...(isFixedDeal(command) ? { fixedDeal: true } : {}),
        ...clock,
      },
      seats: command.seats,
      status: 'active',
      snapshot: persistGame(snapshot),
      ...(lease ? { lease } : {}),
      ...(command.deadline === undefined ? {} : { deadline: new Date(command.deadline) }),
    });
  } catch (error) {
    if (error instanceof StoreError && error.code === 'room_exists') {
      return { ok: false, error: protocolError('bad_request') };
    }
    if (error instanceof StoreError && error.code === 'deadline_passed') {
      logger.warn('room creation past its deadline', { roomId });
      return { ok: false, error: protocolError('timeout') };
    }
    logger.error('room creation failed', { roomId, error });
    return { ok: false, error: protocolError('unavailable') };
  }
  logger.info('room created', { roomId, game: game.module.id });
  return { ok: true, roomId, stored };
}

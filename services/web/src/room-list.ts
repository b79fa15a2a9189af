import type { RoomSummary } from '@veil/client';
import { FACTION_IDS } from '@veil/dune/client';
import { h } from './dom.js';
import { botLevelText, outcomeText } from './model.js';
import { replayHash, seatHash, watchHash } from './router.js';
import { seatName } from './seat-name.js';
import { savedSeats } from './storage.js';
import { timeControlText } from './time-control-field.js';

/**
 * The lobby's room lists: open rooms (waiting for a player or in progress) with their game,
 * seats, bots and spectators, and finished rooms apart, so they leave the open list. A seat its
 * creator left open has a Join button (docs/protocol.md, "Joining an open seat").
 */

/** Takes an open seat of a room (the lobby's `joinSeat` call and what follows). */
export type JoinSeat = (roomId: string, seat: string) => void;

const GAME_NAMES: Readonly<Record<string, string>> = {
  netrunner: 'Android: Netrunner',
  dune: 'Dune',
};

/** Why the lobby's forms refuse a private room with an open seat: nobody would find the seat. */
export const PRIVATE_ROOM_OPEN_SEAT =
  'A private room is not listed, so nobody would find its open seats: share links with the other players, or make it public.';

/** Each game's seats as its table sits them (Dune: the player circle); others keep their order. */
const SEAT_ORDER: Readonly<Record<string, readonly string[]>> = {
  netrunner: ['corp', 'runner'],
  dune: FACTION_IDS,
};

type Seats = RoomSummary['seats'];

/** A room's seats in its game's order: a summary's come in any (the store keeps them as JSONB). */
export function seatsInOrder(room: {
  readonly game?: string;
  readonly seats: Seats;
}): [string, Seats[string]][] {
  const order = SEAT_ORDER[room.game ?? ''] ?? [];
  const rank = (seat: string) => (order.includes(seat) ? order.indexOf(seat) : order.length);
  return Object.entries(room.seats).sort(([a], [b]) => rank(a) - rank(b));
}

export function isOpen(room: Pick<RoomSummary, 'status'>): boolean {
  return room.status === 'waiting' || room.status === 'active';
}

/** The room's game, and its clocks when it has a time control. */
export function gameText(room: Pick<RoomSummary, 'game' | 'timeControl'>): string {
  const name = GAME_NAMES[room.game] ?? room.game;
  return room.timeControl ? `${name}, ${timeControlText(room.timeControl)}` : name;
}

/** What a room is doing, in the table's words. */
export function roomState(
  room: Pick<RoomSummary, 'status' | 'outcome' | 'seats'> & Partial<Pick<RoomSummary, 'game'>>,
): string {
  if (room.status === 'abandoned') return 'Abandoned';
  if (room.status === 'finished') {
    if (!room.outcome) return 'Finished';
    const { winner, reason } = outcomeText(room.outcome);
    return `Finished: ${winner} (${reason})`;
  }
  const absent = seatsInOrder(room)
    .filter(([, s]) => s.type === 'human' && !s.connected)
    .map(([seat, s]) =>
      s.type === 'human' && s.open ? `${seatName(seat)}: open seat` : seatName(seat),
    );
  if (absent.length === 0) return 'In progress';
  return `Waiting for a player (${absent.join(', ')})`;
}

/** One seat: a bot and its level, or a player and whether one is connected. */
export function seatText(seat: string, s: RoomSummary['seats'][string]): string {
  if (s.type === 'bot') return `${seatName(seat)}: bot, ${botLevelText(s.level)}`;
  if (s.open) return `${seatName(seat)}: open, anyone may join`;
  return `${seatName(seat)}: ${s.connected ? 'player connected' : 'nobody connected'}`;
}

/** Whether spectators may watch, and how many do (on the gateway that answered). */
export function spectatorText(room: Pick<RoomSummary, 'spectators' | 'watching'>): string {
  if (!room.spectators) return 'not allowed';
  return room.watching === 0 ? 'allowed, none watching' : `allowed, ${room.watching} watching`;
}

/** The open seats of a room still in play that this browser does not already sit in. */
export function joinableSeats(
  room: Pick<RoomSummary, 'status' | 'seats'> & Partial<Pick<RoomSummary, 'game'>>,
  mine: readonly string[] = [],
): string[] {
  if (!isOpen(room) || mine.length > 0) return [];
  return seatsInOrder(room)
    .filter(([, s]) => s.type === 'human' && s.open === true)
    .map(([seat]) => seat);
}

function table(rooms: readonly RoomSummary[], testid: string, join?: JoinSeat): HTMLElement {
  const mine = savedSeats();
  return h(
    'table',
    { class: 'rooms', 'data-testid': testid },
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        h('th', null, 'Game'),
        h('th', null, 'State'),
        h('th', null, 'Seats'),
        h('th', null, 'Spectators'),
        h('th', null, ''),
      ),
    ),
    h(
      'tbody',
      null,
      rooms.map((room) =>
        h(
          'tr',
          { 'data-testid': 'room-row', 'data-room-id': room.roomId, title: `Room ${room.roomId}` },
          h('td', { 'data-testid': 'room-game' }, gameText(room)),
          h('td', { 'data-testid': 'room-state' }, roomState(room)),
          h(
            'td',
            { 'data-testid': 'room-seats' },
            seatsInOrder(room).map(([seat, s]) => h('div', null, seatText(seat, s))),
          ),
          h('td', { 'data-testid': 'room-spectators' }, spectatorText(room)),
          h(
            'td',
            { class: 'row-links' },
            join
              ? joinableSeats(room, mine.get(room.roomId)).map((seat) =>
                  h(
                    'button',
                    {
                      class: 'btn btn-primary',
                      type: 'button',
                      'data-testid': 'join-seat',
                      'data-seat': seat,
                      on: { click: () => join(room.roomId, seat) },
                    },
                    `Join as ${seatName(seat)}`,
                  ),
                )
              : null,
            (mine.get(room.roomId) ?? []).map((seat) =>
              h(
                'a',
                { href: seatHash(room.roomId, seat), 'data-testid': 'resume-link' },
                `Resume ${seat}`,
              ),
            ),
            room.spectators
              ? h('a', { href: watchHash(room.roomId), 'data-testid': 'watch-link' }, 'Watch')
              : h('span', { class: 'muted' }, 'private'),
            // A finished room's replay, for whoever may watch it (docs/protocol.md, "Replay").
            room.status === 'finished' && (room.spectators || mine.has(room.roomId))
              ? h('a', { href: replayHash(room.roomId), 'data-testid': 'replay-link' }, 'Replay')
              : null,
          ),
        ),
      ),
    ),
  );
}

/** Open rooms first; finished ones below, under their own heading. */
export function roomLists(rooms: readonly RoomSummary[], join?: JoinSeat): HTMLElement {
  const open = rooms.filter(isOpen);
  const done = rooms.filter((room) => !isOpen(room));
  return h(
    'div',
    null,
    open.length > 0
      ? table(open, 'open-rooms', join)
      : h('p', { class: 'muted' }, 'No open rooms.'),
    done.length > 0 ? [h('h3', null, 'Finished'), table(done, 'finished-rooms')] : null,
  );
}

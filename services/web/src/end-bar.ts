import { newSeatToken, type ChatLine, type VeilConnection } from '@veil/client';
import { seatHandedToBot } from './chat.js';
import { h, mount } from './dom.js';
import { replayHash, seatHash, watchHash } from './router.js';
import { saveToken } from './storage.js';
import { barButton, isOver } from './table-bar.js';

const REMATCH_PREFIX = 'veil.rematch.';

/** The token this browser chose for its seat of `roomId`'s rematch (kept across reloads). */
function rematchToken(roomId: string, seat: string): string | null {
  try {
    return globalThis.localStorage?.getItem(`${REMATCH_PREFIX}${roomId}.${seat}`) ?? null;
  } catch {
    return null;
  }
}

function keepRematchToken(roomId: string, seat: string, token: string): void {
  try {
    globalThis.localStorage?.setItem(`${REMATCH_PREFIX}${roomId}.${seat}`, token);
  } catch {
    // Storage disabled: the token lives in this page until the rematch is made.
  }
}

function sideName(seat: string): string {
  return seat.charAt(0).toUpperCase() + seat.slice(1);
}

/** The table chat's rematch lines: who offered, and the new room once it exists. */
function rematchState(chat: readonly ChatLine[]): { offered: Set<string>; room: string | null } {
  const offered = new Set<string>();
  let room: string | null = null;
  for (const line of chat) {
    if (line.kind !== 'system') continue;
    if (line.event === 'rematch_offered') offered.add(line.seat);
    if (line.event === 'rematch' && line.room) room = line.room;
  }
  return { offered, room };
}

/**
 * The table's last bar (issue 35, req. 6; docs/protocol.md, "Rematch" and "Replay"): leave the
 * table at any time; after the game, the replay, and for the seats of a two-seat room a rematch
 * — offered, accepted, then a link to the new seat (the other side), whose token this browser
 * chose and keeps.
 */
export function withTableEnd(
  root: HTMLElement,
  conn: VeilConnection,
  seats: readonly string[],
): HTMLElement {
  const board = h('div');
  const bar = h('div', { class: 'table-bar end-bar', 'data-testid': 'end-bar' });
  let confirmingLeave = false;
  let pending = false;
  let error: string | null = null;
  const mine = conn.seat;
  const other = mine === null ? null : (seats.find((s) => s !== mine) ?? null);

  const button = (label: string, testid: string, onClick: () => void, cls?: string) =>
    barButton(label, testid, onClick, pending, cls);

  const leave = () => {
    // The router closes the connection: the table chat then says this seat left.
    location.hash = '#/';
  };

  const offer = () => {
    if (mine === null) return;
    const token = rematchToken(conn.roomId, mine) ?? newSeatToken();
    keepRematchToken(conn.roomId, mine, token);
    pending = true;
    error = null;
    render();
    void conn.rematch(token).then((ack) => {
      pending = false;
      error = ack.ok ? null : `No rematch: ${ack.error.message}`;
      render();
    });
  };

  const rematchPart = (): HTMLElement | null => {
    const { offered, room } = rematchState(conn.chat);
    if (room !== null) {
      const token = mine === null ? null : rematchToken(conn.roomId, mine);
      if (mine !== null && other !== null && token !== null) {
        saveToken(room, other, token);
        return h(
          'a',
          { class: 'btn btn-primary', href: seatHash(room, other), 'data-testid': 'rematch-go' },
          `Play the rematch as the ${sideName(other)}`,
        );
      }
      return h(
        'a',
        { class: 'btn', href: watchHash(room), 'data-testid': 'rematch-watch' },
        'Watch the rematch',
      );
    }
    if (mine === null || other === null || seats.length !== 2) return null;
    if (offered.has(mine)) {
      return h(
        'span',
        { class: 'rematch-waiting', 'data-testid': 'rematch-waiting' },
        `Rematch offered: waiting for the ${sideName(other)}.`,
      );
    }
    if (offered.has(other)) {
      return h(
        'span',
        { class: 'rematch-offer' },
        `The ${sideName(other)} offers a rematch (sides swapped, same decks). `,
        button('Accept the rematch', 'rematch-accept', offer, 'btn btn-primary'),
      );
    }
    return button('Offer a rematch', 'rematch-offer', offer);
  };

  const render = () => {
    const over = isOver(conn);
    if (confirmingLeave && !over) {
      mount(
        bar,
        h(
          'div',
          { class: 'leave-confirm', role: 'alertdialog', 'aria-label': 'Leave the table?' },
          h(
            'span',
            null,
            'Leave the table? The game waits for you: this seat’s link brings you back.',
          ),
          button('Leave', 'leave-confirm', leave, 'btn btn-danger'),
          button('Stay', 'leave-cancel', () => {
            confirmingLeave = false;
            render();
          }),
        ),
      );
      return;
    }
    mount(
      bar,
      over ? rematchPart() : null,
      over
        ? h(
            'a',
            { class: 'btn', href: replayHash(conn.roomId), 'data-testid': 'replay-link' },
            'Watch the replay',
          )
        : null,
      button('Leave the table', 'leave-table', () => {
        if (mine === null || isOver(conn) || seatHandedToBot(conn.chat, mine)) return leave();
        confirmingLeave = true;
        render();
      }),
      error
        ? h('span', { class: 'error', role: 'alert', 'data-testid': 'rematch-error' }, error)
        : null,
    );
  };

  conn.onView(() => render());
  conn.onChat(() => render());
  render();
  mount(root, bar, board);
  return board;
}

import {
  connectSeat,
  connectSpectator,
  getRoom,
  VeilError,
  type VeilConnection,
  type ViewEvent,
} from '@veil/client';
import { BOARDS } from './boards.js';
import { withChat } from './chat.js';
import { withClocks } from './clock-bar.js';
import { withConcede } from './concede.js';
import { withTableEnd } from './end-bar.js';
import { withIdleSeats } from './idle-seats.js';
import { h, mount } from './dom.js';
import { seatHash, type Route } from './router.js';
import { savedToken, saveToken } from './storage.js';

type RoomRoute = Extract<Route, { page: 'seat' } | { page: 'watch' }>;

/** Explains a refusal to a person: what happened and what they can do. */
export function refusalText(code: string, seat: string | null): string {
  switch (code) {
    case 'unauthorized':
      return seat
        ? `This link does not hold a valid token for the ${seat} seat: the server refused it (missing or invalid credentials). You cannot act in this room.`
        : 'The server refused the credentials.';
    case 'room_not_found':
      return 'There is no such room.';
    case 'forbidden':
      return seat
        ? `You handed the ${seat} seat to a bot, which plays it now: this link no longer opens it.`
        : 'This room does not allow spectators.';
    case 'game_over':
      return 'This game is over: it ended, or nobody took a seat in time and it was closed. Start a new room from the lobby.';
    case 'rules_retired':
      return 'This game was played under rules this server no longer runs, so it cannot go on here. Start a new room from the lobby.';
    case 'timeout':
    case 'unavailable':
      return 'The server did not answer; try again in a moment.';
    default:
      return `The server refused: ${code}.`;
  }
}

function errorPage(root: HTMLElement, title: string, text: string): void {
  mount(
    root,
    h(
      'div',
      { class: 'page-error panel' },
      h('h1', null, title),
      h('p', { class: 'error', role: 'alert', 'data-testid': 'error' }, text),
      h('p', null, h('a', { href: '#/', class: 'btn' }, '← Back to the lobby')),
    ),
  );
}

/**
 * The room's creator chose the seed while other people sit at the table: whoever chose it can
 * know every hidden card (docs/protocol.md, "Room seeds and fixed deals"). Shown above the board, for good.
 */
function withFixedDealNotice(root: HTMLElement): HTMLElement {
  const board = h('div');
  mount(
    root,
    h(
      'p',
      { class: 'fixed-deal', role: 'note', 'data-testid': 'fixed-deal' },
      'Fixed deal: this room was created with a chosen seed, so its creator can know every hidden card.',
    ),
    board,
  );
  return board;
}

/** A room page, as a seat or a spectator. Returns a function that leaves the room. */
export function openRoom(root: HTMLElement, base: string, route: RoomRoute): () => void {
  let connection: VeilConnection | null = null;
  let left = false;
  mount(root, h('div', { class: 'connecting', 'data-testid': 'connecting' }, 'Connecting…'));

  void (async () => {
    const seat = route.page === 'seat' ? route.seat : null;
    const token =
      route.page === 'seat' ? (route.token ?? savedToken(route.roomId, route.seat)) : null;
    if (route.page === 'seat' && !token) {
      errorPage(
        root,
        'No seat here',
        `This browser holds no token for the ${route.seat} seat of room ${route.roomId}. Use the seat link you were given.`,
      );
      return;
    }
    let game: string;
    let fixedDeal = false;
    let seats = 0;
    let seatNames: string[] = [];
    const bots: Record<string, string> = {};
    try {
      const summary = await getRoom(base, route.roomId);
      game = summary.game;
      fixedDeal = summary.fixedDeal === true;
      seatNames = Object.keys(summary.seats);
      seats = seatNames.length;
      for (const [seatName, s] of Object.entries(summary.seats)) {
        if (s.type === 'bot') bots[seatName] = s.level;
      }
      const options = { url: base, roomId: route.roomId };
      connection =
        token !== null ? await connectSeat({ ...options, token }) : await connectSpectator(options);
    } catch (error) {
      if (left) return;
      const code = error instanceof VeilError ? error.code : 'internal';
      errorPage(root, 'Cannot join this room', refusalText(code, seat));
      return;
    }
    if (left) {
      connection.close();
      return;
    }
    const conn = connection;
    if (token !== null && conn.seat) {
      saveToken(route.roomId, conn.seat, token);
      if (route.page === 'seat' && conn.seat !== route.seat) {
        // The token is another seat's: show the seat it really is.
        history.replaceState(null, '', seatHash(route.roomId, conn.seat, token));
      }
    }
    const boardRoot = withClocks(
      withTableEnd(
        withIdleSeats(
          withConcede(
            withChat(fixedDeal || conn.view?.fixedDeal ? withFixedDealNotice(root) : root, conn),
            conn,
            seats,
          ),
          conn,
          { count: seats, humans: seatNames.filter((name) => bots[name] === undefined) },
        ),
        conn,
        seatNames,
      ),
      conn,
    );
    const load = BOARDS[game];
    if (!load) return runGeneric(boardRoot, conn);
    const run = await load();
    if (!left) run(boardRoot, conn, route.roomId, bots);
  })();

  return () => {
    left = true;
    connection?.close();
  };
}

/** Any other game: the raw view and one button per legal action. */
function runGeneric(root: HTMLElement, conn: VeilConnection): void {
  let pending = false;
  const render = () => {
    const event = conn.view as ViewEvent;
    const view = event.view as { legalActions?: unknown[] } | null;
    mount(
      root,
      h(
        'div',
        { class: 'board generic', 'data-testid': 'board', 'data-version': event.version },
        h(
          'header',
          { class: 'topbar' },
          h('a', { href: '#/', class: 'brand' }, 'Veil'),
          ` ${conn.roomId}`,
        ),
        h(
          'div',
          { class: 'actions' },
          (view?.legalActions ?? []).map((action) =>
            h(
              'button',
              {
                class: 'btn btn-primary',
                type: 'button',
                'data-testid': 'action',
                disabled: pending,
                on: {
                  click: () => {
                    pending = true;
                    render();
                    void conn.act(action as never).then(() => {
                      pending = false;
                      render();
                    });
                  },
                },
              },
              JSON.stringify(action),
            ),
          ),
        ),
        h('pre', { class: 'raw-view' }, JSON.stringify(view, null, 2)),
      ),
    );
  };
  conn.onView(() => render());
  render();
}

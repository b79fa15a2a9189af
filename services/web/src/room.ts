import {
  connectSeat,
  connectSpectator,
  getRoom,
  VeilError,
  type VeilConnection,
  type ViewEvent,
} from '@veil/client';
import type { NetrunnerView } from '@veil/netrunner/client';
import { renderBoard, type BoardState } from './board.js';
import { h, mount } from './dom.js';
import type { ActionButton, Viewer } from './labels.js';
import { seatHash, type Route } from './router.js';
import { isLogEntry, mergeLog, savedToken, saveToken } from './storage.js';

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
      return 'This room does not allow spectators.';
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
    const bots: Record<string, string> = {};
    try {
      const summary = await getRoom(base, route.roomId);
      game = summary.game;
      fixedDeal = summary.fixedDeal === true;
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
    const boardRoot = fixedDeal || conn.view?.fixedDeal ? withFixedDealNotice(root) : root;
    if (game === 'netrunner') runNetrunner(boardRoot, conn, route.roomId, bots);
    else runGeneric(boardRoot, conn);
  })();

  return () => {
    left = true;
    connection?.close();
  };
}

function runNetrunner(
  root: HTMLElement,
  conn: VeilConnection,
  roomId: string,
  bots: Readonly<Record<string, string>>,
): void {
  const first = conn.view as ViewEvent;
  const viewer: Viewer = (first.seat ?? 'spectator') as Viewer;
  let state: BoardState = {
    roomId,
    viewer,
    version: first.version,
    view: first.view as NetrunnerView,
    // The history the gateway sent after connecting (it may already be here).
    log: conn.log.filter(isLogEntry),
    connected: conn.connected,
    pending: false,
    error: null,
    overlayClosed: false,
    stopsOpen: false,
    bots,
  };
  const tip = document.getElementById('card-tip');

  const render = () => {
    if (tip) tip.hidden = true;
    const board = renderBoard(state, { act, closeOverlay, setPolicy, stopsToggled });
    mount(root, board);
    const lines = board.querySelector('.log-lines');
    if (lines) lines.scrollTop = lines.scrollHeight;
  };
  const update = (patch: Partial<BoardState>) => {
    state = { ...state, ...patch };
    render();
  };

  function closeOverlay(): void {
    update({ overlayClosed: true });
  }

  function stopsToggled(open: boolean): void {
    state = { ...state, stopsOpen: open };
  }

  function setPolicy(kind: string, policy: 'stop' | 'auto-pass' | null): void {
    void conn.policy(kind, policy).then((ack) => {
      if (!ack.ok) update({ error: `Stop setting not changed: ${ack.error.message}` });
    });
  }

  function act(button: ActionButton): void {
    if (state.pending) return;
    const version = state.version;
    update({ pending: true, error: null });
    void conn.act(button.action, { version }).then((ack) => {
      if (!ack.ok) {
        update({ pending: false, error: `Not done: ${ack.error.message}` });
      } else if (state.pending && state.version >= ack.version) {
        update({ pending: false });
      }
    });
  }

  conn.onView((event) => {
    update({ version: event.version, view: event.view as NetrunnerView, pending: false });
  });
  conn.onLog((event) => {
    const entries = event.entries.filter(isLogEntry);
    update({ log: event.history ? mergeLog([], entries) : mergeLog(state.log, entries) });
  });
  conn.onConnectionChange((connected) => update({ connected }));
  conn.onError((error) => update({ error: error.message }));
  render();
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

import {
  getReplay,
  getRoom,
  VeilError,
  type Replay,
  type RoomSummary,
  type VeilConnection,
  type ViewEvent,
} from '@veil/client';
import { BOARDS } from './boards.js';
import { withClocks } from './clock-bar.js';
import { h, mount } from './dom.js';
import { replayHash, type Route } from './router.js';
import { savedToken } from './storage.js';

type ReplayRoute = Extract<Route, { page: 'replay' }>;

/** The spectators' view (docs/protocol.md, "Replay"). */
const SPECTATOR = 'spectator';
type Listener<T> = (value: T) => void;

/**
 * What a board reads of a connection, fed from the replay route instead of a socket: a board
 * runs unchanged on it, and anything it sends is refused (a replay changes nothing).
 */
class ReplayFeed {
  readonly seat = null;
  readonly connected = true;
  view: ViewEvent | null = null;
  log: readonly unknown[] = [];
  private readonly views = new Set<Listener<ViewEvent>>();
  private readonly logs = new Set<Listener<{ entries: unknown[]; history: true }>>();

  constructor(readonly roomId: string) {}

  private first: (() => void) | null = null;

  /** Runs `start` once, at the first view (a board reads `view` when it starts). */
  onFirst(start: () => void): void {
    this.first = start;
  }

  show(view: ViewEvent, log: readonly unknown[]): void {
    this.view = view;
    this.log = log;
    const start = this.first;
    this.first = null;
    start?.();
    for (const l of this.views) l(view);
    for (const l of this.logs) l({ entries: [...log], history: true });
  }

  onView(l: Listener<ViewEvent>): () => void {
    this.views.add(l);
    return () => this.views.delete(l);
  }
  onLog(l: Listener<{ entries: unknown[]; history: true }>): () => void {
    this.logs.add(l);
    return () => this.logs.delete(l);
  }
  onConnectionChange(): () => void {
    return () => undefined;
  }
  onError(): () => void {
    return () => undefined;
  }
  onChat(): () => void {
    return () => undefined;
  }
  get chat(): readonly unknown[] {
    return [];
  }
  act() {
    return Promise.resolve({ ok: false, error: { code: 'forbidden', message: '' } });
  }
  policy() {
    return this.act();
  }
  close(): void {}
}

/** A seat token this browser holds for the room, if any (opens a room closed to spectators). */
function anyToken(summary: RoomSummary): string | undefined {
  for (const seat of Object.keys(summary.seats)) {
    const token = savedToken(summary.roomId, seat);
    if (token) return token;
  }
  return undefined;
}

function sideName(seat: string): string {
  return seat.charAt(0).toUpperCase() + seat.slice(1);
}

/** Explains a replay's refusal to a person. */
export function replayError(code: string): string {
  switch (code) {
    case 'forbidden':
      return 'This game is not over yet, or the room is closed to spectators: a replay opens once the game has ended, for whoever may watch it.';
    case 'unauthorized':
      return 'This browser holds no seat of this room, and the room is closed to spectators.';
    case 'room_not_found':
      return 'There is no such room.';
    case 'bad_request':
      return 'The game has no such step or seat.';
    case 'rules_retired':
      return 'This game was played under rules this server no longer runs: it cannot be replayed here.';
    default:
      return 'The server did not answer; try again in a moment.';
  }
}

/**
 * The replay page of a finished room (docs/protocol.md, "Replay"): the spectators' board at any
 * version, stepped with first / back / forward / last (or the arrow keys, Home and End). Each
 * step asks the server, which rebuilds that version from the stored events.
 */
export function openReplay(root: HTMLElement, base: string, route: ReplayRoute): () => void {
  let left = false;
  let feed = new ReplayFeed(route.roomId);
  let viewer = route.viewer ?? SPECTATOR;
  let game = '';
  const counter = h('span', { class: 'replay-version', 'data-testid': 'replay-version' }, '…');
  const status = h('p', {
    class: 'error',
    role: 'alert',
    'data-testid': 'replay-error',
    hidden: true,
  });
  const board = h('div', { class: 'replay-board' });
  let version = 0;
  let last = 0;
  let busy = false;
  let summary: RoomSummary | null = null;

  const step = (label: string, testid: string, to: () => number) =>
    h(
      'button',
      {
        class: 'btn',
        type: 'button',
        'data-testid': testid,
        on: { click: () => void go(to()) },
      },
      label,
    );
  const buttons = [
    step('« First', 'replay-first', () => 0),
    step('◀ Back', 'replay-back', () => version - 1),
    step('Forward ▶', 'replay-forward', () => version + 1),
    step('Last »', 'replay-last', () => last),
  ];
  const controls = h(
    'nav',
    { class: 'replay-controls', 'aria-label': 'Replay controls' },
    ...buttons,
    counter,
  );
  // After the game each seat's view may be replayed too: the spectators' or a seat's.
  const views = h('div', { class: 'replay-views', role: 'group', 'aria-label': 'Whose view' });
  const viewButtons = () =>
    [SPECTATOR, ...Object.keys(summary?.seats ?? {})].map((v) =>
      h(
        'button',
        {
          class: v === viewer ? 'btn btn-primary' : 'btn',
          type: 'button',
          'aria-pressed': v === viewer ? 'true' : 'false',
          'data-testid': `replay-as-${v}`,
          disabled: busy,
          on: { click: () => void go(version, v) },
        },
        v === SPECTATOR ? 'Spectators' : sideName(v),
      ),
    );
  const refresh = () => {
    counter.textContent = `Step ${version} of ${last}`;
    mount(views, h('span', { class: 'muted' }, 'View as:'), ...viewButtons());
    const [first, back, forward, end] = buttons;
    for (const b of [first, back]) if (b) b.disabled = busy || version <= 0;
    for (const b of [forward, end]) if (b) b.disabled = busy || version >= last;
  };

  /** A board for the current viewer on a fresh feed (a board keeps the viewer it started with). */
  const startBoard = async (): Promise<void> => {
    feed = new ReplayFeed(route.roomId);
    const frame = h('div');
    mount(board, frame);
    // A clocked room's clocks as each version's commit left them (stopped).
    const container = withClocks(frame, feed as unknown as VeilConnection);
    const load = BOARDS[game];
    if (!load) {
      feed.onView((v) =>
        mount(container, h('pre', { class: 'raw-view' }, JSON.stringify(v.view, null, 2))),
      );
      return;
    }
    const run = await load();
    const bots: Record<string, string> = {};
    for (const [seat, s] of Object.entries(summary?.seats ?? {})) {
      if (s.type === 'bot') bots[seat] = s.level;
    }
    const current = feed;
    // The board reads its first view at once: it starts on the first `show`.
    current.onFirst(() => run(container, current as unknown as VeilConnection, route.roomId, bots));
  };

  const show = (replay: Replay) => {
    version = replay.view.version;
    last = replay.lastVersion;
    // The room's own outcome (a concession) belongs to its last version.
    const outcome = version === last ? summary?.outcome : undefined;
    feed.show({ ...replay.view, ...(outcome ? { outcome } : {}) }, replay.log);
    history.replaceState(null, '', replayHash(route.roomId, version, viewer));
    refresh();
  };

  async function go(to: number, as = viewer): Promise<void> {
    if (busy || !summary || to < 0 || to > last) return;
    busy = true;
    refresh();
    try {
      const token = anyToken(summary);
      const replay = await getReplay(base, route.roomId, {
        version: to,
        ...(as === SPECTATOR ? {} : { viewer: as }),
        ...(token ? { token } : {}),
      });
      if (as !== viewer) {
        viewer = as;
        await startBoard();
      }
      show(replay);
      status.textContent = '';
      status.hidden = true;
    } catch (error) {
      status.textContent = replayError(error instanceof VeilError ? error.code : 'internal');
      status.hidden = false;
    } finally {
      busy = false;
      refresh();
    }
  }

  const onKey = (e: KeyboardEvent) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
    const to =
      e.key === 'ArrowLeft'
        ? version - 1
        : e.key === 'ArrowRight'
          ? version + 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (to === null) return;
    e.preventDefault();
    void go(to);
  };
  window.addEventListener('keydown', onKey);

  mount(
    root,
    h('div', { class: 'connecting', 'data-testid': 'connecting' }, 'Loading the replay…'),
  );
  void (async () => {
    let first: Replay;
    try {
      summary = await getRoom(base, route.roomId);
      const token = anyToken(summary);
      first = await getReplay(base, route.roomId, {
        ...(route.version === null ? {} : { version: route.version }),
        ...(viewer === SPECTATOR ? {} : { viewer }),
        ...(token ? { token } : {}),
      });
    } catch (error) {
      if (left) return;
      const code = error instanceof VeilError ? error.code : 'internal';
      mount(
        root,
        h(
          'div',
          { class: 'page-error panel' },
          h('h1', null, 'No replay here'),
          h('p', { class: 'error', role: 'alert', 'data-testid': 'error' }, replayError(code)),
          h('p', null, h('a', { href: '#/', class: 'btn' }, '← Back to the lobby')),
        ),
      );
      return;
    }
    if (left) return;
    mount(
      root,
      h(
        'div',
        { class: 'replay', 'data-testid': 'replay' },
        h(
          'header',
          { class: 'replay-head' },
          h('h1', null, `Replay of room ${route.roomId}`),
          h('a', { href: '#/', class: 'btn' }, '← Lobby'),
        ),
        controls,
        views,
        status,
        board,
      ),
    );
    game = first.game;
    await startBoard();
    if (left) return;
    show(first);
  })();

  return () => {
    left = true;
    window.removeEventListener('keydown', onKey);
  };
}

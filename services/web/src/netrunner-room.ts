import type { VeilConnection, ViewEvent } from '@veil/client';
import type { NetrunnerView } from '@veil/netrunner/client';
import { renderBoard, type BoardState } from './board.js';
import { mount } from './dom.js';
import type { ActionButton, Viewer } from './labels.js';
import { isLogEntry, mergeLog } from './storage.js';

/** The Netrunner board page on an open connection: keeps the view and log, sends actions. */
export function runNetrunner(
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
    view: viewOf(first),
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
    update({ version: event.version, view: viewOf(event), pending: false });
  });
  conn.onLog((event) => {
    const entries = event.entries.filter(isLogEntry);
    update({ log: event.history ? mergeLog([], entries) : mergeLog(state.log, entries) });
  });
  conn.onConnectionChange((connected) => update({ connected }));
  conn.onError((error) => update({ error: error.message }));
  render();
}

/**
 * The game's view, with the room's outcome when a seat conceded (docs/protocol.md, "Concede"):
 * the board then shows its end-of-game summary and offers no action, as after the game's own end.
 */
function viewOf(event: ViewEvent): NetrunnerView {
  const view = event.view as NetrunnerView;
  return event.outcome && !view.outcome
    ? { ...view, outcome: netrunnerOutcome(event.outcome), legalActions: [] }
    : view;
}

/** The room's outcome in Netrunner's form: a two-seat room has one winner or none. */
function netrunnerOutcome(outcome: NonNullable<ViewEvent['outcome']>): NetrunnerView['outcome'] {
  type Winner = NonNullable<NetrunnerView['outcome']>['winner'];
  return { winner: (outcome.winners[0] ?? null) as Winner, reason: outcome.reason };
}

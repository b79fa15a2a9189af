import type { VeilConnection, ViewEvent } from '@veil/client';
import { WINDOW_KINDS, type NetrunnerAction, type NetrunnerView } from '@veil/netrunner/client';
import { announcement, lastSeq } from './announce.js';
import { renderBoard, type BoardState } from './board.js';
import { nextBreakStep, type BreakPlan } from './break-plan.js';
import { h, mount } from './dom.js';
import { focusKeeper } from './focus.js';
import type { ActionButton, Viewer } from './labels.js';
import { boardStatus, promptText } from './model.js';
import { isLogEntry, mergeLog } from './storage.js';
import { rememberedStops, rememberStop, stopsToSend } from './stop-settings.js';

/** Refusals a player can do something about, in the table's words (else the server's text). */
const REFUSALS: Readonly<Record<string, string>> = {
  stale_version: 'The table changed before your action arrived: choose again.',
  not_your_turn: 'It is not your decision any more.',
  illegal_action: 'That action is not possible now.',
};

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
    openCard: null,
    breaking: null,
  };
  const tip = document.getElementById('card-tip');
  // The board is re-rendered whole; the live region stays the same element so that screen
  // readers hear each change of its text.
  const host = h('div', { class: 'board-host' });
  const live = h('div', {
    class: 'sr-only',
    role: 'status',
    'aria-live': 'polite',
    'data-testid': 'announcer',
  });
  mount(root, host, live);
  const focus = focusKeeper(host);
  let heard = {
    status: boardStatus(state.view, viewer, bots).kind,
    lastSeq: lastSeq(state.log),
  };

  const render = () => {
    if (tip) tip.hidden = true;
    // Where the player was: put back on the same element, or the nearest one that stays.
    const onBoard = focus.holds();
    const board = renderBoard(state, {
      act,
      closeOverlay,
      setPolicy,
      stopsToggled,
      toggleCard,
      breakAll,
    });
    mount(host, board);
    if (onBoard) focus.restore();
    const lines = board.querySelector('.log-lines');
    if (lines) lines.scrollTop = lines.scrollHeight;
    const status = boardStatus(state.view, viewer, bots);
    const said = announcement(viewer, heard, { status, prompt: promptText(state.view) }, state.log);
    heard = { status: status.kind, lastSeq: lastSeq(state.log) };
    if (said) live.textContent = said;
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

  function toggleCard(key: string): void {
    update({ openCard: state.openCard === key ? null : key });
  }

  function setPolicy(kind: string, policy: 'stop' | 'auto-pass' | null): void {
    // Kept for this side's next rooms too (stop-settings.ts).
    if (viewer !== 'spectator') rememberStop('netrunner', viewer, kind, policy);
    void conn.policy(kind, policy).then((ack) => {
      if (!ack.ok) update({ error: `Stop setting not changed: ${ack.error.message}` });
    });
  }

  function act(button: ActionButton): void {
    send(button.action);
  }

  function send(action: NetrunnerAction): void {
    if (state.pending) return;
    const version = state.version;
    update({ pending: true, error: null, openCard: null });
    void conn.act(action, { version }).then((ack) => {
      if (!ack.ok) {
        const text = REFUSALS[ack.error.code] ?? ack.error.message;
        update({ pending: false, breaking: null, error: `Not done: ${text}` });
      } else if (state.pending && state.version >= ack.version) {
        update({ pending: false });
      }
    });
  }

  /** "Match strength and break all": the plan's steps, one legal action per view. */
  function breakAll(plan: BreakPlan): void {
    update({ breaking: plan.breaker, openCard: null });
    stepBreak();
  }

  function stepBreak(): void {
    if (state.breaking === null || state.pending) return;
    const step = nextBreakStep(state.view, state.breaking);
    if (!step) {
      update({ breaking: null });
      return;
    }
    send(step);
  }

  conn.onView((event) => {
    update({ version: event.version, view: viewOf(event), pending: false });
    // Waits while the other seat decides; stops when the encounter is over.
    if (state.breaking !== null) {
      if (!state.view.run?.encounter) update({ breaking: null });
      else if (state.view.legalActions?.length) stepBreak();
    }
  });
  conn.onLog((event) => {
    const entries = event.entries.filter(isLogEntry);
    update({ log: event.history ? mergeLog([], entries) : mergeLog(state.log, entries) });
  });
  conn.onConnectionChange((connected) => update({ connected }));
  conn.onError((error) => update({ error: error.message }));
  render();
  // The stops this player set in earlier rooms with this side become this seat's policies.
  if (viewer !== 'spectator' && !state.view.outcome) {
    const remembered = rememberedStops('netrunner', viewer);
    for (const { kind, policy } of stopsToSend(remembered, state.view.policies, WINDOW_KINDS)) {
      void conn.policy(kind, policy);
    }
  }
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

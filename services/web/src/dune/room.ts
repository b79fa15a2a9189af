import type { VeilConnection, ViewEvent } from '@veil/client';
import type { DuneAction, DuneView, FactionId } from '@veil/dune/client';
import { mount } from '../dom.js';
import { renderDuneBoard, type DuneBoardState } from './board.js';
import { isDuneLogLine } from './log-text.js';

/** The Dune board page on an open connection: keeps the view and log, sends actions. */
export function runDune(
  root: HTMLElement,
  conn: VeilConnection,
  roomId: string,
  bots: Readonly<Record<string, string>>,
): void {
  const first = conn.view as ViewEvent;
  let state: DuneBoardState = {
    roomId,
    viewer: (first.seat ?? 'spectator') as FactionId | 'spectator',
    version: first.version,
    view: first.view as unknown as DuneView,
    log: conn.log.filter(isDuneLogLine),
    connected: conn.connected,
    pending: false,
    error: null,
    bots,
    forms: {},
    mapForm: null,
  };

  const render = () => {
    const board = renderDuneBoard(state, { act, choose });
    mount(root, board);
    const lines = board.querySelector('.log-lines');
    if (lines) lines.scrollTop = lines.scrollHeight;
  };
  const update = (patch: Partial<DuneBoardState>) => {
    state = { ...state, ...patch };
    render();
  };

  function choose(type: string, field: string, value: string): void {
    const form = { ...(state.forms[type] ?? {}), [field]: value };
    update({ forms: { ...state.forms, [type]: form }, mapForm: type });
  }

  function act(action: DuneAction): void {
    if (state.pending) return;
    const version = state.version;
    update({ pending: true, error: null });
    void conn.act(action, { version }).then((ack) => {
      if (!ack.ok) update({ pending: false, error: `Not done: ${ack.error.message}` });
      else if (state.pending && state.version >= ack.version) update({ pending: false });
    });
  }

  conn.onView((event) => {
    // A new decision starts with fresh forms.
    update({
      version: event.version,
      view: event.view as unknown as DuneView,
      pending: false,
      forms: {},
      mapForm: null,
    });
  });
  conn.onLog((event) => {
    const entries = event.entries.filter(isDuneLogLine);
    update({ log: event.history ? entries : [...state.log, ...entries].slice(-500) });
  });
  conn.onConnectionChange((connected) => update({ connected }));
  conn.onError((error) => update({ error: error.message }));
  render();
}

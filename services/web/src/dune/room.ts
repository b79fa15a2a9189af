import type { ChatLine, VeilConnection, ViewEvent } from '@veil/client';
import type { DuneAction, DuneView, FactionId } from '@veil/dune/client';
import { mount } from '../dom.js';
import { renderDuneBoard, type DuneBoardState } from './board.js';
import { isDuneLogLine } from './log-text.js';

/** The room's bots with the seats the table chat says were handed to one since, at their levels. */
export function withHandedOverSeats(
  bots: Readonly<Record<string, string>>,
  chat: readonly ChatLine[],
): Readonly<Record<string, string>> {
  const handed = chat.flatMap((line) =>
    line.kind === 'system' && line.event === 'handed_to_bot' && line.level
      ? [[line.seat, line.level] as const]
      : [],
  );
  return handed.length === 0 ? bots : { ...bots, ...Object.fromEntries(handed) };
}

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
    const board = renderDuneBoard(state, { act, choose, setPolicy });
    mount(root, board);
    const lines = board.querySelector('.log-lines');
    if (lines) lines.scrollTop = lines.scrollHeight;
  };
  const update = (patch: Partial<DuneBoardState>) => {
    state = { ...state, ...patch };
    render();
  };

  function setPolicy(kind: string, policy: 'stop' | 'auto-pass' | null): void {
    void conn.policy(kind, policy).then((ack) => {
      if (!ack.ok) update({ error: `Setting not changed: ${ack.error.message}` });
    });
  }

  function choose(type: string, field: string, value: string): void {
    const form = { ...(state.forms[type] ?? {}), [field]: value };
    update({ forms: { ...state.forms, [type]: form }, mapForm: type });
  }

  /**
   * Sends `action` at the version the person saw. With five other seats acting, the game often
   * moves on before it arrives: then it is sent again at the newest version, once per version,
   * if it is still one of the seat's legal actions there (else the person chooses again).
   */
  /** The version an accepted action made, until its view arrives. */
  let awaiting: number | null = null;

  function act(action: DuneAction): void {
    if (state.pending) return;
    update({ pending: true, error: null });
    const send = (version: number) =>
      void conn.act(action, { version }).then((ack) => {
        if (ack.ok) {
          // Buttons come back with the view of that version (it may be here already).
          if (state.version >= ack.version) update({ pending: false });
          else awaiting = ack.version;
        } else if (ack.error.code === 'stale_version' && state.version > version) {
          if (stillLegal(action)) send(state.version);
          else update({ pending: false, error: 'The game moved on before your choice arrived.' });
        } else update({ pending: false, error: `Not done: ${ack.error.message}` });
      });
    send(state.version);
  }

  function stillLegal(action: DuneAction): boolean {
    const wanted = JSON.stringify(action);
    return (state.view.legalActions ?? []).some((a) => JSON.stringify(a) === wanted);
  }

  conn.onView((event) => {
    // A new decision starts with fresh forms.
    update({
      version: event.version,
      view: event.view as unknown as DuneView,
      forms: {},
      mapForm: null,
      ...(awaiting !== null && event.version >= awaiting ? { pending: false } : {}),
    });
    if (awaiting !== null && event.version >= awaiting) awaiting = null;
  });
  conn.onLog((event) => {
    const entries = event.entries.filter(isDuneLogLine);
    update({ log: event.history ? entries : [...state.log, ...entries].slice(-500) });
  });
  // A seat handed to a bot is shown as the bot's from then on (docs/protocol.md, "Concede").
  conn.onChat(() => update({ bots: withHandedOverSeats(bots, conn.chat) }));
  conn.onConnectionChange((connected) => update({ connected }));
  conn.onError((error) => update({ error: error.message }));
  render();
}

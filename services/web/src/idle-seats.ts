import {
  IDLE_ABSENT_SECONDS,
  IDLE_SECONDS,
  type ChatLine,
  type VeilConnection,
} from '@veil/client';
import { h, mount } from './dom.js';
import { seatName } from './seat-name.js';
import { barButton, confirmation, isOver } from './table-bar.js';

/** How often the bar looks again whether the table has waited long enough. */
const CHECK_MS = 15_000;

/** What the page knows of the table, for `idleSeats`. */
export interface TableState {
  /** This page's seat (null for a spectator). */
  readonly me: string | null;
  /** The room's human seats, as the lobby listed them when the page opened. */
  readonly humanSeats: readonly string[];
  readonly chat: readonly ChatLine[];
  /** The seats the game waits on, as the view shows them; null when the game's view does not. */
  readonly waitingOn: readonly string[] | null;
  /** Since this page saw the table's last move. */
  readonly waitedMs: number;
  /** The room has time controls (its clock hands a seat over by itself). */
  readonly timed: boolean;
  readonly over: boolean;
}

/**
 * The other seats this page may hand to a bot as idle, or at two seats claim the game from
 * (docs/protocol.md, "Hand an idle seat to a bot"): at an untimed table, a person's seat the game
 * waits on, once the table has waited on it 5 minutes and the chat says its player is gone
 * (left, or never came), or 30 minutes in any case. The page counts from the last move it saw,
 * so after a reload it waits again; the server decides.
 */
export function idleSeats(table: TableState): string[] {
  const { me, chat, waitingOn } = table;
  if (me === null || waitingOn === null || table.timed || table.over) return [];
  const handed = new Set<string>();
  const here = new Map<string, boolean>();
  for (const line of chat) {
    if (line.kind !== 'system') continue;
    if (line.event === 'handed_to_bot') handed.add(line.seat);
    if (line.event === 'joined' || line.event === 'reconnected') here.set(line.seat, true);
    if (line.event === 'left') here.set(line.seat, false);
  }
  return table.humanSeats.filter((seat) => {
    if (seat === me || handed.has(seat) || !waitingOn.includes(seat)) return false;
    const patience = here.get(seat) === true ? IDLE_SECONDS : IDLE_ABSENT_SECONDS;
    return table.waitedMs >= patience * 1_000;
  });
}

/** The seats a game's view says it waits on (`deciders`: Netrunner's and Dune's views show them). */
function waitingOnOf(view: unknown): readonly string[] | null {
  const deciders = (view as { deciders?: unknown } | null)?.deciders;
  return Array.isArray(deciders) && deciders.every((seat) => typeof seat === 'string')
    ? deciders
    : null;
}

/** What the bar says for `seat`: a larger table plays on with a bot; two seats end. */
function wording(seat: string, seats: number) {
  const name = seatName(seat);
  return seats === 2
    ? {
        button: 'Claim the game',
        ask: `Claim the game? The ${name} has kept you waiting: you win, and the game ends.`,
        go: 'Claim it',
      }
    : {
        button: `Hand the ${name} seat to a bot`,
        ask: `Hand the ${name} seat to a bot? It plays the seat from now on, and its player cannot come back to it.`,
        go: 'Hand it over',
      };
}

/**
 * The bar that offers to hand a gone player's seat to a bot, or at two seats to claim the game,
 * once the table has waited on it long enough (`idleSeats`), after a confirmation. Nothing shows
 * otherwise.
 */
export function withIdleSeats(
  root: HTMLElement,
  conn: VeilConnection,
  seats: { readonly count: number; readonly humans: readonly string[] },
): HTMLElement {
  const board = h('div');
  const bar = h('div', { class: 'table-bar idle-bar', 'data-testid': 'idle-seats', hidden: true });
  let lastVersion = -1;
  let since = performance.now();
  let confirming: string | null = null;
  let pending = false;
  let error: string | null = null;

  const handOver = (seat: string) => {
    pending = true;
    render();
    void conn.handOverIdle(seat).then((ack) => {
      pending = false;
      confirming = null;
      error = ack.ok ? null : `Not done: ${ack.error.message}`;
      render();
    });
  };

  const render = () => {
    const event = conn.view;
    if (!bar.isConnected && lastVersion >= 0) return clearInterval(timer);
    if (event && event.version !== lastVersion) {
      lastVersion = event.version;
      since = performance.now();
    }
    const offered = idleSeats({
      me: conn.seat,
      humanSeats: seats.humans,
      chat: conn.chat,
      waitingOn: waitingOnOf(event?.view),
      waitedMs: performance.now() - since,
      timed: event?.clocks !== undefined,
      over: isOver(conn),
    });
    if (confirming !== null && !offered.includes(confirming)) confirming = null;
    bar.hidden = offered.length === 0 && error === null;
    const minutes = Math.floor((performance.now() - since) / 60_000);
    const button = (label: string, testid: string, onClick: () => void, cls?: string) =>
      barButton(label, testid, onClick, pending, cls);
    mount(
      bar,
      ...offered.map((seat) => {
        const words = wording(seat, seats.count);
        return confirming === seat
          ? confirmation(
              words.ask,
              button(words.go, 'idle-confirm', () => handOver(seat), 'btn btn-danger'),
              button('Keep waiting', 'idle-cancel', () => {
                confirming = null;
                render();
              }),
            )
          : h(
              'div',
              { class: 'idle-seat', 'data-testid': 'idle-seat', 'data-seat': seat },
              h('span', null, `The table has waited ${minutes} min for the ${seatName(seat)}. `),
              button(words.button, 'idle-hand-over', () => {
                confirming = seat;
                error = null;
                render();
              }),
            );
      }),
      error
        ? h('span', { class: 'error', role: 'alert', 'data-testid': 'idle-error' }, error)
        : null,
    );
  };

  const timer = setInterval(render, CHECK_MS);
  conn.onView(render);
  conn.onChat(render);
  mount(root, bar, board);
  render();
  return board;
}

import type { VeilConnection } from '@veil/client';
import { seatHandedToBot } from './chat.js';
import { h, mount } from './dom.js';
import { outcomeText } from './model.js';
import { seatName } from './seat-name.js';
import { barButton, confirmation } from './table-bar.js';

/** What the bar's button says and asks: a two-seat room ends; a larger table plays on. */
function wording(seats: number) {
  return seats === 2
    ? { button: 'Concede', ask: 'Concede the game? Your opponent wins.', failed: 'Not conceded' }
    : {
        button: 'Hand my seat to a bot',
        ask: 'Hand your seat to a bot? It plays for you from now on, and you cannot come back to this seat.',
        failed: 'Not handed over',
      };
}

/**
 * The table bar above a board, for every game (docs/protocol.md, "Concede"): a seat may concede,
 * after confirming. A two-seat room ends, and seats and spectators read who won and why; at a
 * larger table the player hands the seat to a bot, which plays it on (the last player's
 * concession ends the room). A game's board shows its own end-of-game summary.
 */
export function withConcede(root: HTMLElement, conn: VeilConnection, seats: number): HTMLElement {
  const board = h('div');
  const bar = h('div', { class: 'table-bar', 'data-testid': 'table-bar' });
  const words = wording(seats);
  let confirming = false;
  let pending = false;
  let handedOver = false;
  /** The player who handed this seat over as idle, if another did. */
  let handedBy: string | null = null;
  let error: string | null = null;

  const concede = () => {
    pending = true;
    render();
    void conn.concede().then((ack) => {
      pending = false;
      confirming = false;
      error = ack.ok ? null : `${words.failed}: ${ack.error.message}`;
      // A bot has the seat now, unless this was the last player and the room ended: then the
      // final view, with its outcome, follows (a seat handed to a bot gets no more views).
      handedOver = ack.ok && seats > 2;
      render();
      closeOnceHandedOver();
    });
  };

  /**
   * The table chat says a bot has this seat: the connection has nothing more to show. Another
   * player may have handed it over as idle (`by`): then no ack of ours is awaited.
   */
  const closeOnceHandedOver = () => {
    const line = seatHandedToBot(conn.chat, conn.seat);
    if (!line) return;
    if (line.by !== undefined && !handedOver) {
      handedOver = true;
      handedBy = line.by;
      render();
    }
    if (handedOver) conn.close();
  };
  conn.onChat(closeOnceHandedOver);

  const render = () => {
    const outcome = conn.view?.outcome;
    if (outcome) {
      const { winner, reason } = outcomeText(outcome);
      mount(
        bar,
        h('p', { class: 'conceded', 'data-testid': 'room-outcome' }, `${winner}: ${reason}.`),
      );
      return;
    }
    if (handedOver) {
      mount(
        bar,
        h(
          'p',
          { class: 'conceded', 'data-testid': 'handed-over' },
          handedBy === null
            ? 'A bot plays your seat now. '
            : `The table waited on you too long: the ${seatName(handedBy)} handed your seat to a bot. `,
          h('a', { href: '#/' }, 'Back to the lobby'),
        ),
      );
      return;
    }
    // Spectators have nothing to concede (the node would refuse it).
    if (conn.seat === null) {
      mount(bar, null);
      return;
    }
    const btn = (label: string, testid: string, onClick: () => void, cls?: string) =>
      barButton(label, testid, onClick, pending, cls);
    mount(
      bar,
      confirming
        ? confirmation(
            words.ask,
            btn(words.button, 'concede-confirm', concede, 'btn btn-danger'),
            btn('Keep playing', 'concede-cancel', () => {
              confirming = false;
              render();
            }),
          )
        : btn(words.button, 'concede', () => {
            confirming = true;
            error = null;
            render();
          }),
      error
        ? h('span', { class: 'error', role: 'alert', 'data-testid': 'concede-error' }, error)
        : null,
    );
  };

  conn.onView(() => render());
  render();
  mount(root, bar, board);
  return board;
}

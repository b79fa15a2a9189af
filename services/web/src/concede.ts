import type { VeilConnection } from '@veil/client';
import { h, mount } from './dom.js';
import { outcomeText } from './model.js';

/**
 * The table bar above a board, for every game (docs/protocol.md, "Concede"): a seat of a
 * two-seat room may concede, after confirming; once the room has ended by a concession, seats
 * and spectators read who won and why. A game's board shows its own end-of-game summary.
 */
export function withConcede(root: HTMLElement, conn: VeilConnection, seats: number): HTMLElement {
  const board = h('div');
  const bar = h('div', { class: 'table-bar', 'data-testid': 'table-bar' });
  let confirming = false;
  let pending = false;
  let error: string | null = null;

  const concede = () => {
    pending = true;
    render();
    void conn.concede().then((ack) => {
      pending = false;
      confirming = false;
      error = ack.ok ? null : `Not conceded: ${ack.error.message}`;
      render();
    });
  };

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
    // Spectators and larger tables have nothing to concede (the node would refuse it).
    if (conn.seat === null || seats !== 2) {
      mount(bar, null);
      return;
    }
    const btn = (label: string, testid: string, onClick: () => void, cls = 'btn') =>
      h(
        'button',
        {
          class: cls,
          type: 'button',
          'data-testid': testid,
          disabled: pending,
          on: { click: onClick },
        },
        label,
      );
    mount(
      bar,
      confirming
        ? h(
            'div',
            { class: 'concede-confirm', role: 'alertdialog', 'aria-label': 'Concede the game?' },
            h('span', null, 'Concede the game? Your opponent wins.'),
            btn('Concede', 'concede-confirm', concede, 'btn btn-danger'),
            btn('Keep playing', 'concede-cancel', () => {
              confirming = false;
              render();
            }),
          )
        : btn('Concede', 'concede', () => {
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

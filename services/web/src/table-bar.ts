import type { VeilConnection } from '@veil/client';
import { h } from './dom.js';

/** A button of a table bar (the bars above a board: concede, idle seats, the table's end). */
export function barButton(
  label: string,
  testid: string,
  onClick: () => void,
  disabled: boolean,
  cls = 'btn',
): HTMLElement {
  return h(
    'button',
    {
      class: cls,
      type: 'button',
      'data-testid': testid,
      disabled,
      on: { click: onClick },
    },
    label,
  );
}

/** The question a bar asks before a step that cannot be undone, with its two answers. */
export function confirmation(ask: string, go: HTMLElement, stay: HTMLElement): HTMLElement {
  return h(
    'div',
    { class: 'bar-confirm', role: 'alertdialog', 'aria-label': ask },
    h('span', null, ask),
    go,
    stay,
  );
}

/** Whether the game is over: its rules ended it, or the room did (a concession, a flag-fall). */
export function isOver(conn: VeilConnection): boolean {
  const event = conn.view;
  if (!event) return false;
  const view = event.view as { outcome?: unknown } | null;
  return event.outcome !== undefined || (view?.outcome ?? null) !== null;
}

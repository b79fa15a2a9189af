/**
 * Keyboard focus across whole re-renders. The element the player last focused, and its
 * ancestors that carry a `data-focus-key` (a menu entry, its card, the card's zone, the
 * prompt), are remembered innermost first; after each render the first of them that exists
 * gets the focus back — the same button, or the zone a played card left. The wish outlives
 * renders in which the element is missing (the other seat deciding in between), so the focus
 * returns to the button once it is back.
 */
export interface FocusKeeper {
  /** Whether the focus is on the board now (else a render leaves it where it is). */
  holds(): boolean;
  restore(): void;
}

export function focusKeeper(host: HTMLElement): FocusKeeper {
  let wanted: string[] = [];
  let restoring = false;
  host.addEventListener('focusin', (event) => {
    if (!restoring && event.target instanceof HTMLElement) wanted = chainOf(event.target, host);
  });
  return {
    holds: () => {
      const active = document.activeElement;
      return active instanceof HTMLElement && host.contains(active);
    },
    restore: () => {
      restoring = true;
      try {
        for (const key of wanted) {
          const el = [...host.querySelectorAll<HTMLElement>('[data-focus-key]')].find(
            (e) => e.getAttribute('data-focus-key') === key,
          );
          if (el) {
            el.focus({ preventScroll: true });
            return;
          }
        }
      } finally {
        restoring = false;
      }
    },
  };
}

function chainOf(el: HTMLElement, host: HTMLElement): string[] {
  const keys: string[] = [];
  for (let at: HTMLElement | null = el; at && at !== host; at = at.parentElement) {
    const key = at.getAttribute('data-focus-key');
    if (key !== null) keys.push(key);
  }
  return keys;
}

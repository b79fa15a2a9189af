import { decksFor, type Side } from './catalog.js';
import { checkDecklist, type DeckListOption } from './decklist.js';
import { h, mount } from './dom.js';

/** The select's value for "paste a list". */
const PASTE = 'paste';

/** What a room request gets for a side's deck: a starter deck id, a checked list, or nothing yet. */
export type DeckChoiceValue =
  { readonly ok: true; readonly deck: string | DeckListOption } | { readonly ok: false };

export interface DeckPicker {
  readonly select: HTMLSelectElement;
  /** The paste box and its problems (hidden unless "Paste a decklist" is chosen). */
  readonly paste: HTMLElement;
  /** Fills the choices for a side (the pasted text is kept, and checked again for that side). */
  setSide(side: Side): void;
  value(): DeckChoiceValue;
}

/**
 * A deck choice for one side: every deck the game offers (the System Gateway teaching decks, then
 * our faction decks) or a pasted decklist, checked line by line as it is typed.
 */
export function deckPicker(id: string): DeckPicker {
  const select = h('select', { id, 'data-testid': id });
  const text = h('textarea', {
    id: `${id}-list`,
    rows: 10,
    spellcheck: false,
    placeholder: 'The Catalyst: Convention Breaker\n3 Sure Gamble\n2 Jailbreak\n…',
    'data-testid': `${id}-list`,
  });
  const status = h('div', {
    class: 'deck-status',
    'aria-live': 'polite',
    'data-testid': `${id}-status`,
  });
  const problems = h('ul', { class: 'deck-problems', 'data-testid': `${id}-problems` });
  const paste = h(
    'div',
    { class: 'deck-paste', hidden: true },
    h(
      'label',
      { for: `${id}-list` },
      'Decklist: the identity on a line, then "3 Hedge Fund" lines',
    ),
    text,
    status,
    problems,
  );
  let side: Side = 'corp';

  const check = () => {
    if (select.value !== PASTE) return;
    const result = checkDecklist(text.value, side);
    mount(status, result.ok ? `A legal deck of ${result.size} cards.` : '');
    status.className = result.ok ? 'deck-status ok' : 'deck-status';
    mount(
      problems,
      result.ok
        ? []
        : result.problems.map((p) => h('li', { 'data-testid': 'deck-problem' }, p.message)),
    );
  };
  const showPaste = () => {
    paste.hidden = select.value !== PASTE;
    check();
  };
  select.addEventListener('change', showPaste);
  text.addEventListener('input', check);

  return {
    select,
    paste,
    setSide(next) {
      side = next;
      const decks = decksFor(side);
      const group = (label: string, tutorial: boolean) =>
        h(
          'optgroup',
          { label },
          decks
            .filter((d) => d.id.includes('tutorial') === tutorial)
            .map((d) => h('option', { value: d.id }, d.name)),
        );
      mount(
        select,
        group('System Gateway teaching decks', true),
        group('Faction decks', false),
        h('option', { value: PASTE }, 'Paste a decklist…'),
      );
      // The intermediate teaching pair is the server's default too.
      const intermediate = decks.find((d) => d.id.endsWith('-intermediate'));
      if (intermediate) select.value = intermediate.id;
      showPaste();
    },
    value() {
      if (select.value !== PASTE) return { ok: true, deck: select.value };
      const result = checkDecklist(text.value, side);
      return result.ok ? { ok: true, deck: result.deck } : { ok: false };
    },
  };
}

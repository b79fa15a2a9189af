import type { CardView } from '@veil/netrunner/client';
import { card as catalogCard, cardLine, plainText } from './catalog.js';
import { h, type Child } from './dom.js';
import { cardName, type ActionButton } from './labels.js';

/**
 * A card on the table: its face (or back), and on click or tap its menu — the card's text and
 * the legal actions taken with it, each with its cost. Identical copies share one slot.
 */

export interface CardSlot {
  /** One card, or identical copies (the first one's actions are offered). */
  readonly cards: readonly CardView[];
  /** Stable across views while the card stays: the menu's and the keyboard focus's key. */
  readonly key: string;
  readonly actions: readonly ActionButton[];
  /** Entries above the actions (the encountered ice's "match strength and break all"). */
  readonly extra?: Child;
  /** What a card back is called here (`unrezzed ice`). */
  readonly facedownName?: string;
  readonly hosted?: readonly CardView[];
}

export interface MenuContext {
  /** The key of the card whose menu is open. */
  readonly openKey: string | null;
  readonly pending: boolean;
  toggle(key: string): void;
  act(button: ActionButton): void;
}

function counterText(c: CardView): string[] {
  const out: string[] = [];
  for (const [name, n] of Object.entries(c.counters ?? {})) {
    if (n) out.push(`${n} ${name}`);
  }
  return out;
}

/**
 * Rezzed or not, said in words for every installed Corp card the viewer can name; an installed
 * agenda is never rezzed: it is facedown until scored.
 */
function stateBadge(c: CardView): string | null {
  if (c.rezzed === undefined || !c.title) return null;
  if (catalogCard(c.code)?.type === 'agenda') return 'facedown agenda';
  return c.rezzed ? 'rezzed' : 'unrezzed';
}

/** The face of one card (or a group of copies): title or back, type, state, counters. */
export function cardFace(
  c: CardView,
  options: { count?: number; facedownName?: string; hosted?: readonly CardView[] } = {},
): HTMLElement {
  const data = catalogCard(c.code);
  const facedown = !c.title;
  const classes = ['card'];
  if (facedown) classes.push('facedown');
  if (data) classes.push(`type-${data.type}`, `faction-${data.faction}`);
  if (c.rezzed === false) classes.push('unrezzed');
  if (c.rezzed === true) classes.push('rezzed');
  const badges: string[] = [];
  const state = stateBadge(c);
  if (state) badges.push(state);
  if (c.strength !== undefined) badges.push(`strength ${c.strength}`);
  badges.push(...counterText(c));
  return h(
    'div',
    {
      class: classes.join(' '),
      'data-testid': 'card',
      'data-card-id': c.id,
      ...(c.code ? { 'data-code': c.code } : {}),
    },
    h(
      'div',
      { class: 'card-title' },
      facedown ? (options.facedownName ?? cardName(c, 'facedown card')) : c.title,
    ),
    // Beside the title, not in it: the title stays the card's own words.
    options.count && options.count > 1
      ? h('div', { class: 'card-count', 'data-testid': 'card-count' }, `×${options.count}`)
      : null,
    data ? h('div', { class: 'card-type' }, data.type) : null,
    badges.length > 0 ? h('div', { class: 'card-badges' }, badges.join(' · ')) : null,
    options.hosted && options.hosted.length > 0
      ? h(
          'div',
          { class: 'hosted' },
          options.hosted.map((hc) => cardFace(hc)),
        )
      : null,
  );
}

/** An action as a menu entry: its label, and its cost beside it. */
export function actionButton(
  b: ActionButton,
  testid: string,
  focusKey: string,
  pending: boolean,
  act: (b: ActionButton) => void,
): HTMLElement {
  return h(
    'button',
    {
      type: 'button',
      class: `btn btn-${b.style}`,
      'data-testid': testid,
      'data-action-type': b.action.type,
      'data-style': b.style,
      'data-index': b.index,
      'data-focus-key': focusKey,
      ...(b.code ? { 'data-code': b.code } : {}),
      ...(b.detail ? { title: b.detail } : {}),
      // Not `disabled` while an action is on its way: a disabled button drops the focus.
      'aria-disabled': pending ? 'true' : null,
      on: { click: () => act(b) },
    },
    h('span', { class: 'action-label' }, b.label),
    b.cost ? h('span', { class: 'cost', 'data-testid': 'cost' }, b.cost) : null,
  );
}

function menu(slot: CardSlot, first: CardView, ctx: MenuContext): HTMLElement {
  const data = catalogCard(first.code);
  return h(
    'div',
    {
      class: 'card-menu',
      role: 'group',
      'data-testid': 'card-menu',
      'aria-label': `${cardName(first, 'Card')}: text and actions`,
      // Escape closes the menu; the focus goes back to the card.
      on: {
        keydown: (event) => {
          if ((event as KeyboardEvent).key === 'Escape') ctx.toggle(slot.key);
        },
      },
    },
    data
      ? h(
          'div',
          { class: 'menu-text', 'data-testid': 'menu-card-text' },
          h('div', { class: 'tip-title' }, data.unique ? `♦ ${data.title}` : data.title),
          h('div', { class: 'tip-line' }, cardLine(data)),
          h('div', { class: 'tip-text' }, plainText(data.text)),
        )
      : null,
    slot.extra ?? null,
    slot.actions.map((b) =>
      actionButton(b, 'card-action', `${slot.key}#${b.label}`, ctx.pending, ctx.act),
    ),
    slot.actions.length === 0 && !slot.extra
      ? h('p', { class: 'muted small' }, 'Nothing to do with this card now.')
      : null,
  );
}

/** A card slot: the face, a button for the keyboard, and the menu when open. */
export function cardSlot(slot: CardSlot, ctx: MenuContext): HTMLElement | null {
  const first = slot.cards[0];
  if (!first) return null;
  const open = ctx.openKey === slot.key;
  const face = cardFace(first, {
    count: slot.cards.length,
    ...(slot.facedownName ? { facedownName: slot.facedownName } : {}),
    ...(slot.hosted ? { hosted: slot.hosted } : {}),
  });
  const usable = slot.actions.length > 0 || slot.extra !== undefined;
  face.classList.add('card-button');
  if (usable) face.classList.add('has-actions');
  face.setAttribute('role', 'button');
  face.setAttribute('tabindex', '0');
  face.setAttribute('aria-expanded', open ? 'true' : 'false');
  face.setAttribute('aria-haspopup', 'true');
  face.setAttribute('data-focus-key', slot.key);
  face.setAttribute('data-has-actions', usable ? 'true' : 'false');
  face.addEventListener('click', (event) => {
    // A hosted card's click is its own.
    if ((event.target as Element).closest('[data-focus-key]') !== face) return;
    ctx.toggle(slot.key);
  });
  face.addEventListener('keydown', (event) => {
    if (event.target !== face) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      ctx.toggle(slot.key);
    } else if (event.key === 'Escape' && open) ctx.toggle(slot.key);
  });
  return h(
    'div',
    { class: `card-slot${open ? ' open' : ''}`, 'data-testid': 'card-slot' },
    face,
    open ? menu(slot, first, ctx) : null,
  );
}

import { card, cardLine, plainText } from './catalog.js';
import { h, mount } from './dom.js';

/**
 * Card text on hover: any element with `data-code` (a card the viewer can see) shows the
 * printed card from the public catalog. Facedown cards carry no code, so they show nothing.
 */
export function installCardTips(tip: HTMLElement): void {
  let current: Element | null = null;
  document.addEventListener('mouseover', (event) => {
    const target = (event.target as Element | null)?.closest?.('[data-code]') ?? null;
    if (target === current) return;
    current = target;
    const data = card(target?.getAttribute('data-code') ?? undefined);
    if (!target || !data) {
      tip.hidden = true;
      return;
    }
    mount(
      tip,
      h('div', { class: 'tip-title' }, data.unique ? `♦ ${data.title}` : data.title),
      h('div', { class: 'tip-line' }, cardLine(data)),
      h('div', { class: 'tip-text' }, plainText(data.text)),
    );
    tip.hidden = false;
    place(tip, target.getBoundingClientRect());
  });
}

function place(tip: HTMLElement, anchor: DOMRect): void {
  const width = tip.offsetWidth;
  const height = tip.offsetHeight;
  let left = anchor.right + 8;
  if (left + width > window.innerWidth - 8) left = Math.max(8, anchor.left - width - 8);
  let top = anchor.top;
  if (top + height > window.innerHeight - 8) top = Math.max(8, window.innerHeight - height - 8);
  tip.style.left = `${left}px`;
  tip.style.top = `${top}px`;
}

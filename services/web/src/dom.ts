/** A tiny element builder: `h('div', {class: 'x', 'data-testid': 'y'}, child, 'text')`. */
export type Child = Node | string | number | null | undefined | false | readonly Child[];

type AttrValue = string | number | boolean | null | undefined;
type Handlers = { readonly [event: string]: ((event: Event) => void) | undefined };

/** Attributes (`true` = present, `false`/`null`/`undefined` = absent) and `on: {click: …}`. */
export type Attrs = { readonly [name: string]: AttrValue | Handlers };

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs | null = null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [name, value] of Object.entries(attrs)) {
      if (name === 'on') {
        for (const [event, handler] of Object.entries(value as Handlers)) {
          if (handler) el.addEventListener(event, handler);
        }
      } else if (value === true) el.setAttribute(name, '');
      else if (typeof value === 'string' || typeof value === 'number') {
        el.setAttribute(name, String(value));
      }
    }
  }
  append(el, children);
  return el;
}

function append(el: HTMLElement, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

/** Replaces everything inside `el`. */
export function mount(el: HTMLElement, ...children: Child[]): void {
  el.replaceChildren();
  append(el, children);
}

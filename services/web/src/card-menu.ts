import type { CardView, NetrunnerAction, NetrunnerView } from '@veil/netrunner/client';
import { actionButtons, type ActionButton, type Viewer } from './labels.js';

/**
 * Which legal actions sit on which card. An action that names a card of the table (install,
 * play, advance, rez, score, a card's ability, trashing a resource) is in that card's menu; the
 * rest (basic actions, runs, choices, passes) stay in the prompt.
 */

export interface TableActions {
  /** Card handle → the buttons of the actions on that card. */
  readonly byCard: ReadonlyMap<string, readonly ActionButton[]>;
  /** Actions on no card: the prompt's buttons. */
  readonly general: readonly ActionButton[];
}

/** The handle of the card an action is taken with, if it is a card action. */
export function actedOn(action: NetrunnerAction): string | undefined {
  switch (action.type) {
    case 'install':
    case 'play':
    case 'advance':
    case 'rez':
    case 'score':
    case 'use':
    case 'trash-resource':
      return action.card;
    default:
      return undefined;
  }
}

export function tableActions(view: NetrunnerView, viewer: Viewer): TableActions {
  const byCard = new Map<string, ActionButton[]>();
  const general: ActionButton[] = [];
  const add = (handle: string, b: ActionButton) =>
    byCard.set(handle, [...(byCard.get(handle) ?? []), b]);
  const ice = view.run?.encounter?.ice;
  const breakers = new Set((view.breakers ?? []).map((b) => b.card));
  for (const b of viewer === 'spectator' ? [] : actionButtons(view, viewer)) {
    const handle = actedOn(b.action);
    if (handle === undefined) {
      general.push(b);
      continue;
    }
    add(handle, b);
    // During an encounter the ice's menu also holds the breakers' pumps and breaks.
    if (ice !== undefined && handle !== ice && breakers.has(handle)) add(ice, b);
  }
  return { byCard, general };
}

/**
 * Identical copies side by side as one group (same printed card; cards the viewer cannot see
 * form one group of backs), in the order each first appears.
 */
export function groupCopies(cards: readonly CardView[]): CardView[][] {
  const groups = new Map<string, CardView[]>();
  for (const c of cards) {
    const key = c.code ?? '(facedown)';
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return [...groups.values()];
}

/** A group's menu: the actions of its first copy that has any (copies offer the same). */
export function groupActions(
  group: readonly CardView[],
  byCard: ReadonlyMap<string, readonly ActionButton[]>,
): { readonly card: CardView | undefined; readonly actions: readonly ActionButton[] } {
  for (const c of group) {
    const actions = byCard.get(c.id);
    if (actions && actions.length > 0) return { card: c, actions };
  }
  return { card: group[0], actions: [] };
}

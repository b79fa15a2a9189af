import { TERRITORIES } from '../data/map.js';
import { territoryOf } from '../rules/board.js';
import type { DuneAction } from '../state/actions.js';
import type { Faction } from '../state/types.js';
import { duneActionKey } from '../view/keys.js';

/** The most actions a Dune bot weighs in one decision (docs/ai.md, "Dune"). */
export const MAX_CANDIDATES = 40;

/** Spice handed to another seat: weighed last (the playouts too play them rarely). */
const GIFTS: readonly DuneAction['type'][] = ['bribe', 'gift', 'support'];

/** How many amounts of one kind of action are kept: the least, the most and evenly between. */
const AMOUNTS_KEPT = 4;

/**
 * The actions a Dune bot weighs (`candidateActions`): every one when the list is short; else
 * one per action key, and of the actions that differ only in an amount (forces shipped, moved
 * or revived, a bid, a dial) or in the sector of one territory, a few amounts — then, while
 * still too many, those with no amount (passes, cards, answers) first, paid shipments and
 * moves into a stronghold next, then the rest, spice given away (bribes, gifts, support) last;
 * each tier evenly spread. At most `MAX_CANDIDATES`, in legal order.
 * It reads nothing but the list (the map's static data aside), so it cannot peek, and the
 * same list gives the same answer.
 */
export function duneCandidates(legal: readonly DuneAction[], _seat: Faction): DuneAction[] {
  if (legal.length <= MAX_CANDIDATES) return [...legal];
  const index = new Map<DuneAction, number>();
  const groups = new Map<string, DuneAction[]>();
  const plain: DuneAction[] = [];
  const seen = new Set<string>();
  for (const [i, action] of legal.entries()) {
    const key = duneActionKey(action);
    if (seen.has(key)) continue;
    seen.add(key);
    index.set(action, i);
    const shaped = shapeOf(action);
    if (shaped === null) {
      plain.push(action);
      continue;
    }
    const group = groups.get(shaped.shape);
    if (group) group.push(action);
    else groups.set(shaped.shape, [action]);
  }
  const stronghold: DuneAction[] = [];
  const rest: DuneAction[] = [];
  const spice: DuneAction[] = [];
  for (const group of groups.values()) {
    for (const action of someAmounts(group)) {
      if (intoStronghold(action)) stronghold.push(action);
      else if (GIFTS.includes(action.type)) spice.push(action);
      else rest.push(action);
    }
  }
  const byLegalOrder = (a: DuneAction, b: DuneAction) =>
    (index.get(a) as number) - (index.get(b) as number);
  const out: DuneAction[] = [];
  for (const tier of [plain, stronghold, rest, spice]) {
    tier.sort(byLegalOrder);
    out.push(...spread(tier, MAX_CANDIDATES - out.length));
  }
  return out.sort(byLegalOrder);
}

/**
 * What an action is apart from an amount (forces, spice, a dial, a turn) and from the sector
 * of the territory it goes to — `shape` — and that amount; `null` for an action without one.
 */
function shapeOf(a: DuneAction): { shape: string; amount: number } | null {
  switch (a.type) {
    case 'ship':
      return {
        shape: `ship:${territoryOf(a.to)}:${a.karama ? 'karama' : 'paid'}`,
        amount: a.count,
      };
    case 'cross_ship':
    case 'move':
    case 'hajr_move':
    case 'ride':
      return { shape: `${a.type}:${a.from}:${territoryOf(a.to)}`, amount: a.count };
    case 'ship_back':
      return { shape: `ship_back:${a.from}`, amount: a.count };
    case 'revive':
      return { shape: `revive:${a.leader ?? '-'}`, amount: a.forces };
    case 'bribe':
      return { shape: `bribe:${a.to}`, amount: a.amount };
    case 'bid':
    case 'gift':
    case 'support':
      return { shape: a.type, amount: a.amount };
    case 'emperor_revive':
      return { shape: a.type, amount: a.count };
    case 'dial':
      return { shape: a.type, amount: a.value };
    case 'weather_control':
      return { shape: a.type, amount: a.move };
    case 'fremen_split':
      return { shape: a.type, amount: a.tabr };
    case 'plan': {
      // As its key names it, without the dial.
      const p = a.plan;
      const leader = p.leader ?? (p.hero ? 'cheap_hero' : 'none');
      return {
        shape: `plan:${leader}:${p.weapon ? 'w' : '-'}:${p.defense ? 'd' : '-'}`,
        amount: p.dial,
      };
    }
    case 'setup':
      return a.prediction
        ? { shape: `setup:${a.traitor}:${a.prediction.faction}`, amount: a.prediction.turn }
        : null;
    default:
      return null;
  }
}

/** Of one shape's actions: one per amount, the least and the most and evenly between. */
function someAmounts(group: readonly DuneAction[]): DuneAction[] {
  const byAmount = new Map<number, DuneAction>();
  for (const a of group) {
    const n = (shapeOf(a) as { amount: number }).amount;
    if (!byAmount.has(n)) byAmount.set(n, a);
  }
  const amounts = [...byAmount.keys()].sort((x, y) => x - y);
  return spread(amounts, AMOUNTS_KEPT).map((n) => byAmount.get(n) as DuneAction);
}

/** Up to `room` of `items`, evenly spaced, the first and the last always among them. */
function spread<T>(items: readonly T[], room: number): T[] {
  if (room <= 0) return [];
  if (items.length <= room) return [...items];
  if (room === 1) return [items[0] as T];
  const out: T[] = [];
  for (let i = 0; i < room; i++) {
    out.push(items[Math.round((i * (items.length - 1)) / (room - 1))] as T);
  }
  return out;
}

/** A shipment (paid: a Karama shipment is the same place at a card's cost), move or ride into a stronghold. */
function intoStronghold(a: DuneAction): boolean {
  if (a.type === 'ship' && a.karama !== null) return false;
  return (
    'to' in a && typeof a.to === 'string' && TERRITORIES[territoryOf(a.to)]?.kind === 'stronghold'
  );
}

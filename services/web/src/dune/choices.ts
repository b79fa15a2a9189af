import type { DuneAction, DuneView } from '@veil/dune/client';
import { areaName, factionName, idText, words } from './names.js';
import { COMMIT_LABEL, CONTINUE_LABEL, USE_TITLE, pickLabel } from './semuta.js';

// Pure: the viewer's legal actions as a person chooses them. A kind of action with a few
// one-value choices is a row of buttons; any other kind (shipments, moves, battle plans,
// bribes, bids…) is one form whose fields offer only values some legal action has, each field
// narrowed by the ones before it, so whatever the form holds is exactly one legal action.

/** The action's fields, one level of nesting flattened (`plan.leader`), values JSON-encoded. */
export function fieldsOf(action: DuneAction): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(action)) {
    if (key === 'type') continue;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [sub, inner] of Object.entries(value as Record<string, unknown>)) {
        out.push([`${key}.${sub}`, JSON.stringify(inner ?? null)]);
      }
    } else out.push([key, JSON.stringify(value ?? null)]);
  }
  return out;
}

export interface ButtonChoice {
  readonly kind: 'buttons';
  readonly type: string;
  readonly title: string;
  readonly buttons: ReadonlyArray<{ readonly action: DuneAction; readonly label: string }>;
}

export interface FormChoice {
  readonly kind: 'form';
  readonly type: string;
  readonly title: string;
  readonly fields: readonly string[];
  readonly actions: readonly DuneAction[];
}

export type Choice = ButtonChoice | FormChoice;

const TITLES: Readonly<Record<string, string>> = {
  setup: 'Choose your traitor',
  fremen_split: 'Place your ten forces',
  dial: 'Storm dial (hidden until all are in)',
  pass: 'Pass',
  weather_control: 'Weather Control: move the storm',
  family_atomics: 'Family Atomics',
  karama_cancel: 'Karama: cancel the power',
  nexus_offer: 'Offer an alliance',
  nexus_leave: 'Leave your alliance',
  nexus_done: 'Nexus',
  alliance_answer: 'Alliance offered to you',
  bid: 'Bid on the card',
  bid_pass: 'Pass on the card',
  karama_take: 'Karama: take the card',
  revive: 'Revive',
  ship: 'Ship forces',
  ship_pass: 'Ship nothing',
  cross_ship: 'Ship between territories',
  ship_back: 'Ship back to reserves',
  hajr_move: 'Hajr: an extra move',
  ghola: 'Tleilaxu Ghola',
  advisor: 'Spiritual advisor',
  move: 'Move forces',
  move_pass: 'Move nothing',
  battle_pick: 'Choose the battle',
  voice: 'Voice',
  prescience: 'Prescience',
  plan: 'Battle plan (hidden until both are in)',
  traitor: 'Traitor',
  keep: 'Keep the cards',
  bribe: 'Give spice (a bribe)',
  ride: 'Ride the worm',
  ride_pass: 'Do not ride',
  gift: 'Emperor: give spice to your ally',
  emperor_revive: 'Emperor: revive for your ally',
  protect_ally: 'Fremen: spare your ally from the worm',
  raise_ally_revival: 'Fremen: raise your ally’s free revival',
  mulligan: 'Traitors',
  use_semuta: USE_TITLE,
  semuta_select: 'Semuta Drug: take one card',
};

export function choiceTitle(type: string): string {
  return TITLES[type] ?? words(type);
}

const FIELD_NAMES: Readonly<Record<string, string>> = {
  traitor: 'Traitor to keep',
  'prediction.faction': 'Predicted winner',
  'prediction.turn': 'On turn',
  tabr: 'Sietch Tabr',
  south: 'False Wall South',
  west: 'False Wall West',
  value: 'Dial',
  move: 'Sectors',
  karama: 'Karama card',
  to: 'To',
  from: 'From',
  count: 'Forces',
  amount: 'Spice',
  forces: 'Forces',
  leader: 'Leader',
  hajr: 'Hajr card',
  ghola: 'Ghola card',
  territory: 'Territory',
  opponent: 'Opponent',
  kind: 'Kind',
  element: 'Element',
  'plan.leader': 'Leader',
  'plan.hero': 'Cheap Hero card',
  'plan.dial': 'Dial',
  'plan.weapon': 'Weapon',
  'plan.defense': 'Defense',
  discard: 'Discard',
};

export function fieldName(field: string): string {
  return FIELD_NAMES[field] ?? words(field.split('.').pop() ?? field);
}

/** One encoded field value in words. */
export function valueText(view: DuneView, field: string, encoded: string): string {
  const value: unknown = JSON.parse(encoded);
  if (value === null) return field === 'karama' ? 'no (pay spice)' : 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    return value.length === 0 ? 'nothing' : value.map((v) => idText(view, String(v))).join(', ');
  }
  return idText(view, String(value));
}

function windowText(view: DuneView, id: number): string {
  const w = view.windows.find((x) => x.id === id);
  return w ? words(w.kind) : 'this';
}

function isSemutaWindow(view: DuneView, id: number): boolean {
  return view.windows.find((x) => x.id === id)?.kind === 'semuta';
}

/** A button's label: what pressing it does, in words. */
export function actionLabel(view: DuneView, action: DuneAction): string {
  switch (action.type) {
    case 'pass':
      // At a Semuta boundary every seat asked gets the same generic word, holder or not.
      return isSemutaWindow(view, action.window)
        ? CONTINUE_LABEL
        : `Pass (no ${windowText(view, action.window)})`;
    case 'use_semuta':
      return COMMIT_LABEL;
    case 'semuta_select':
      return pickLabel(view, action.pick);
    case 'bid_pass':
      return 'Pass (no bid)';
    case 'ship_pass':
      return 'Ship nothing';
    case 'move_pass':
      return 'Move nothing';
    case 'ride_pass':
      return 'Do not ride';
    case 'nexus_done':
      return 'Done in the Nexus';
    case 'nexus_leave':
      return 'Leave my alliance';
    case 'nexus_offer':
      return `Offer an alliance to ${factionName(action.to)}`;
    case 'alliance_answer':
      return action.accept ? 'Accept the alliance' : 'Refuse the alliance';
    case 'traitor':
      return action.call ? 'Call traitor!' : 'Call no traitor';
    case 'advisor':
      return action.send ? 'Send a spiritual advisor' : 'Send no advisor';
    case 'mulligan':
      return action.redraw ? 'Redraw my traitors' : 'Keep my traitors';
    case 'protect_ally':
      return action.protect ? 'Spare my ally from the worm' : 'Let the worm devour my ally';
    case 'raise_ally_revival':
      return action.raise ? 'Raise my ally’s free revival to 3' : 'Keep my ally’s own free revival';
    case 'voice':
      return `Voice: ${action.play ? 'must play' : 'must not play'} ${words(action.kind)}`;
    case 'prescience':
      return `Ask for the ${words(action.element)}`;
    case 'karama_take':
      return 'Take the card with Karama';
    case 'family_atomics':
      return 'Play Family Atomics (destroy the Shield Wall)';
    case 'battle_pick':
      return `Battle ${factionName(action.opponent)} in ${idText(view, action.territory)}`;
    case 'keep':
      return action.discard.length === 0
        ? 'Keep every card'
        : `Discard ${action.discard.map((h) => idText(view, h)).join(', ')}`;
    case 'ship':
      return `Ship ${action.count} to ${areaName(action.to)}`;
    case 'move':
      return `Move ${action.count} from ${areaName(action.from)} to ${areaName(action.to)}`;
    default: {
      const parts = fieldsOf(action)
        .filter(([field]) => field !== 'window')
        .map(([field, value]) => `${fieldName(field)}: ${valueText(view, field, value)}`);
      return parts.length === 0 ? choiceTitle(action.type) : parts.join(', ');
    }
  }
}

/** Pass-like buttons are drawn (and picked by tests) as passes. */
export function isPassLike(action: DuneAction): boolean {
  switch (action.type) {
    case 'pass':
    case 'bid_pass':
    case 'ship_pass':
    case 'move_pass':
    case 'ride_pass':
    case 'nexus_done':
      return true;
    case 'traitor':
      return !action.call;
    case 'advisor':
      return !action.send;
    case 'alliance_answer':
      return !action.accept;
    default:
      return false;
  }
}

/** Kinds always entered as a form (one commitment of several parts, or many values). */
const FORM_TYPES = new Set(['setup', 'fremen_split', 'plan', 'ship', 'move', 'bid', 'bribe']);
const MAX_BUTTONS = 8;

/** The viewer's legal actions grouped by kind, in the order the game lists them. */
export function choicesOf(view: DuneView, actions: readonly DuneAction[]): Choice[] {
  const byType = new Map<string, DuneAction[]>();
  for (const action of actions) {
    const list = byType.get(action.type) ?? [];
    list.push(action);
    byType.set(action.type, list);
  }
  return [...byType].map(([type, list]): Choice => {
    const fields = [...new Set(list.flatMap((a) => fieldsOf(a).map(([field]) => field)))];
    if (!FORM_TYPES.has(type) && list.length <= MAX_BUTTONS) {
      const buttons = list.map((action) => ({ action, label: actionLabel(view, action) }));
      return { kind: 'buttons', type, title: choiceTitle(type), buttons };
    }
    return { kind: 'form', type, title: choiceTitle(type), fields, actions: list };
  });
}

const encoded = new WeakMap<DuneAction, ReadonlyMap<string, string>>();

/** Encoded value of `field` in `action` (`null` when it has none); encoded once per action. */
function valueOf(action: DuneAction, field: string): string {
  let fields = encoded.get(action);
  if (!fields) {
    fields = new Map(fieldsOf(action));
    encoded.set(action, fields);
  }
  return fields.get(field) ?? 'null';
}

function sortValues(values: string[]): string[] {
  const numeric = values.every((v) => /^-?\d+$/.test(v));
  return numeric ? values.sort((a, b) => Number(a) - Number(b)) : values;
}

/**
 * The form's fields with the values each may take given the ones before it, and the choice
 * completed: a field whose chosen value is no longer offered takes its first offered value.
 */
export function formState(
  form: FormChoice,
  chosen: Readonly<Record<string, string>>,
): {
  readonly options: ReadonlyArray<{ readonly field: string; readonly values: readonly string[] }>;
  readonly chosen: Readonly<Record<string, string>>;
  readonly action: DuneAction | null;
} {
  let remaining = form.actions;
  const complete: Record<string, string> = {};
  const options: Array<{ field: string; values: string[] }> = [];
  for (const field of form.fields) {
    const values = sortValues([...new Set(remaining.map((a) => valueOf(a, field)))]);
    const want = chosen[field];
    const value = want !== undefined && values.includes(want) ? want : values[0];
    options.push({ field, values });
    if (value === undefined) break;
    complete[field] = value;
    remaining = remaining.filter((a) => valueOf(a, field) === value);
  }
  return { options, chosen: complete, action: remaining.length === 1 ? remaining[0]! : null };
}

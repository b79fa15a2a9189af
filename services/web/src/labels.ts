import type { ActionNote, CardView, NetrunnerAction, NetrunnerView } from '@veil/netrunner/client';
import { card, plainText, titleOf } from './catalog.js';

/**
 * Readable labels for legal actions, from what the view shows this viewer: card titles of the
 * handles the view names (or the code the action itself carries), server labels, the prompt.
 */

export type Viewer = 'corp' | 'runner' | 'spectator';

/**
 * How a button looks: `primary` moves the game on (continue the run, steal, keep the hand),
 * `plain` is one choice among others, `react` uses something now in a window, `pass` passes.
 */
export type ActionStyle = 'primary' | 'plain' | 'react' | 'pass';

/** The section a button is listed under (in this order). */
export const ACTION_GROUPS = [
  'Choose',
  'Use now',
  'Basic actions',
  'Install',
  'Play',
  'Run',
  'Advance, rez and score',
  'Card abilities',
  'Pass',
] as const;
export type ActionGroup = (typeof ACTION_GROUPS)[number];

export interface ActionButton {
  readonly index: number;
  readonly action: NetrunnerAction;
  readonly label: string;
  /** A longer explanation (the button's tooltip). */
  readonly detail?: string;
  readonly style: ActionStyle;
  readonly group: ActionGroup;
  /** The card the action is about, for card text on hover. */
  readonly code?: string;
  /** What it costs, in the table's words (`1 click, 2¢`, `free`); empty for passes and choices. */
  readonly cost: string;
}

/** Where a card is, as the viewer may see it. */
export interface PlacedCard {
  readonly card: CardView;
  readonly where: string;
}

export interface LabelContext {
  readonly view: NetrunnerView;
  readonly cards: ReadonlyMap<string, PlacedCard>;
  readonly serverLabels: ReadonlyMap<string, string>;
}

/** Indexes every card handle the view shows, with a readable place. */
export function labelContext(view: NetrunnerView): LabelContext {
  const cards = new Map<string, PlacedCard>();
  const put = (list: readonly CardView[], where: string) => {
    for (const c of list) cards.set(c.id, { card: c, where });
  };
  put([view.corp.identity], 'Corp identity');
  put([view.runner.identity], 'Runner identity');
  put(view.corp.hq, 'HQ');
  put(view.corp.archives.faceUp, 'Archives');
  put(view.corp.archives.faceDown, 'Archives');
  put(view.corp.scored, "the Corp's score area");
  put(view.runner.grip, 'the grip');
  put(view.runner.heap, 'the heap');
  put(view.runner.rig, 'the rig');
  put(view.runner.scored, "the Runner's score area");
  // Pile cards the viewer sees (a search of the stack or R&D): choices name them too.
  put(
    (view.corp.rdKnown ?? []).map((k) => k.card),
    'R&D',
  );
  put(
    (view.runner.stackKnown ?? []).map((k) => k.card),
    'the stack',
  );
  put(view.playArea, 'the play area');
  put(view.removed, 'removed from the game');
  const serverLabels = new Map<string, string>();
  for (const server of view.servers) {
    serverLabels.set(server.id, server.label);
    const count = server.ice.length;
    server.ice.forEach((ice, i) => {
      // ice[0] is the innermost; players count positions from the outside.
      const position = count - i;
      cards.set(ice.id, {
        card: ice,
        where: `ice ${position === 1 ? 'outermost' : `#${position}`} protecting ${server.label}`,
      });
    });
    put(server.root, server.label);
  }
  return { view, cards, serverLabels };
}

export function sideName(side: string): string {
  return side === 'corp' ? 'Corp' : side === 'runner' ? 'Runner' : side;
}

/** A card's readable name for this viewer: its title, or what can be seen of it. */
export function cardName(c: CardView | undefined, fallback = 'a card'): string {
  if (!c) return fallback;
  if (c.title) return c.title;
  if (c.rezzed === false) return 'a facedown card';
  return fallback;
}

function serverName(ctx: LabelContext, id: string): string {
  if (id === 'new') return 'a new remote server';
  return ctx.serverLabels.get(id) ?? humanize(id);
}

/** `jack-out` → `Jack out`, `sprint_return` → `Sprint return`. */
export function humanize(value: string): string {
  const words = value.replace(/[-_:]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The card an action names: title from the view by handle, else by the code it carries. */
function titled(ctx: LabelContext, handle: string | undefined, code?: string): string {
  const placed = handle === undefined ? undefined : ctx.cards.get(handle);
  return placed?.card.title ?? titleOf(code) ?? cardName(placed?.card);
}

/** The reaction window this viewer is being asked about, if any (the innermost open one). */
export function openWindow(view: NetrunnerView) {
  return [...view.windows].reverse().find((w) => w.status === 'open') ?? null;
}

const ACTION_WINDOWS = new Set(['corp-action', 'runner-action']);

/** What a reaction window is about, in words. */
export function windowText(view: NetrunnerView, kind: string): string {
  const run = view.run;
  const server = run ? (view.servers.find((s) => s.id === run.server)?.label ?? run.server) : '';
  switch (kind) {
    case 'corp-draw':
      return "Start of the Corp's turn: paid abilities, rez and score, or pass.";
    case 'corp-action':
      return actionPhaseText(view, 'corp');
    case 'corp-discard':
      return "End of the Corp's turn: paid abilities and rez, or pass.";
    case 'runner-turn-start':
      return "Start of the Runner's turn: paid abilities and rez, or pass.";
    case 'runner-action':
      return actionPhaseText(view, 'runner');
    case 'runner-discard':
      return "End of the Runner's turn: paid abilities and rez, or pass.";
    case 'run-approach-ice':
      return `The Runner approaches ice protecting ${server}: rez it, use paid abilities, or pass.`;
    case 'run-encounter':
      return `The Runner encounters ice on ${server}: break subroutines, or pass to let the unbroken ones resolve.`;
    case 'run-pass-ice':
      return `The Runner passes ice on ${server}: paid abilities, or pass.`;
    case 'run-movement':
      return `The Runner moves inward on ${server}: paid abilities, or pass.`;
    case 'run-approach-server':
      return `The Runner approaches ${server}: rez, use paid abilities, or pass.`;
    default:
      return `${humanize(kind)}: use a paid ability or pass.`;
  }
}

/**
 * An action window: the active player leads it; once it has chosen its action (a pass, public)
 * the other seat is asked before the action is carried out. Which action it chose is not shown.
 */
function actionPhaseText(view: NetrunnerView, actor: 'corp' | 'runner'): string {
  const name = sideName(actor);
  if (openWindow(view)?.passed.includes(actor)) {
    return `The ${name} has chosen its next action: pass to let it be carried out, or rez and use paid abilities first (the ${name} then chooses again).`;
  }
  return `The ${name}'s action phase.`;
}

function passLabel(view: NetrunnerView, viewer: Viewer, kind: string | undefined) {
  if (kind && ACTION_WINDOWS.has(kind) && view.active === viewer) {
    return { label: 'End action phase', detail: 'No clicks left: end your action phase.' };
  }
  if (kind === 'run-encounter' && viewer === 'runner') {
    return {
      label: 'Pass (let subroutines resolve)',
      detail: 'Break nothing more: the unbroken subroutines resolve.',
    };
  }
  return {
    label: 'Pass',
    detail: kind ? `Pass priority: ${windowText(view, kind)}` : 'Pass priority.',
  };
}

const CHOICE_LITERALS: Record<string, string> = {
  keep: 'Keep this hand',
  mulligan: 'Take a mulligan',
  continue: 'Continue',
  'jack-out': 'Jack out',
  done: 'Done',
  pile: 'Access the next card from the pile',
  yes: 'Yes',
  no: 'No',
};

function chooseLabel(
  ctx: LabelContext,
  action: Extract<NetrunnerAction, { type: 'choose' }>,
): { label: string; code?: string } {
  const decision = ctx.view.decision;
  const placed = ctx.cards.get(action.value);
  const named = placed ? cardName(placed.card) : undefined;
  const code = placed?.card.code;
  switch (action.kind) {
    case 'jack-out':
      return { label: action.value === 'continue' ? 'Continue the run' : 'Jack out' };
    case 'access': {
      const accessed = decision?.card;
      if (action.value === 'trash') {
        const cost = card(accessed?.code)?.trashCost;
        return {
          label: `Trash ${accessed?.title ?? 'the card'}${cost === undefined ? '' : ` (${cost}¢)`}`,
          ...(accessed ? { code: accessed.code } : {}),
        };
      }
      if (action.value.startsWith('use:')) {
        const [, abilityCode = '', id = ''] = action.value.split(':');
        return {
          label: `Use ${titleOf(abilityCode) ?? 'an ability'}: ${humanize(id)}`,
          code: abilityCode,
        };
      }
      if (action.value === 'continue') {
        const isAgenda = card(accessed?.code)?.type === 'agenda';
        return {
          label: accessed
            ? isAgenda
              ? `Steal ${accessed.title}`
              : `Done accessing ${accessed.title}`
            : 'Continue',
          ...(accessed ? { code: accessed.code } : {}),
        };
      }
      break;
    }
    case 'install-trash':
      if (action.value === 'done') return { label: 'Install without trashing more' };
      return { label: `Trash ${named ?? 'a card'} first`, ...(code ? { code } : {}) };
    case 'breach-next':
      if (action.value === 'pile') return { label: CHOICE_LITERALS['pile'] ?? 'Pile' };
      return {
        label: `Access ${named ?? 'a card'}${placed ? ` in ${placed.where}` : ''}`,
        ...(code ? { code } : {}),
      };
    case 'discard':
      return { label: `Discard ${named ?? 'a card'}`, ...(code ? { code } : {}) };
    case 'memory':
      return { label: `Trash ${named ?? 'a program'}`, ...(code ? { code } : {}) };
    case 'order':
      return { label: `Resolve ${named ?? 'that ability'} first`, ...(code ? { code } : {}) };
  }
  if (placed) return { label: `Choose ${named} (${placed.where})`, ...(code ? { code } : {}) };
  return { label: CHOICE_LITERALS[action.value] ?? humanize(action.value) };
}

function useLabel(
  ctx: LabelContext,
  action: Extract<NetrunnerAction, { type: 'use' }>,
  note: ActionNote | undefined,
): string {
  const title = titled(ctx, action.card, action.code);
  if (action.subs && action.subs.length > 0) {
    const subs = ctx.view.run?.encounter?.subroutines ?? [];
    const names = action.subs.map((i) => {
      const label = subs[i]?.label;
      return label ? `“${plainText(label)}”` : `subroutine ${i + 1}`;
    });
    return `${title}: break ${names.join(', ')}`;
  }
  // The ability's own words from the view, else its id made readable.
  const words = note?.text ? plainText(note.text) : humanize(action.ability).toLowerCase();
  return `${title}: ${words}`;
}

/** The label, style, group and cost of one legal action (`index` into the view's list). */
export function describeAction(
  ctx: LabelContext,
  viewer: Viewer,
  action: NetrunnerAction,
  index: number,
): ActionButton {
  const note = ctx.view.actionNotes?.[index];
  return { ...describeKind(ctx, viewer, action, index, note), cost: costText(action, note) };
}

/** `1 click, 2¢`; `free` for a card action that costs nothing; empty for passes and choices. */
export function costText(action: NetrunnerAction, note: ActionNote | undefined): string {
  if (action.type === 'pass' || action.type === 'choose') return '';
  if (!note) return '';
  const { clicks, credits } = note.cost;
  const parts = [
    clicks > 0 ? `${clicks} click${clicks === 1 ? '' : 's'}` : '',
    credits > 0 ? `${credits}¢` : '',
  ].filter((p) => p.length > 0);
  return parts.length > 0 ? parts.join(', ') : 'free';
}

/** Choices that move the game on: they look primary, not like a pass. */
const PRIMARY_CHOICES = new Set(['jack-out:continue', 'access:continue', 'mulligan:keep']);

function choiceStyle(action: Extract<NetrunnerAction, { type: 'choose' }>): ActionStyle {
  if (PRIMARY_CHOICES.has(`${action.kind}:${action.value}`)) return 'primary';
  if (action.value === 'done') return 'primary';
  return 'plain';
}

function describeKind(
  ctx: LabelContext,
  viewer: Viewer,
  action: NetrunnerAction,
  index: number,
  note: ActionNote | undefined,
): Omit<ActionButton, 'cost'> {
  const view = ctx.view;
  const window = openWindow(view);
  const inReactionWindow =
    !view.decision &&
    window !== null &&
    !(ACTION_WINDOWS.has(window.kind) && view.active === viewer);
  const base = { index, action };
  switch (action.type) {
    case 'pass': {
      const kind = view.windows.find((w) => w.id === action.window)?.kind;
      return { ...base, ...passLabel(view, viewer, kind), style: 'pass', group: 'Pass' };
    }
    case 'choose': {
      const { label, code } = chooseLabel(ctx, action);
      return {
        ...base,
        label,
        ...(code ? { code } : {}),
        ...(view.decision ? { detail: plainText(view.decision.prompt) } : {}),
        style: choiceStyle(action),
        group: 'Choose',
      };
    }
    case 'click-credit':
      return {
        ...base,
        label: 'Gain 1¢',
        detail: 'Spend a click.',
        style: 'plain',
        group: 'Basic actions',
      };
    case 'click-draw':
      return {
        ...base,
        label: 'Draw 1 card',
        detail: 'Spend a click.',
        style: 'plain',
        group: 'Basic actions',
      };
    case 'purge':
      return {
        ...base,
        label: 'Purge virus counters',
        detail: 'Spend 3 clicks.',
        style: 'plain',
        group: 'Basic actions',
      };
    case 'remove-tag':
      return {
        ...base,
        label: 'Remove 1 tag',
        detail: 'Spend a click and 2¢.',
        style: 'plain',
        group: 'Basic actions',
      };
    case 'install': {
      const title = titled(ctx, action.card, action.code);
      let where = '';
      if (action.server !== undefined) {
        const isIce = card(action.code)?.type === 'ice';
        where = `${isIce ? ' protecting' : ' in'} ${serverName(ctx, action.server)}`;
      } else if (action.host !== undefined) {
        where = ` on ${titled(ctx, action.host)}`;
      }
      return {
        ...base,
        label: `Install ${title}${where}`,
        code: action.code,
        style: 'plain',
        group: 'Install',
      };
    }
    case 'play':
      return {
        ...base,
        label: `Play ${titled(ctx, action.card, action.code)}`,
        code: action.code,
        style: 'plain',
        group: 'Play',
      };
    case 'run':
      return {
        ...base,
        label: `Run on ${serverName(ctx, action.server)}`,
        style: 'plain',
        group: 'Run',
      };
    case 'advance': {
      const server = action.at.split(':')[0] ?? '';
      return {
        ...base,
        label: `Advance ${titled(ctx, action.card, action.code)} in ${serverName(ctx, server)}`,
        code: action.code,
        style: inReactionWindow ? 'react' : 'plain',
        group: 'Advance, rez and score',
      };
    }
    case 'trash-resource':
      return {
        ...base,
        label: `Trash ${titled(ctx, action.card, action.code)}`,
        detail: 'Spend a click and 2¢ to trash a resource of a tagged Runner.',
        code: action.code,
        style: 'plain',
        group: 'Basic actions',
      };
    case 'rez':
    case 'score': {
      const placed = ctx.cards.get(action.card);
      const verb = action.type === 'rez' ? 'Rez' : 'Score';
      return {
        ...base,
        label: `${verb} ${titled(ctx, action.card, action.code)}${placed ? ` (${placed.where})` : ''}`,
        code: action.code,
        style: inReactionWindow ? 'react' : 'plain',
        group: inReactionWindow ? 'Use now' : 'Advance, rez and score',
      };
    }
    case 'use':
      return {
        ...base,
        label: useLabel(ctx, action, note),
        code: action.code,
        style: inReactionWindow ? 'react' : 'plain',
        group: inReactionWindow ? 'Use now' : 'Card abilities',
      };
  }
}

/** Every legal action of the view as a button, grouped and in a stable order. */
export function actionButtons(view: NetrunnerView, viewer: Viewer): ActionButton[] {
  const ctx = labelContext(view);
  const buttons = (view.legalActions ?? []).map((a, i) => describeAction(ctx, viewer, a, i));
  const rank = (b: ActionButton) => ACTION_GROUPS.indexOf(b.group);
  return [...buttons].sort((a, b) => rank(a) - rank(b) || a.index - b.index);
}

const WINDOW_NAMES: Record<string, string> = {
  'corp-draw': "Start of the Corp's turn",
  'corp-action': "Corp's action phase (before each action)",
  'corp-discard': "End of the Corp's turn",
  'runner-turn-start': "Start of the Runner's turn",
  'runner-action': "Runner's action phase (before each action)",
  'runner-discard': "End of the Runner's turn",
  'run-approach-ice': 'Run: approaching ice',
  'run-encounter': 'Run: encountering ice',
  'run-pass-ice': 'Run: passing ice',
  'run-movement': 'Run: moving inward',
  'run-approach-server': 'Run: approaching the server',
};

/** A short name of a kind of reaction window, for the stop settings. */
export function windowName(kind: string): string {
  return WINDOW_NAMES[kind] ?? humanize(kind);
}

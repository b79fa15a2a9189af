import {
  DEFAULT_POLICIES,
  WINDOW_KINDS,
  type CardView,
  type NetrunnerView,
  type ServerView,
} from '@veil/netrunner/client';
import { cheapestBreak, type BreakPlan } from './break-plan.js';
import { card as catalogCard, plainText } from './catalog.js';
import { groupActions, groupCopies, tableActions, type TableActions } from './card-menu.js';
import { actionButton, cardSlot, type MenuContext } from './card-view.js';
import { h, type Child } from './dom.js';
import { deckReveal } from './end-summary.js';
import { cardName, sideName, windowName, type ActionButton, type Viewer } from './labels.js';
import {
  boardStatus,
  logSegments,
  outcomeText,
  roomOutcomeOf,
  promptText,
  runText,
  sidesTopBottom,
  stageText,
} from './model.js';
import type { StoredLogEntry } from './storage.js';

/** Everything the board needs besides the view. */
export interface BoardState {
  readonly roomId: string;
  readonly viewer: Viewer;
  readonly version: number;
  readonly view: NetrunnerView;
  readonly log: readonly StoredLogEntry[];
  readonly connected: boolean;
  /** An action was sent and its answer (or the next view) has not arrived. */
  readonly pending: boolean;
  readonly error: string | null;
  readonly overlayClosed: boolean;
  /** Whether the stop settings are unfolded. */
  readonly stopsOpen: boolean;
  /** The room's bot seats and their levels. */
  readonly bots: Readonly<Record<string, string>>;
  /** The key of the card whose menu is open. */
  readonly openCard: string | null;
  /** A "match strength and break all" under way: its breaker's handle. */
  readonly breaking: string | null;
}

export interface BoardHandlers {
  act(button: ActionButton): void;
  closeOverlay(): void;
  /** Sets (or with `null` clears) this seat's standing policy for a kind of window. */
  setPolicy(kind: string, policy: 'stop' | 'auto-pass' | null): void;
  stopsToggled(open: boolean): void;
  /** Opens a card's menu, or closes it when it is open. */
  toggleCard(key: string): void;
  /** Starts "match strength and break all" with a plan's breaker. */
  breakAll(plan: BreakPlan): void;
}

/** What the card slots of one render share. */
interface Table {
  readonly view: NetrunnerView;
  readonly actions: TableActions;
  readonly menus: MenuContext;
  /** The encountered ice's "match strength and break all" entry, when there is a plan. */
  readonly breakAll: HTMLElement | null;
}

/** The Netrunner board for one viewer, as DOM (re-rendered whole on every view). */
export function renderBoard(state: BoardState, handlers: BoardHandlers): HTMLElement {
  const { view, viewer } = state;
  const status = boardStatus(view, viewer, state.bots);
  const [top, bottom] = sidesTopBottom(viewer);
  const pending = state.pending || state.breaking !== null;
  const table: Table = {
    view,
    actions: tableActions(view, viewer),
    menus: {
      openKey: state.openCard,
      pending,
      toggle: (key) => handlers.toggleCard(key),
      act: (b) => handlers.act(b),
    },
    breakAll: viewer === 'runner' ? breakAllEntry(view, pending, handlers) : null,
  };
  return h(
    'div',
    {
      class: `board viewer-${viewer}`,
      'data-testid': 'board',
      'data-viewer': viewer,
      'data-version': state.version,
      'data-turn': view.turn,
      'data-status': status.kind,
      'data-thinking': status.thinking ? 'true' : 'false',
    },
    h(
      'header',
      { class: 'topbar' },
      h('a', { href: '#/', class: 'brand' }, 'Veil'),
      h('span', { class: 'mono muted' }, `room ${state.roomId}`),
      h(
        'span',
        { class: 'viewer-label', 'data-testid': 'viewer-label' },
        viewer === 'spectator' ? 'Spectating (public view)' : `You play the ${sideName(viewer)}`,
      ),
      h(
        'span',
        { class: 'muted', 'data-testid': 'turn' },
        `Turn ${view.turn} · ${stageText(view)}`,
      ),
      h(
        'span',
        {
          class: `conn ${state.connected ? 'conn-on' : 'conn-off'}`,
          'data-testid': 'connection',
        },
        state.connected ? 'connected' : 'reconnecting…',
      ),
    ),
    h(
      'div',
      {
        class: `status status-${status.kind}${status.thinking ? ' thinking' : ''}`,
        'data-testid': 'status',
      },
      status.text,
    ),
    state.error
      ? h('div', { class: 'error', role: 'alert', 'data-testid': 'act-error' }, state.error)
      : null,
    h(
      'div',
      { class: 'layout' },
      h(
        'main',
        { class: 'table' },
        sidePanel(table, top, viewer, 'top'),
        runPanel(view),
        sidePanel(table, bottom, viewer, 'bottom'),
        viewer === 'spectator' ? null : handPanel(table, viewer),
      ),
      h(
        'aside',
        { class: 'sidebar' },
        promptPanel(state, table, handlers),
        logPanel(state.log),
        viewer === 'spectator' ? null : stopsPanel(state, viewer, handlers),
      ),
    ),
    view.outcome && !state.overlayClosed ? gameOver(view, handlers) : null,
  );
}

function stat(label: string, value: Child, testid: string, title?: string): HTMLElement {
  return h(
    'div',
    { class: 'stat', 'data-testid': testid, ...(title ? { title } : {}) },
    h('span', { class: 'stat-label' }, label),
    h('span', { class: 'stat-value' }, value),
  );
}

/** Slots of a zone: identical copies grouped, each group's menu its first usable copy's. */
function groupSlots(table: Table, cards: readonly CardView[], zoneKey: string): HTMLElement[] {
  return groupCopies(cards).flatMap((group) => {
    const { actions } = groupActions(group, table.actions.byCard);
    const first = group[0];
    if (!first) return [];
    // Copies share a key by printed card, so focus stays on the group when one copy leaves.
    const key = first.code ? `${zoneKey}:${first.code}` : `${zoneKey}:backs`;
    const el = cardSlot({ cards: group, key, actions }, table.menus);
    return el ? [el] : [];
  });
}

/** One installed card (never grouped: each has its own place). */
function singleSlot(
  table: Table,
  c: CardView,
  options: { facedownName?: string; hosted?: readonly CardView[]; extra?: Child } = {},
): HTMLElement | null {
  return cardSlot(
    {
      cards: [c],
      key: `card:${c.id}`,
      actions: table.actions.byCard.get(c.id) ?? [],
      ...options,
    },
    table.menus,
  );
}

function cardRow(
  table: Table,
  cards: readonly CardView[],
  empty: string,
  testid: string,
): HTMLElement {
  return h(
    'div',
    { class: 'card-row', 'data-testid': testid, 'data-focus-key': `zone:${testid}`, tabindex: -1 },
    cards.length > 0 ? groupSlots(table, cards, testid) : h('span', { class: 'muted' }, empty),
  );
}

function sidePanel(
  table: Table,
  side: 'corp' | 'runner',
  viewer: Viewer,
  position: 'top' | 'bottom',
): HTMLElement {
  const { view } = table;
  const mine = side === viewer;
  const decides = view.deciders.includes(side);
  const head = (identity: CardView, stats: HTMLElement[]) =>
    h(
      'div',
      { class: 'side-head' },
      h(
        'div',
        { class: 'identity' },
        h('span', { class: `side-tag side-tag-${side}` }, sideName(side)),
        h(
          'span',
          { 'data-code': identity.code ?? null, class: 'identity-title' },
          cardName(identity),
        ),
        mine ? h('span', { class: 'muted' }, ' (you)') : null,
        decides && !view.outcome
          ? h('span', { class: 'deciding-dot', title: 'deciding' }, '●')
          : null,
      ),
      h('div', { class: 'stats' }, stats),
    );

  if (side === 'corp') {
    const corp = view.corp;
    const archiveCount = corp.archives.faceUp.length + corp.archives.faceDown.length;
    return h(
      'section',
      { class: `side side-corp side-${position}`, 'data-testid': 'side-corp' },
      head(corp.identity, [
        stat('Credits', corp.credits, 'corp-credits'),
        stat('Clicks', corp.clicks, 'corp-clicks'),
        stat('Agenda points', `${corp.agendaPoints} / ${view.agendaPointsToWin}`, 'corp-points'),
        stat('Bad publicity', corp.badPublicity, 'corp-bad-publicity'),
        stat('HQ', corp.hq.length, 'corp-hq-count', `max hand size ${corp.maxHandSize}`),
        stat('R&D', corp.rdCount, 'corp-rd-count'),
        stat(
          'Archives',
          archiveCount,
          'corp-archives-count',
          `${corp.archives.faceDown.length} facedown`,
        ),
      ]),
      h(
        'div',
        { class: `servers servers-${position}`, 'data-testid': 'servers' },
        view.servers.map((s) => serverEl(table, s, position)),
      ),
      h(
        'div',
        { class: 'zones' },
        zone(
          table,
          'Archives (faceup)',
          corp.archives.faceUp,
          'archives',
          corp.archives.faceDown.length,
        ),
        zone(table, 'Score area', corp.scored, 'corp-scored'),
        mine ? null : zone(table, 'HQ', corp.hq, 'corp-hq'),
      ),
    );
  }
  const runner = view.runner;
  const rig = runner.rig.filter((c) => !c.host);
  const hostedOn = (id: string) => runner.rig.filter((c) => c.host === id);
  const byType = (type: string) => rig.filter((c) => catalogCard(c.code)?.type === type);
  const other = rig.filter(
    (c) => !['program', 'hardware', 'resource'].includes(catalogCard(c.code)?.type ?? ''),
  );
  const rigRow = (label: string, cards: readonly CardView[]) =>
    h(
      'div',
      { class: 'rig-row' },
      h('div', { class: 'zone-label' }, label),
      h(
        'div',
        { class: 'card-row' },
        cards.length > 0
          ? cards.map((c) => singleSlot(table, c, { hosted: hostedOn(c.id) }))
          : h('span', { class: 'muted' }, '—'),
      ),
    );
  return h(
    'section',
    { class: `side side-runner side-${position}`, 'data-testid': 'side-runner' },
    head(runner.identity, [
      stat('Credits', runner.credits, 'runner-credits'),
      stat('Clicks', runner.clicks, 'runner-clicks'),
      stat('Agenda points', `${runner.agendaPoints} / ${view.agendaPointsToWin}`, 'runner-points'),
      stat('Link', runner.link, 'runner-link'),
      stat('Tags', runner.tags, 'runner-tags'),
      stat('Core damage', runner.coreDamage, 'runner-core-damage'),
      stat('Memory', `${runner.memory.used} / ${runner.memory.limit}`, 'runner-memory'),
      stat('Grip', runner.grip.length, 'runner-grip-count', `max hand size ${runner.maxHandSize}`),
      stat('Stack', runner.stackCount, 'runner-stack-count'),
      stat('Heap', runner.heap.length, 'runner-heap-count'),
    ]),
    h(
      'div',
      { class: 'rig', 'data-testid': 'rig' },
      rigRow('Programs', byType('program')),
      rigRow('Hardware', byType('hardware')),
      rigRow('Resources', byType('resource')),
      other.length > 0 ? rigRow('Other', other) : null,
    ),
    h(
      'div',
      { class: 'zones' },
      zone(table, 'Heap', runner.heap, 'heap'),
      zone(table, 'Score area', runner.scored, 'runner-scored'),
      mine ? null : zone(table, 'Grip', runner.grip, 'runner-grip'),
    ),
  );
}

function zone(
  table: Table,
  label: string,
  cards: readonly CardView[],
  testid: string,
  facedown = 0,
): HTMLElement {
  return h(
    'div',
    { class: 'zone', 'data-testid': `zone-${testid}` },
    h(
      'div',
      { class: 'zone-label' },
      label,
      facedown > 0 ? h('span', { class: 'muted' }, ` + ${facedown} facedown`) : null,
    ),
    cardRow(table, cards, 'empty', `zone-${testid}-cards`),
  );
}

/** The encountered ice's "match strength and break all" entry: the cheapest plan, its total. */
function breakAllEntry(
  view: NetrunnerView,
  pending: boolean,
  handlers: BoardHandlers,
): HTMLElement | null {
  const plan = cheapestBreak(view);
  if (!plan || !view.legalActions?.length) return null;
  const breaker = view.runner.rig.find((c) => c.id === plan.breaker);
  const steps = `${plan.pumps > 0 ? `${plan.pumps} pump${plan.pumps === 1 ? '' : 's'}, ` : ''}${plan.breaks} break${plan.breaks === 1 ? '' : 's'}`;
  return h(
    'button',
    {
      type: 'button',
      class: 'btn btn-primary',
      'data-testid': 'break-all',
      'data-focus-key': 'break-all',
      title: `${steps}, sent one at a time`,
      'aria-disabled': pending ? 'true' : null,
      on: { click: () => (pending ? undefined : handlers.breakAll(plan)) },
    },
    h(
      'span',
      { class: 'action-label' },
      `Match strength and break all with ${cardName(breaker, 'your breaker')}`,
    ),
    h(
      'span',
      { class: 'cost', 'data-testid': 'cost' },
      plan.credits > 0 ? `${plan.credits}¢` : 'free',
    ),
  );
}

/**
 * A server column. The ice sits between the server and the Runner: innermost next to the
 * server's root, outermost towards the Runner's side of the table.
 */
function serverEl(table: Table, server: ServerView, position: 'top' | 'bottom'): HTMLElement {
  const { view } = table;
  const running = view.run?.server === server.id;
  const encountered = view.run?.encounter?.ice;
  const iceEls = server.ice.map((ice, i) =>
    h(
      'div',
      {
        class: `ice-slot${running && view.run?.position === i ? ' runner-here' : ''}${
          encountered === ice.id ? ' encountered' : ''
        }`,
        'data-testid': 'ice',
        'data-position': server.ice.length - i,
      },
      singleSlot(table, ice, {
        hosted: view.runner.rig.filter((c) => c.host === ice.id),
        facedownName: 'unrezzed ice',
        ...(encountered === ice.id && table.breakAll ? { extra: table.breakAll } : {}),
      }),
    ),
  );
  // Innermost first in the view; towards the Runner means outward.
  const ice = position === 'top' ? iceEls : [...iceEls].reverse();
  // A run on this server, beside it (the prompt lists it too).
  const run = table.actions.general.find(
    (b) => b.action.type === 'run' && b.action.server === server.id,
  );
  const root = h(
    'div',
    { class: 'server-root' },
    h(
      'div',
      { class: 'server-label' },
      server.label,
      run
        ? actionButton(run, 'server-action', `server:${server.id}`, table.menus.pending, (b) =>
            table.menus.act(b),
          )
        : null,
    ),
    server.root.length > 0
      ? server.root.map((c) => singleSlot(table, c, { facedownName: 'facedown card' }))
      : h('span', { class: 'muted small' }, 'no cards in root'),
  );
  return h(
    'div',
    { class: `server${running ? ' server-running' : ''}`, 'data-testid': `server-${server.id}` },
    position === 'top'
      ? [root, h('div', { class: 'ice-column' }, ice)]
      : [h('div', { class: 'ice-column' }, ice), root],
  );
}

function runPanel(view: NetrunnerView): HTMLElement | null {
  const text = runText(view);
  if (!text) return null;
  const enc = view.run?.encounter;
  const ice = enc ? view.servers.flatMap((s) => s.ice).find((c) => c.id === enc.ice) : undefined;
  return h(
    'section',
    { class: 'run-panel', 'data-testid': 'run' },
    h('div', { class: 'run-title' }, text),
    enc
      ? h(
          'div',
          { class: 'encounter' },
          h('span', null, 'Encountering '),
          h('strong', { 'data-code': ice?.code ?? null }, cardName(ice, 'a piece of ice')),
          h('span', null, ` (strength ${enc.strength})`),
          h(
            'ol',
            { class: 'subroutines' },
            enc.subroutines.map((s) =>
              h(
                'li',
                { class: s.broken ? 'broken' : '' },
                `↳ ${plainText(s.label)}${s.broken ? ' (broken)' : ''}`,
              ),
            ),
          ),
        )
      : null,
  );
}

function handPanel(table: Table, viewer: 'corp' | 'runner'): HTMLElement {
  const { view } = table;
  const cards = viewer === 'corp' ? view.corp.hq : view.runner.grip;
  return h(
    'section',
    { class: 'hand', 'data-testid': 'hand' },
    h(
      'div',
      { class: 'zone-label' },
      `Your hand (${viewer === 'corp' ? 'HQ' : 'grip'}): ${cards.length} card(s) — click a card for its actions`,
    ),
    cardRow(table, cards, 'empty', 'hand-cards'),
  );
}

function promptPanel(state: BoardState, table: Table, handlers: BoardHandlers): HTMLElement {
  const { view, viewer } = state;
  const status = boardStatus(view, viewer, state.bots);
  const buttons = table.actions.general;
  const groups = new Map<string, ActionButton[]>();
  for (const b of buttons) groups.set(b.group, [...(groups.get(b.group) ?? []), b]);
  const onCards = table.actions.byCard.size;
  return h(
    'section',
    {
      class: `panel prompt prompt-${status.kind}`,
      'data-testid': 'prompt',
      'data-focus-key': 'prompt',
      tabindex: -1,
    },
    h(
      'h2',
      null,
      status.kind === 'deciding' ? 'Your move' : status.kind === 'over' ? 'Game over' : 'Prompt',
    ),
    view.decision?.card
      ? h(
          'div',
          { class: 'prompt-card', 'data-code': view.decision.card.code },
          view.decision.card.title,
        )
      : null,
    h('p', { class: 'prompt-text', 'data-testid': 'prompt-text' }, promptText(view)),
    status.kind === 'waiting'
      ? h(
          'p',
          {
            class: status.thinking ? 'waiting thinking' : 'waiting',
            'data-testid': status.thinking ? 'thinking' : 'waiting',
          },
          status.text,
        )
      : null,
    onCards > 0
      ? h(
          'p',
          { class: 'muted small', 'data-testid': 'cards-hint' },
          `${onCards} card${onCards === 1 ? ' has' : 's have'} actions: click a highlighted card.`,
        )
      : null,
    [...groups.entries()].map(([group, list]) =>
      h(
        'div',
        { class: 'action-group' },
        h('div', { class: 'group-label' }, group),
        h(
          'div',
          { class: 'actions' },
          list.map((b) =>
            actionButton(b, 'action', `action:${b.label}`, state.pending, handlers.act),
          ),
        ),
      ),
    ),
  );
}

function logPanel(entries: readonly StoredLogEntry[]): HTMLElement {
  return h(
    'section',
    { class: 'panel log', 'data-testid': 'log' },
    h('h2', null, 'Log'),
    h(
      'ol',
      { class: 'log-lines', 'data-testid': 'log-lines' },
      entries.length === 0 ? h('li', { class: 'muted' }, 'Nothing yet.') : null,
      entries.map((e) =>
        h(
          'li',
          { class: `log-line log-${e.side ?? 'game'}`, 'data-testid': 'log-line' },
          h('span', { class: 'log-turn' }, `T${e.turn}`),
          ' ',
          logSegments(e).map((s) =>
            s.code ? h('span', { class: 'log-card', 'data-code': s.code }, s.text) : s.text,
          ),
        ),
      ),
    ),
  );
}

/** When the game should stop and ask this seat: a standing policy per kind of window. */
function stopsPanel(
  state: BoardState,
  seat: 'corp' | 'runner',
  handlers: BoardHandlers,
): HTMLElement {
  const details = h(
    'details',
    { class: 'panel stops', 'data-testid': 'stops', open: state.stopsOpen },
    h('summary', null, 'Stops: when to ask you in reaction windows'),
    h(
      'table',
      null,
      WINDOW_KINDS.map((kind) => {
        const current = state.view.policies[kind];
        const select = h(
          'select',
          { 'data-kind': kind, 'data-testid': 'stop-setting' },
          h(
            'option',
            { value: 'default', selected: current === undefined },
            `default (${DEFAULT_POLICIES[kind][seat]})`,
          ),
          h('option', { value: 'stop', selected: current === 'stop' }, 'stop'),
          h('option', { value: 'auto-pass', selected: current === 'auto-pass' }, 'auto-pass'),
        );
        select.addEventListener('change', () => {
          const value = select.value;
          handlers.setPolicy(kind, value === 'stop' || value === 'auto-pass' ? value : null);
        });
        return h('tr', null, h('td', null, windowName(kind)), h('td', null, select));
      }),
    ),
  );
  details.addEventListener('toggle', () => handlers.stopsToggled(details.open));
  return details;
}

function gameOver(view: NetrunnerView, handlers: BoardHandlers): HTMLElement | null {
  if (!view.outcome) return null;
  const { winner, reason } = outcomeText(roomOutcomeOf(view.outcome));
  return h(
    'div',
    { class: 'overlay', 'data-testid': 'game-over' },
    h(
      'div',
      { class: 'overlay-box' },
      h('h2', { 'data-testid': 'winner' }, winner),
      h('p', { 'data-testid': 'reason' }, `Reason: ${reason}.`),
      h(
        'p',
        null,
        `Final score: Corp ${view.corp.agendaPoints}, Runner ${view.runner.agendaPoints} (turn ${view.turn}).`,
      ),
      deckReveal(view),
      h(
        'div',
        { class: 'form-actions' },
        h(
          'button',
          { class: 'btn', type: 'button', on: { click: () => handlers.closeOverlay() } },
          'See the board',
        ),
        h('a', { class: 'btn btn-primary', href: '#/' }, 'Back to the lobby'),
      ),
    ),
  );
}

import {
  DEFAULT_POLICIES,
  WINDOW_KINDS,
  type CardView,
  type NetrunnerView,
  type ServerView,
} from '@veil/netrunner/client';
import { card as catalogCard, plainText } from './catalog.js';
import { h, type Child } from './dom.js';
import { deckReveal } from './end-summary.js';
import {
  actionButtons,
  cardName,
  sideName,
  windowName,
  type ActionButton,
  type Viewer,
} from './labels.js';
import {
  boardStatus,
  logSegments,
  outcomeText,
  roomOutcomeOf,
  phaseText,
  promptText,
  runText,
  sidesTopBottom,
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
}

export interface BoardHandlers {
  act(button: ActionButton): void;
  closeOverlay(): void;
  /** Sets (or with `null` clears) this seat's standing policy for a kind of window. */
  setPolicy(kind: string, policy: 'stop' | 'auto-pass' | null): void;
  stopsToggled(open: boolean): void;
}

/** The Netrunner board for one viewer, as DOM (re-rendered whole on every view). */
export function renderBoard(state: BoardState, handlers: BoardHandlers): HTMLElement {
  const { view, viewer } = state;
  const status = boardStatus(view, viewer, state.bots);
  const [top, bottom] = sidesTopBottom(viewer);
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
        `Turn ${view.turn} · ${sideName(view.active)} · ${phaseText(view.phase)}`,
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
        sidePanel(view, top, viewer, 'top'),
        runPanel(view),
        sidePanel(view, bottom, viewer, 'bottom'),
        viewer === 'spectator' ? null : handPanel(view, viewer),
      ),
      h(
        'aside',
        { class: 'sidebar' },
        promptPanel(state, handlers),
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

function counterText(c: CardView): string[] {
  const out: string[] = [];
  for (const [name, n] of Object.entries(c.counters ?? {})) {
    if (n) out.push(`${n} ${name}`);
  }
  return out;
}

/** One card: its title if the viewer may see it (with hover text), else a facedown back. */
export function cardEl(
  c: CardView,
  options: { hosted?: readonly CardView[]; facedownName?: string } = {},
): HTMLElement {
  const data = catalogCard(c.code);
  const facedown = !c.title;
  const classes = ['card'];
  if (facedown) classes.push('facedown');
  if (data) classes.push(`type-${data.type}`, `faction-${data.faction}`);
  if (c.rezzed === false) classes.push('unrezzed');
  const badges: string[] = [];
  if (c.rezzed === false && !facedown) badges.push('unrezzed');
  if (c.strength !== undefined) badges.push(`str ${c.strength}`);
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
      facedown ? (options.facedownName ?? cardName(c, 'facedown')) : c.title,
    ),
    data ? h('div', { class: 'card-type' }, data.type) : null,
    badges.length > 0 ? h('div', { class: 'card-badges' }, badges.join(' · ')) : null,
    options.hosted && options.hosted.length > 0
      ? h(
          'div',
          { class: 'hosted' },
          options.hosted.map((hc) => cardEl(hc)),
        )
      : null,
  );
}

function cardRow(cards: readonly CardView[], empty: string, testid: string): HTMLElement {
  return h(
    'div',
    { class: 'card-row', 'data-testid': testid },
    cards.length > 0 ? cards.map((c) => cardEl(c)) : h('span', { class: 'muted' }, empty),
  );
}

function sidePanel(
  view: NetrunnerView,
  side: 'corp' | 'runner',
  viewer: Viewer,
  position: 'top' | 'bottom',
): HTMLElement {
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
        view.servers.map((s) => serverEl(view, s, position)),
      ),
      h(
        'div',
        { class: 'zones' },
        zone('Archives (faceup)', corp.archives.faceUp, 'archives', corp.archives.faceDown.length),
        zone('Score area', corp.scored, 'corp-scored'),
        mine ? null : zone('HQ', corp.hq, 'corp-hq'),
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
          ? cards.map((c) => cardEl(c, { hosted: hostedOn(c.id) }))
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
      zone('Heap', runner.heap, 'heap'),
      zone('Score area', runner.scored, 'runner-scored'),
      mine ? null : zone('Grip', runner.grip, 'runner-grip'),
    ),
  );
}

function zone(
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
    cardRow(cards, 'empty', `zone-${testid}-cards`),
  );
}

/**
 * A server column. The ice sits between the server and the Runner: innermost next to the
 * server's root, outermost towards the Runner's side of the table.
 */
function serverEl(
  view: NetrunnerView,
  server: ServerView,
  position: 'top' | 'bottom',
): HTMLElement {
  const run = view.run;
  const running = run?.server === server.id;
  const encountered = run?.encounter?.ice;
  const iceEls = server.ice.map((ice, i) =>
    h(
      'div',
      {
        class: `ice-slot${running && run?.position === i ? ' runner-here' : ''}${
          encountered === ice.id ? ' encountered' : ''
        }`,
        'data-testid': 'ice',
        'data-position': server.ice.length - i,
      },
      cardEl(ice, {
        hosted: view.runner.rig.filter((c) => c.host === ice.id),
        facedownName: 'unrezzed ice',
      }),
    ),
  );
  // Innermost first in the view; towards the Runner means outward.
  const ice = position === 'top' ? iceEls : [...iceEls].reverse();
  const root = h(
    'div',
    { class: 'server-root' },
    h('div', { class: 'server-label' }, server.label),
    server.root.length > 0
      ? server.root.map((c) => cardEl(c))
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

function handPanel(view: NetrunnerView, viewer: 'corp' | 'runner'): HTMLElement {
  const cards = viewer === 'corp' ? view.corp.hq : view.runner.grip;
  return h(
    'section',
    { class: 'hand', 'data-testid': 'hand' },
    h(
      'div',
      { class: 'zone-label' },
      `Your hand (${viewer === 'corp' ? 'HQ' : 'grip'}): ${cards.length} card(s)`,
    ),
    cardRow(cards, 'empty', 'hand-cards'),
  );
}

function promptPanel(state: BoardState, handlers: BoardHandlers): HTMLElement {
  const { view, viewer } = state;
  const status = boardStatus(view, viewer, state.bots);
  const buttons = viewer === 'spectator' ? [] : actionButtons(view, viewer);
  const groups = new Map<string, ActionButton[]>();
  for (const b of buttons) groups.set(b.group, [...(groups.get(b.group) ?? []), b]);
  return h(
    'section',
    { class: `panel prompt prompt-${status.kind}`, 'data-testid': 'prompt' },
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
    [...groups.entries()].map(([group, list]) =>
      h(
        'div',
        { class: 'action-group' },
        h('div', { class: 'group-label' }, group),
        h(
          'div',
          { class: 'actions' },
          list.map((b) =>
            h(
              'button',
              {
                type: 'button',
                class: `btn btn-${b.style}`,
                'data-testid': 'action',
                'data-action-type': b.action.type,
                'data-style': b.style,
                'data-index': b.index,
                ...(b.code ? { 'data-code': b.code } : {}),
                ...(b.detail ? { title: b.detail } : {}),
                disabled: state.pending,
                on: { click: () => handlers.act(b) },
              },
              b.label,
            ),
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

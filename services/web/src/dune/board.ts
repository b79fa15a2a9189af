import './dune.css';
import { FACTION_IDS, type DuneAction, type DuneView, type FactionId } from '@veil/dune/client';
import { h, type Child } from '../dom.js';
import { botLevelText } from '../model.js';
import {
  choicesOf,
  fieldName,
  formState,
  isPassLike,
  valueText,
  type FormChoice,
} from './choices.js';
import { asksAtKarama, karamaChanges } from './karama-setting.js';
import { logText, type DuneLogLine } from './log-text.js';
import { type MapTargets, stormRing, territoryMap } from './map.js';
import { cardName, factionName, idText, leaderName, phaseName, territoryName } from './names.js';
import { ownCommitmentText, promptText, waitingText } from './prompt.js';
import {
  COMMIT_WARNING,
  SETTING_LABELS,
  candidateLines,
  semutaRoom,
  semutaSetting,
  settingChanges,
  type SemutaSetting,
} from './semuta.js';

// The Dune board as DOM, re-rendered from each view: the map, every seat's public facts, the
// viewer's shield (spice, hand, traitors, leaders — its own only), the auction and the battle,
// the decision with its choices in words, and the log. Everything comes from the view and log
// the server sent this viewer.

export interface DuneBoardState {
  readonly roomId: string;
  readonly viewer: FactionId | 'spectator';
  readonly version: number;
  readonly view: DuneView;
  readonly log: readonly DuneLogLine[];
  readonly connected: boolean;
  readonly pending: boolean;
  readonly error: string | null;
  readonly bots: Readonly<Record<string, string>>;
  /** What each form holds so far, by action type (field → encoded value). */
  readonly forms: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The form the map fills when an area is clicked. */
  readonly mapForm: string | null;
}

export interface DuneBoardHandlers {
  readonly act: (action: DuneAction) => void;
  readonly choose: (type: string, field: string, value: string) => void;
  /** Sets (or with `null` clears) this seat's standing policy for a kind of window. */
  readonly setPolicy?: (kind: string, policy: 'stop' | 'auto-pass' | null) => void;
}

function statusOf(state: DuneBoardState): { kind: 'deciding' | 'waiting' | 'over'; text: string } {
  const v = state.view;
  if (v.result || v.phase === 'over') return { kind: 'over', text: promptText(v) };
  if (state.viewer !== 'spectator' && v.deciders.includes(state.viewer)) {
    return { kind: 'deciding', text: 'Your decision' };
  }
  return { kind: 'waiting', text: waitingText(v) };
}

function stat(label: string, value: Child, testid?: string): HTMLElement {
  return h(
    'div',
    { class: 'stat', 'data-testid': testid ?? null },
    h('span', { class: 'stat-label' }, label),
    h('span', { class: 'stat-value' }, value),
  );
}

/** Every seat's public facts (and the viewer's spice, which only it sees). */
function seatsTable(state: DuneBoardState): HTMLElement {
  const v = state.view;
  const seats = FACTION_IDS.filter((f) => v.players[f]);
  const allyOf = (f: string) =>
    v.alliances.find((pair) => pair.includes(f as FactionId))?.find((x) => x !== f) ?? null;
  return h(
    'table',
    { class: 'seats', 'data-testid': 'seats' },
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        ['Faction', 'Spice', 'Cards', 'Reserves', 'Tanks', 'Leaders in the tanks', 'Ally'].map(
          (t) => h('th', null, t),
        ),
      ),
    ),
    h(
      'tbody',
      null,
      seats.map((f) => {
        const p = v.players[f]!;
        const deciding = v.deciders.includes(f);
        const bot = state.bots[f];
        const ally = allyOf(f);
        return h(
          'tr',
          { class: `seat-row faction-${f}`, 'data-testid': 'seat-row', 'data-faction': f },
          h(
            'td',
            null,
            deciding ? h('span', { class: 'deciding-dot', title: 'deciding' }) : null,
            factionName(f),
            f === state.viewer ? ' (you)' : '',
            bot ? h('span', { class: 'muted small' }, ` bot, ${botLevelText(bot)}`) : null,
          ),
          h(
            'td',
            null,
            p.spice === null ? 'hidden' : String(p.spice),
            p.bribes ? ` (+${p.bribes} bribes)` : '',
          ),
          h('td', null, String(p.handCount)),
          h('td', null, String(p.reserves)),
          h('td', { 'data-testid': 'tanks' }, String(p.tanks)),
          h(
            'td',
            null,
            Object.entries(p.leaders)
              .filter(([, s]) => s === 'tanks')
              .map(([id]) => leaderName(id))
              .join(', ') || '—',
          ),
          h('td', null, ally ? factionName(ally) : '—'),
        );
      }),
    ),
  );
}

/** The viewer's shield: what only this seat knows of itself. */
function shield(state: DuneBoardState, handlers: DuneBoardHandlers): HTMLElement | null {
  if (state.viewer === 'spectator') return null;
  const p = state.view.players[state.viewer];
  if (!p) return null;
  return h(
    'section',
    { class: 'panel shield', 'data-testid': 'shield' },
    h('h2', null, `Your shield · ${factionName(state.viewer)}`),
    h(
      'div',
      { class: 'stats' },
      stat('Spice', p.spice ?? 0, 'my-spice'),
      stat('Reserves', p.reserves),
      stat('Tanks', p.tanks),
    ),
    h('h3', null, 'Hand'),
    h(
      'ul',
      { class: 'hand', 'data-testid': 'hand' },
      p.hand.length === 0 ? h('li', { class: 'muted' }, 'no cards') : null,
      p.hand.map((c) => h('li', { class: 'treachery', 'data-card': c.card }, cardName(c.card))),
    ),
    h('h3', null, 'Traitors'),
    h(
      'ul',
      { class: 'traitors', 'data-testid': 'traitors' },
      (p.traitors ?? []).length === 0 ? h('li', { class: 'muted' }, 'none kept yet') : null,
      (p.traitors ?? []).map((id) => h('li', null, leaderName(id))),
      (p.rejectedTraitors ?? []).map((id) =>
        h('li', { class: 'muted' }, `${leaderName(id)} (not kept)`),
      ),
    ),
    h('h3', null, 'Leaders'),
    h(
      'ul',
      { class: 'leaders' },
      Object.entries(p.leaders).map(([id, status]) =>
        h(
          'li',
          { class: status === 'tanks' ? 'muted' : null },
          leaderName(id),
          status === 'tanks' ? ' (in the tanks)' : '',
        ),
      ),
    ),
    semutaStanding(state, handlers),
  );
}

function othersKnownCards(state: DuneBoardState): HTMLElement | null {
  const v = state.view;
  const known = FACTION_IDS.filter(
    (f) => f !== state.viewer && (v.players[f]?.hand.length ?? 0) > 0,
  );
  if (known.length === 0) return null;
  return h(
    'div',
    { class: 'known-cards' },
    known.map((f) =>
      h(
        'p',
        { class: 'small' },
        `${factionName(f)} holds (known to you): `,
        v.players[f]!.hand.map((c) => cardName(c.card)).join(', '),
      ),
    ),
  );
}

function auctionPanel(view: DuneView): HTMLElement | null {
  const a = view.auction;
  if (!a) return null;
  return h(
    'section',
    { class: 'panel auction', 'data-testid': 'auction' },
    h('h2', null, `Auction · card ${a.cardNumber} of ${a.totalCards}`),
    a.card
      ? h('p', null, 'The card (you see it as the Atreides): ', h('strong', null, cardName(a.card)))
      : null,
    h(
      'p',
      null,
      a.highBidder ? `High bid: ${a.highBid} spice by ${factionName(a.highBidder)}` : 'No bid yet',
      `. ${factionName(a.bidder)} to bid.`,
    ),
    a.passed.length > 0
      ? h('p', { class: 'muted' }, `Passed: ${a.passed.map(factionName).join(', ')}`)
      : null,
  );
}

function battlePanel(view: DuneView): HTMLElement | null {
  const b = view.battle;
  if (!b) return null;
  const plans = b.plans
    ? Object.entries(b.plans).map(([f, p]) =>
        h(
          'li',
          null,
          `${factionName(f)}: ${p.hero ? 'Cheap Hero' : p.leader ? leaderName(p.leader) : 'no leader'}, dial ${p.dial}, weapon ${p.weapon ? cardName(p.weapon) : 'none'}, defense ${p.defense ? cardName(p.defense) : 'none'}`,
        ),
      )
    : [];
  return h(
    'section',
    { class: 'panel battle', 'data-testid': 'battle' },
    h('h2', null, `Battle · ${territoryName(b.territory)}`),
    h('p', null, `${factionName(b.aggressor)} (aggressor) against ${factionName(b.defender)}`),
    b.voice
      ? h(
          'p',
          null,
          `Voice on ${factionName(b.voice.target)}: ${b.voice.play ? 'must play' : 'must not play'} ${idText(view, b.voice.kind)}`,
        )
      : null,
    b.prescience
      ? h(
          'p',
          null,
          `Prescience: asked ${factionName(b.prescience.target)} for the ${b.prescience.element}`,
        )
      : null,
    plans.length > 0
      ? h('ul', { 'data-testid': 'revealed-plans' }, plans)
      : h('p', { class: 'muted' }, 'Plans are hidden until both are in.'),
    b.winner ? h('p', null, h('strong', null, `${factionName(b.winner)} won the battle.`)) : null,
  );
}

function formView(
  state: DuneBoardState,
  form: FormChoice,
  handlers: DuneBoardHandlers,
): HTMLElement {
  const current = formState(form, state.forms[form.type] ?? {});
  const fields = current.options
    .filter((o) => o.values.length > 1)
    .map((o) => {
      const select = h(
        'select',
        {
          'data-testid': 'form-field',
          'data-field': o.field,
          disabled: state.pending,
          on: {
            change: (e) =>
              handlers.choose(form.type, o.field, (e.target as HTMLSelectElement).value),
          },
        },
        o.values.map((value) =>
          h(
            'option',
            { value, selected: current.chosen[o.field] === value },
            valueText(state.view, o.field, value),
          ),
        ),
      );
      return h('label', { class: 'form-field' }, h('span', null, fieldName(o.field)), select);
    });
  const fixed = current.options
    .filter((o) => o.values.length === 1 && o.field !== 'window')
    .map((o) =>
      h(
        'span',
        { class: 'muted small' },
        `${fieldName(o.field)}: ${valueText(state.view, o.field, o.values[0]!)}`,
      ),
    );
  const action = current.action;
  return h(
    'form',
    {
      class: 'action-form',
      'data-testid': 'action-form',
      'data-action-type': form.type,
      on: {
        submit: (e) => {
          e.preventDefault();
          if (action) handlers.act(action);
        },
      },
    },
    fields,
    fixed,
    h(
      'button',
      {
        class: 'btn btn-primary',
        type: 'submit',
        'data-testid': 'submit-action',
        'data-action-type': form.type,
        disabled: state.pending || !action,
      },
      form.type === 'plan' ? 'Commit battle plan' : form.type === 'setup' ? 'Commit' : form.title,
    ),
  );
}

function decisionPanel(state: DuneBoardState, handlers: DuneBoardHandlers): HTMLElement {
  const v = state.view;
  const mine = state.viewer !== 'spectator' && v.deciders.includes(state.viewer);
  const actions = mine ? (v.legalActions ?? []) : [];
  // The Semuta commitment goes last, apart from the generic Continue (semutaCommit).
  const all = choicesOf(v, actions);
  const choices = all.filter((c) => c.type !== 'use_semuta');
  const commit = all.find((c) => c.type === 'use_semuta');
  const own = ownCommitmentText(v);
  return h(
    'section',
    { class: 'panel prompt', 'data-testid': 'prompt' },
    h('h2', null, mine ? 'Your decision' : 'Decision'),
    h('p', { class: 'prompt-text', 'data-testid': 'prompt-text' }, promptText(v)),
    own ? h('p', { class: 'committed', 'data-testid': 'own-commitment' }, own) : null,
    !mine && v.deciders.length > 0
      ? h('p', { class: 'waiting', 'data-testid': 'waiting' }, waitingText(v))
      : null,
    state.error
      ? h('p', { class: 'error', role: 'alert', 'data-testid': 'act-error' }, state.error)
      : null,
    choices.map((choice) =>
      h(
        'div',
        { class: 'action-group', 'data-testid': 'choice', 'data-action-type': choice.type },
        h('div', { class: 'group-label' }, choice.title),
        choice.kind === 'form'
          ? formView(state, choice, handlers)
          : h(
              'div',
              { class: 'actions' },
              choice.buttons.map(({ action, label }) =>
                h(
                  'button',
                  {
                    class: isPassLike(action) ? 'btn btn-pass' : 'btn btn-primary',
                    type: 'button',
                    'data-testid': 'action',
                    'data-action-type': action.type,
                    'data-style': isPassLike(action) ? 'pass' : 'act',
                    disabled: state.pending,
                    on: { click: () => handlers.act(action) },
                  },
                  label,
                ),
              ),
            ),
      ),
    ),
    commit?.kind === 'buttons' ? semutaCommit(state, commit.buttons, handlers) : null,
  );
}

/**
 * A Semuta holder's own commitment: apart from Continue, in its own colour, with what it costs
 * said before it is pressed (it cannot be taken back: the rules offer no cancel).
 */
function semutaCommit(
  state: DuneBoardState,
  buttons: ReadonlyArray<{ readonly action: DuneAction; readonly label: string }>,
  handlers: DuneBoardHandlers,
): HTMLElement {
  return h(
    'div',
    { class: 'semuta-commit', 'data-testid': 'semuta-commit' },
    h('div', { class: 'group-label' }, 'Use Semuta'),
    h('p', { class: 'small', 'data-testid': 'semuta-warning' }, COMMIT_WARNING),
    buttons.map(({ action, label }) =>
      h(
        'button',
        {
          class: 'btn btn-commit',
          type: 'button',
          'data-testid': 'action',
          'data-action-type': action.type,
          'data-style': 'commit',
          disabled: state.pending,
          on: { click: () => handlers.act(action) },
        },
        label,
      ),
    ),
  );
}

/** The claimant's Semuta candidates: `view.semuta` exists only for it, after its commitment. */
function semutaCandidates(view: DuneView): HTMLElement | null {
  const lines = candidateLines(view);
  if (lines.length === 0) return null;
  return h(
    'section',
    { class: 'panel semuta', 'data-testid': 'semuta-candidates' },
    h('h2', null, 'Semuta Drug: the fresh discards (only you see this)'),
    h(
      'ul',
      null,
      lines.map((c) => h('li', { 'data-handle': c.handle }, c.text)),
    ),
  );
}

/** The map's click targets: the `from`/`to` values the map form offers now. */
function mapTargets(state: DuneBoardState, handlers: DuneBoardHandlers): MapTargets {
  const none: MapTargets = { from: new Set(), to: new Set(), pick: () => undefined };
  const v = state.view;
  if (state.viewer === 'spectator' || !v.deciders.includes(state.viewer)) return none;
  const forms = choicesOf(v, v.legalActions ?? []).filter(
    (c): c is FormChoice =>
      c.kind === 'form' && (c.fields.includes('from') || c.fields.includes('to')),
  );
  const form = forms.find((f) => f.type === state.mapForm) ?? forms[0];
  if (!form) return none;
  const current = formState(form, state.forms[form.type] ?? {});
  const valuesOf = (field: string) =>
    new Set(
      (current.options.find((o) => o.field === field)?.values ?? []).map(
        (x) => JSON.parse(x) as string,
      ),
    );
  const from = valuesOf('from');
  const to = valuesOf('to');
  const hasFrom = form.fields.includes('from');
  return {
    from,
    to,
    pick: (area) => {
      const encoded = JSON.stringify(area);
      // A source first (when the form has one and the area can be one), else a destination.
      if (hasFrom && from.has(area) && !(to.has(area) && state.forms[form.type]?.['from'])) {
        handlers.choose(form.type, 'from', encoded);
      } else if (to.has(area)) handlers.choose(form.type, 'to', encoded);
    },
  };
}

export function renderDuneBoard(state: DuneBoardState, handlers: DuneBoardHandlers): HTMLElement {
  const v = state.view;
  const status = statusOf(state);
  return h(
    'div',
    {
      class: 'board dune-board',
      'data-testid': 'board',
      'data-game': 'dune',
      'data-viewer': state.viewer,
      'data-version': state.version,
      'data-turn': v.turn,
      'data-phase': v.phase,
      'data-status': status.kind,
    },
    h(
      'header',
      { class: 'topbar' },
      h('a', { href: '#/', class: 'brand' }, 'Veil'),
      h(
        'span',
        { class: 'viewer-label', 'data-testid': 'viewer-label' },
        state.viewer === 'spectator' ? 'Spectator' : factionName(state.viewer),
      ),
      h('span', { 'data-testid': 'turn' }, `Turn ${v.turn} of ${v.turns} · ${phaseName(v.phase)}`),
      h('span', null, `Storm order: ${v.stormOrder.map(factionName).join(', ')}`),
      h('span', { class: `status status-${status.kind}`, 'data-testid': 'status' }, status.text),
      h(
        'span',
        { class: state.connected ? 'conn conn-on' : 'conn conn-off' },
        state.connected ? 'connected' : 'reconnecting…',
      ),
    ),
    h(
      'div',
      { class: 'dune-layout' },
      h(
        'div',
        { class: 'dune-main' },
        h(
          'section',
          { class: 'panel map-panel' },
          h('h2', null, 'Arrakis'),
          h('div', { class: 'map-top' }, stormRing(v), seatsTable(state)),
          territoryMap(v, mapTargets(state, handlers)),
        ),
      ),
      h(
        'aside',
        { class: 'dune-side' },
        decisionPanel(state, handlers),
        semutaCandidates(v),
        auctionPanel(v),
        battlePanel(v),
        shield(state, handlers),
        anyTimeStop(state, handlers),
        karamaStop(state, handlers),
        othersKnownCards(state),
        h(
          'section',
          { class: 'panel' },
          h('h2', null, 'Decks'),
          h(
            'p',
            { class: 'small' },
            `Treachery deck ${v.treacheryDeckCount} · Spice deck ${v.spiceDeckCount}`,
          ),
          h(
            'p',
            { class: 'small' },
            'Treachery discard: ',
            v.treacheryDiscard.map(cardName).join(', ') || 'empty',
          ),
          h(
            'p',
            { class: 'small' },
            'Spice discard: ',
            v.spiceDiscard.map((c) => idText(v, c)).join(', ') || 'empty',
          ),
        ),
        h(
          'section',
          { class: 'panel log' },
          h('h2', null, 'Log'),
          h(
            'div',
            { class: 'log-lines', 'data-testid': 'log' },
            state.log.map((e) =>
              h(
                'div',
                { class: 'log-line', 'data-testid': 'log-line', 'data-type': e.type },
                h('span', { class: 'log-turn' }, `T${e.turn}`),
                ' ',
                logText(v, e),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

/**
 * Whether the any-time window (Tleilaxu Ghola, Truthtrance) asks this seat at every point of a
 * turn where it opens (docs/games/dune.md): off by default (auto-pass). The same choice whatever
 * the seat holds, so setting it tells nobody anything about its hand.
 */
function anyTimeStop(state: DuneBoardState, handlers: DuneBoardHandlers): HTMLElement | null {
  const setPolicy = handlers.setPolicy;
  if (state.viewer === 'spectator' || !setPolicy) return null;
  const box = h('input', {
    type: 'checkbox',
    'data-testid': 'any-time-stop',
    checked: state.view.policies['any_time'] === 'stop',
  });
  box.addEventListener('change', () =>
    setPolicy('any_time', (box as HTMLInputElement).checked ? 'stop' : null),
  );
  return h(
    'section',
    { class: 'panel' },
    h('label', null, box, ' Ask me at every any-time point for Tleilaxu Ghola / Truthtrance'),
  );
}

/**
 * Whether the Karama windows (Voice, Prescience, the wormsign, the other faction powers) ask this
 * seat: on by default. The same choice whatever the seat holds; off, it cannot answer those
 * powers with a Karama until it turns them back on (`karama-setting.ts`).
 */
function karamaStop(state: DuneBoardState, handlers: DuneBoardHandlers): HTMLElement | null {
  const setPolicy = handlers.setPolicy;
  if (state.viewer === 'spectator' || !setPolicy) return null;
  const policies = state.view.policies;
  const box = h('input', {
    type: 'checkbox',
    'data-testid': 'karama-stop',
    checked: asksAtKarama(policies),
  });
  box.addEventListener('change', () => {
    const ask = (box as HTMLInputElement).checked;
    for (const [kind, policy] of karamaChanges(policies, ask)) setPolicy(kind, policy);
  });
  return h(
    'section',
    { class: 'panel' },
    h(
      'label',
      null,
      box,
      ' Ask me whenever a Karama could stop a power (Voice, Prescience, the wormsign, payments…)',
    ),
    h(
      'p',
      { class: 'muted small' },
      'Off: you are never asked, and cannot stop those powers with a Karama, until you turn it ' +
        'on again. The table sees whether it waits for you, so turning it on just after you get ' +
        'a Karama may tell them you did.',
    ),
  );
}

/**
 * The standing Semuta setting (docs/games/dune.md, "Standing policies"), only in a room whose
 * public options have Semuta Drug. The value shown is the server's: the seat's own policies in
 * its view, so a reload shows it too. Every seat gets it, holder or not.
 */
function semutaStanding(state: DuneBoardState, handlers: DuneBoardHandlers): HTMLElement | null {
  const setPolicy = handlers.setPolicy;
  if (state.viewer === 'spectator' || !setPolicy || !semutaRoom(state.view)) return null;
  const policies = state.view.policies;
  const current = semutaSetting(policies);
  const select = h(
    'select',
    { id: 'semuta-setting', 'data-testid': 'semuta-setting' },
    (Object.keys(SETTING_LABELS) as SemutaSetting[]).map((value) =>
      h('option', { value, selected: value === current }, SETTING_LABELS[value]),
    ),
  );
  select.addEventListener('change', () => {
    const to = (select as HTMLSelectElement).value as SemutaSetting;
    for (const [kind, policy] of settingChanges(policies, to)) setPolicy(kind, policy);
  });
  return h(
    'div',
    { class: 'semuta-standing', 'data-testid': 'semuta-standing' },
    h('h3', null, 'Standing settings'),
    h('label', { for: 'semuta-setting' }, 'Semuta: '),
    select,
    h(
      'p',
      { class: 'muted small' },
      'Asked at every fresh discard, holder or not; auto-commit plays a Semuta you hold as soon as you are asked.',
    ),
  );
}

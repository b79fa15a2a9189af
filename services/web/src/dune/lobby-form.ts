import { botLevels, createRoom, VeilError, type BotLevel } from '@veil/client';
import { FACTION_IDS, type FactionId } from '@veil/dune/client';
import { h, mount } from '../dom.js';
import { botLevelText } from '../model.js';
import { PRIVATE_ROOM_OPEN_SEAT } from '../room-list.js';
import { absoluteLink, seatHash, watchHash } from '../router.js';
import { saveToken } from '../storage.js';
import { timeControlField } from '../time-control-field.js';
import { factionName } from './names.js';
import { duneSeats } from './seat-plan.js';

/**
 * The lobby's Dune form: which factions play (2–6, in the player circle's order), yours, and
 * who plays each other one — a bot of a level the AI workers serve for Dune, another person (who
 * gets a link), or anyone who joins from the lobby (an open seat); one select sets them all at
 * once. Calls `created` after a room is made, so the lobby refreshes its list.
 */
export function duneNewGameForm(base: string, created: () => void): HTMLElement {
  const boxes = FACTION_IDS.map((f) =>
    h('input', { type: 'checkbox', checked: true, value: f, 'data-testid': `faction-${f}` }),
  );
  const mine = h('select', { id: 'dune-seat', 'data-testid': 'dune-seat' });
  const people = () => [
    h('option', { value: 'human' }, 'Other players (share links)'),
    h('option', { value: 'open' }, 'Anyone from the lobby (leave the seats open)'),
  ];
  const others = h('select', { id: 'dune-others', 'data-testid': 'dune-others' }, people());
  const rows = h('div', { class: 'played-by', 'data-testid': 'dune-played-by' });
  /** Each faction's row choice, kept while factions are ticked on and off. */
  const playedBy: Partial<Record<FactionId, string>> = {};
  let levels: readonly BotLevel[] = [];
  const spectators = h('input', { type: 'checkbox', id: 'dune-spectators', checked: true });
  // Out of time at a table of three or more, a bot takes the seat (docs/protocol.md).
  const clock = timeControlField('a bot takes the seat, or at two seats it loses');
  const privateRoom = h('input', {
    type: 'checkbox',
    id: 'dune-private',
    'data-testid': 'dune-private',
  });
  // Semuta Drug (docs/games/dune.md, "Semuta Drug"): off by default; the hand-limit guard
  // only means something with it.
  const semuta = h('input', { type: 'checkbox', id: 'dune-semuta', 'data-testid': 'dune-semuta' });
  const fullHand = h(
    'select',
    { id: 'dune-semuta-full-hand', 'data-testid': 'dune-semuta-full-hand', disabled: true },
    h(
      'option',
      { value: 'take_then_discard' },
      'may still use it: takes the card, then discards the Semuta',
    ),
    h('option', { value: 'barred' }, 'cannot use it'),
  );
  semuta.addEventListener('change', () => (fullHand.disabled = !semuta.checked));
  const button = h(
    'button',
    { class: 'btn btn-primary', type: 'submit', 'data-testid': 'create-dune-room' },
    'Create room',
  );
  const error = h('div', { class: 'error', role: 'alert', 'data-testid': 'error', hidden: true });
  const result = h('div', { class: 'created', 'data-testid': 'created' });

  const chosen = () => boxes.filter((b) => b.checked).map((b) => b.value as FactionId);
  /** A row per chosen faction other than yours; a row not yet set follows `dune-others`. */
  const fillRows = () => {
    mount(
      rows,
      chosen()
        .filter((f) => f !== mine.value)
        .map((f) => {
          const current = playedBy[f] ?? others.value;
          const select = h(
            'select',
            { id: `dune-played-by-${f}`, 'data-testid': `dune-played-by-${f}` },
            levels.map((level) =>
              h(
                'option',
                { value: `bot:${level}`, selected: current === `bot:${level}` },
                `Bot: ${botLevelText(level)}`,
              ),
            ),
            h(
              'option',
              { value: 'human', selected: current === 'human' },
              'Another player (share a link)',
            ),
            h(
              'option',
              { value: 'open', selected: current === 'open' },
              'Anyone from the lobby (leave the seat open)',
            ),
          );
          playedBy[f] = select.value;
          select.addEventListener('change', () => (playedBy[f] = select.value));
          return h(
            'div',
            { class: 'played-by-row' },
            h('label', { for: `dune-played-by-${f}` }, `${factionName(f)}: `),
            select,
          );
        }),
    );
  };
  const fillSeat = () => {
    const keep = mine.value;
    mount(
      mine,
      chosen().map((f) => h('option', { value: f, selected: f === keep }, factionName(f))),
    );
    button.disabled = chosen().length < 2;
    fillRows();
  };
  for (const b of boxes) b.addEventListener('change', fillSeat);
  mine.addEventListener('change', fillRows);
  // The shortcut: every row, shown or not, to the same choice.
  others.addEventListener('change', () => {
    for (const f of FACTION_IDS) playedBy[f] = others.value;
    fillRows();
  });
  fillSeat();

  void (async () => {
    try {
      levels = (await botLevels(base)).games['dune'] ?? [];
    } catch {
      // Without the list, only other people are offered.
    }
    mount(
      others,
      levels.map((level) => h('option', { value: `bot:${level}` }, `Bots: ${botLevelText(level)}`)),
      people(),
    );
    for (const f of FACTION_IDS) delete playedBy[f];
    fillRows();
  })();

  const form = h(
    'form',
    { class: 'create-form', 'data-testid': 'dune-form' },
    h('label', null, 'Factions (2–6)'),
    h(
      'div',
      { class: 'faction-boxes' },
      FACTION_IDS.map((f, i) =>
        h('label', { class: 'faction-box' }, boxes[i], ` ${factionName(f)}`),
      ),
    ),
    h('label', { for: 'dune-seat' }, 'You play'),
    mine,
    h('label', { for: 'dune-others' }, 'All the other factions'),
    others,
    h('label', null, 'Played by'),
    rows,
    h('label', { for: 'dune-semuta' }, 'Semuta Drug'),
    h(
      'div',
      null,
      semuta,
      ' in the Treachery deck (CHOAM & Richese): after every fresh discard each player asked ' +
        'may continue, and a holder may take a discarded card',
    ),
    h('label', { for: 'dune-semuta-full-hand' }, 'A Semuta holder with a full hand'),
    fullHand,
    ...clock.fields,
    h('label', { for: 'dune-spectators' }, 'Spectators'),
    h('div', null, spectators, ' allowed to watch'),
    h('label', { for: 'dune-private' }, 'Private'),
    h('div', null, privateRoom, ' only people with a link find it (not listed here)'),
    h('div', { class: 'form-actions' }, button),
  );

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void create();
  });

  /** The room's Semuta options, only when it is on (a room without it stays as before). */
  function semutaOptions(): Record<string, string | boolean> {
    if (!semuta.checked) return {};
    return { semutaDrug: true, semutaFullHand: fullHand.value };
  }

  async function create(): Promise<void> {
    error.hidden = true;
    button.disabled = true;
    mount(result);
    const factions = chosen();
    const me = mine.value as FactionId;
    try {
      const seats = duneSeats(factions, me, playedBy);
      const open = Object.values(seats).some((s) => s.type === 'human' && s.open === true);
      if (open && privateRoom.checked) {
        error.textContent = PRIVATE_ROOM_OPEN_SEAT;
        error.hidden = false;
        return;
      }
      const answer = await createRoom(base, {
        game: 'dune',
        seats,
        options: {
          spectators: spectators.checked,
          ...(privateRoom.checked ? { private: true } : {}),
          ...clock.option(),
          gameOptions: { factions, ...semutaOptions() },
        },
      });
      const token = answer.seats[me]?.token;
      if (!token) throw new VeilError('internal');
      saveToken(answer.roomId, me, token);
      // An open seat has no token: the lobby lists it for anyone to join.
      const links = factions.filter((f) => f !== me && answer.seats[f]?.token);
      if (links.length === 0) {
        location.hash = seatHash(answer.roomId, me, token);
        return;
      }
      mount(
        result,
        h(
          'p',
          null,
          `Room ${answer.roomId} is ready. Send each player their link` +
            (open ? ' (the open seats wait in the lobby for anyone to join):' : ':'),
        ),
        links.map((f) =>
          h(
            'p',
            null,
            `${factionName(f)}: `,
            h('input', {
              class: 'share-link',
              readonly: true,
              'data-testid': 'share-link',
              value: absoluteLink(seatHash(answer.roomId, f, answer.seats[f]!.token), base),
            }),
          ),
        ),
        h(
          'p',
          null,
          h(
            'a',
            { href: seatHash(answer.roomId, me, token), 'data-testid': 'my-seat-link' },
            `Take your seat (${factionName(me)}) →`,
          ),
          ' · ',
          h('a', { href: watchHash(answer.roomId) }, 'Spectator link'),
        ),
      );
      created();
    } catch (e) {
      error.textContent = `Could not create the room: ${e instanceof Error ? e.message : String(e)}`;
      error.hidden = false;
    } finally {
      button.disabled = chosen().length < 2;
    }
  }

  return h('div', { class: 'dune-new-game' }, form, error, result);
}

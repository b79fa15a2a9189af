import {
  botLevels,
  createRoom,
  joinSeat,
  listRooms,
  newSeatToken,
  VeilError,
  type BotLevel,
} from '@veil/client';
import type { Side } from './catalog.js';
import { deckPicker } from './deck-picker.js';
import { h, mount } from './dom.js';
import { duneNewGameForm } from './dune/lobby-form.js';
import { botLevelText } from './model.js';
import { PRIVATE_ROOM_OPEN_SEAT, roomLists } from './room-list.js';
import { absoluteLink, seatHash, watchHash } from './router.js';
import { saveToken } from './storage.js';
import { timeControlField } from './time-control-field.js';

/** The lobby: create a Netrunner room, list rooms to watch or resume. */
export function renderLobby(root: HTMLElement, base: string): () => void {
  const sideSelect = h(
    'select',
    { id: 'side', 'data-testid': 'side' },
    h('option', { value: 'corp' }, 'Corp'),
    h('option', { value: 'runner' }, 'Runner'),
  );
  const myDeck = deckPicker('deck');
  const humanOpponent = () => [
    h('option', { value: 'human' }, 'Another player (share a link)'),
    h('option', { value: 'open' }, 'Anyone from the lobby (leave the seat open)'),
  ];
  const opponentSelect = h(
    'select',
    { id: 'opponent', 'data-testid': 'opponent' },
    humanOpponent(),
  );
  /** Offers exactly the bot levels the AI workers serve for Netrunner now. */
  const fillBots = async () => {
    let levels: readonly BotLevel[] = [];
    try {
      levels = (await botLevels(base)).games['netrunner'] ?? [];
    } catch {
      // Without the list, only another player is offered.
    }
    mount(
      opponentSelect,
      levels.map((level) => h('option', { value: `bot:${level}` }, `Bot: ${botLevelText(level)}`)),
      humanOpponent(),
    );
  };
  void fillBots();
  const opponentDeck = deckPicker('opponent-deck');
  const spectators = h('input', { type: 'checkbox', id: 'spectators', checked: true });
  const privateRoom = h('input', { type: 'checkbox', id: 'private', 'data-testid': 'private' });
  const clock = timeControlField();
  const createButton = h(
    'button',
    { class: 'btn btn-primary', type: 'submit', 'data-testid': 'create-room' },
    'Create room',
  );
  const created = h('div', { class: 'created', 'data-testid': 'created' });
  const error = h('div', { class: 'error', role: 'alert', 'data-testid': 'error', hidden: true });
  const roomList = h('div', { class: 'room-list', 'data-testid': 'room-list' }, 'Loading rooms…');
  const joinError = h('div', {
    class: 'error',
    role: 'alert',
    'data-testid': 'join-error',
    hidden: true,
  });

  const fillDecks = () => {
    const side = sideSelect.value as Side;
    myDeck.setSide(side);
    opponentDeck.setSide(side === 'corp' ? 'runner' : 'corp');
  };
  sideSelect.addEventListener('change', fillDecks);
  fillDecks();

  const form = h(
    'form',
    { class: 'create-form', 'data-testid': 'create-form' },
    h('label', { for: 'side' }, 'You play'),
    sideSelect,
    h('label', { for: 'deck' }, 'Your deck'),
    myDeck.select,
    myDeck.paste,
    h('label', { for: 'opponent' }, 'Opponent'),
    opponentSelect,
    h('label', { for: 'opponent-deck' }, "Opponent's deck"),
    opponentDeck.select,
    opponentDeck.paste,
    h('label', { for: 'spectators' }, 'Spectators'),
    h('div', null, spectators, ' allowed to watch'),
    h('label', { for: 'private' }, 'Private'),
    h('div', null, privateRoom, ' only people with a link find it (not listed here)'),
    ...clock.fields,
    h('div', { class: 'form-actions' }, createButton),
  );

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void create();
  });

  async function create(): Promise<void> {
    error.hidden = true;
    mount(created);
    const side = sideSelect.value as Side;
    const other: Side = side === 'corp' ? 'runner' : 'corp';
    const opponent = opponentSelect.value;
    const mine = myDeck.value();
    const theirs = opponentDeck.value();
    // A pasted list with problems never reaches the server: its lines say what to fix.
    if (!mine.ok || !theirs.ok) {
      error.textContent = 'Fix the decklist first: each problem is listed under it.';
      error.hidden = false;
      return;
    }
    if (opponent === 'open' && privateRoom.checked) {
      error.textContent = PRIVATE_ROOM_OPEN_SEAT;
      error.hidden = false;
      return;
    }
    createButton.disabled = true;
    const decks = { [side]: mine.deck, [other]: theirs.deck };
    try {
      const answer = await createRoom(base, {
        game: 'netrunner',
        seats: {
          [side]: { type: 'human' },
          [other]:
            opponent === 'human' || opponent === 'open'
              ? { type: 'human', ...(opponent === 'open' ? { open: true as const } : {}) }
              : { type: 'bot', level: opponent.slice('bot:'.length) as BotLevel },
        },
        options: {
          spectators: spectators.checked,
          ...(privateRoom.checked ? { private: true } : {}),
          ...clock.option(),
          gameOptions: { corpDeck: decks['corp'], runnerDeck: decks['runner'] },
        },
      });
      const myToken = answer.seats[side]?.token;
      if (!myToken) throw new VeilError('internal');
      saveToken(answer.roomId, side, myToken);
      const theirToken = answer.seats[other]?.token;
      if (!theirToken) {
        location.hash = seatHash(answer.roomId, side, myToken);
        return;
      }
      const myLink = seatHash(answer.roomId, side, myToken);
      const theirLink = absoluteLink(seatHash(answer.roomId, other, theirToken), base);
      const share = h('input', {
        class: 'share-link',
        readonly: true,
        value: theirLink,
        'data-testid': 'share-link',
      });
      mount(
        created,
        h('p', null, `Room ${answer.roomId} is ready. Send this link to the other player:`),
        share,
        h(
          'button',
          {
            class: 'btn',
            type: 'button',
            on: {
              click: () => {
                share.select();
                void navigator.clipboard?.writeText(theirLink).catch(() => undefined);
              },
            },
          },
          'Copy link',
        ),
        h(
          'p',
          null,
          h('a', { href: myLink, 'data-testid': 'my-seat-link' }, `Take your seat (${side}) →`),
          ' · ',
          h('a', { href: watchHash(answer.roomId) }, 'Spectator link'),
        ),
      );
      void refresh();
    } catch (e) {
      error.textContent = `Could not create the room: ${e instanceof Error ? e.message : String(e)}`;
      error.hidden = false;
    } finally {
      createButton.disabled = false;
    }
  }

  /**
   * Takes an open seat with a token this browser draws and keeps (only its hash is stored), then
   * opens the seat; a seat someone else took first is said so, and the list refreshed.
   */
  async function join(roomId: string, seat: string): Promise<void> {
    joinError.hidden = true;
    const token = newSeatToken();
    try {
      await joinSeat(base, roomId, seat, token);
    } catch (e) {
      joinError.textContent =
        e instanceof VeilError && e.code === 'seat_taken'
          ? 'Someone else took that seat first.'
          : `Could not join: ${e instanceof Error ? e.message : String(e)}`;
      joinError.hidden = false;
      void refresh();
      return;
    }
    saveToken(roomId, seat, token);
    location.hash = seatHash(roomId, seat, token);
  }

  async function refresh(): Promise<void> {
    try {
      const rooms = await listRooms(base);
      mount(
        roomList,
        roomLists(rooms, (roomId, seat) => void join(roomId, seat)),
      );
    } catch (e) {
      mount(
        roomList,
        h('p', { class: 'muted' }, `Could not list rooms: ${e instanceof Error ? e.message : e}`),
      );
    }
  }

  // One form per game: Netrunner's (above) or Dune's; the choice shows one of them.
  const netrunnerForm = h('div', { 'data-testid': 'netrunner-new-game' }, form, error, created);
  const duneForm = duneNewGameForm(base, () => void refresh());
  const newGame = h('div', null, netrunnerForm);
  const gameChooser = () => {
    const select = h(
      'select',
      { id: 'game', 'data-testid': 'game' },
      h('option', { value: 'netrunner' }, 'Android: Netrunner'),
      h('option', { value: 'dune' }, 'Dune'),
    );
    select.addEventListener('change', () =>
      mount(newGame, select.value === 'dune' ? duneForm : netrunnerForm),
    );
    return h('div', { class: 'game-choice' }, h('label', { for: 'game' }, 'Game '), select);
  };

  mount(
    root,
    h(
      'div',
      { class: 'lobby', 'data-testid': 'lobby' },
      h(
        'header',
        { class: 'lobby-header' },
        h('h1', null, 'Veil'),
        h(
          'p',
          { class: 'muted' },
          'Android: Netrunner (System Gateway) and Dune (2–6 players). Hidden information stays hidden.',
        ),
      ),
      h(
        'div',
        { class: 'lobby-grid' },
        h('section', { class: 'panel' }, h('h2', null, 'New game'), gameChooser(), newGame),
        h(
          'section',
          { class: 'panel' },
          h(
            'div',
            { class: 'panel-head' },
            h('h2', null, 'Rooms'),
            h(
              'button',
              {
                class: 'btn',
                type: 'button',
                'data-testid': 'refresh-rooms',
                on: { click: () => void refresh() },
              },
              'Refresh',
            ),
          ),
          joinError,
          roomList,
        ),
      ),
      h(
        'footer',
        { class: 'muted' },
        'Links: ',
        h('a', { href: '/healthz' }, 'health'),
        ' · ',
        h('a', { href: '/api/rooms' }, 'rooms API'),
      ),
    ),
  );
  void refresh();
  const timer = setInterval(() => void refresh(), 5_000);
  return () => clearInterval(timer);
}

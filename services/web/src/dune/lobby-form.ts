import { botLevels, createRoom, VeilError, type BotLevel } from '@veil/client';
import { FACTION_IDS, type FactionId } from '@veil/dune/client';
import { h, mount } from '../dom.js';
import { botLevelText } from '../model.js';
import { absoluteLink, seatHash, watchHash } from '../router.js';
import { saveToken } from '../storage.js';
import { factionName } from './names.js';

/**
 * The lobby's Dune form: which factions play (2–6, in the player circle's order), yours, and
 * who plays the others — bots of a level the AI workers serve for Dune, or other people (then
 * each gets a link). Calls `created` after a room is made, so the lobby refreshes its list.
 */
export function duneNewGameForm(base: string, created: () => void): HTMLElement {
  const boxes = FACTION_IDS.map((f) =>
    h('input', { type: 'checkbox', checked: true, value: f, 'data-testid': `faction-${f}` }),
  );
  const mine = h('select', { id: 'dune-seat', 'data-testid': 'dune-seat' });
  const others = h(
    'select',
    { id: 'dune-others', 'data-testid': 'dune-others' },
    h('option', { value: 'human' }, 'Other players (share links)'),
  );
  const spectators = h('input', { type: 'checkbox', id: 'dune-spectators', checked: true });
  const button = h(
    'button',
    { class: 'btn btn-primary', type: 'submit', 'data-testid': 'create-dune-room' },
    'Create room',
  );
  const error = h('div', { class: 'error', role: 'alert', 'data-testid': 'error', hidden: true });
  const result = h('div', { class: 'created', 'data-testid': 'created' });

  const chosen = () => boxes.filter((b) => b.checked).map((b) => b.value as FactionId);
  const fillSeat = () => {
    const keep = mine.value;
    mount(
      mine,
      chosen().map((f) => h('option', { value: f, selected: f === keep }, factionName(f))),
    );
    button.disabled = chosen().length < 2;
  };
  for (const b of boxes) b.addEventListener('change', fillSeat);
  fillSeat();

  void (async () => {
    let levels: readonly BotLevel[] = [];
    try {
      levels = (await botLevels(base)).games['dune'] ?? [];
    } catch {
      // Without the list, only other people are offered.
    }
    mount(
      others,
      levels.map((level) => h('option', { value: `bot:${level}` }, `Bots: ${botLevelText(level)}`)),
      h('option', { value: 'human' }, 'Other players (share links)'),
    );
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
    h('label', { for: 'dune-others' }, 'The other factions'),
    others,
    h('label', { for: 'dune-spectators' }, 'Spectators'),
    h('div', null, spectators, ' allowed to watch'),
    h('div', { class: 'form-actions' }, button),
  );

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void create();
  });

  async function create(): Promise<void> {
    error.hidden = true;
    button.disabled = true;
    mount(result);
    const factions = chosen();
    const me = mine.value as FactionId;
    const other = others.value;
    const seats = Object.fromEntries(
      factions.map((f) => [
        f,
        f === me || other === 'human'
          ? { type: 'human' as const }
          : { type: 'bot' as const, level: other.slice('bot:'.length) as BotLevel },
      ]),
    );
    try {
      const answer = await createRoom(base, {
        game: 'dune',
        seats,
        options: { spectators: spectators.checked, gameOptions: { factions } },
      });
      const token = answer.seats[me]?.token;
      if (!token) throw new VeilError('internal');
      saveToken(answer.roomId, me, token);
      const links = factions.filter((f) => f !== me && answer.seats[f]);
      if (links.length === 0) {
        location.hash = seatHash(answer.roomId, me, token);
        return;
      }
      mount(
        result,
        h('p', null, `Room ${answer.roomId} is ready. Send each player their link:`),
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

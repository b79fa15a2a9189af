import type { ChatLine, VeilConnection } from '@veil/client';
import { h, mount } from './dom.js';
import { displayName } from './identity.js';
import { botLevelText } from './model.js';
import { nameField } from './name-field.js';
import { seatName } from './seat-name.js';

/** Characters of a message (the server's bound, docs/protocol.md "Limits"). */
const MAX_TEXT = 300;

const EVENT_TEXT = {
  joined: 'joined the table',
  left: 'left the table',
  reconnected: 'is back at the table',
  conceded: 'conceded the game',
  handed_to_bot: 'handed the seat to a bot',
  out_of_time: 'ran out of time',
  rematch_offered: 'wants a rematch',
  rematch: 'started the rematch',
} as const;

type SystemLine = Extract<ChatLine, { kind: 'system' }>;

/**
 * The table chat's line saying a bot plays `seat` now (docs/protocol.md, "Concede"), if any: its
 * player left, or another (`by`) handed it over as idle.
 */
export function seatHandedToBot(
  chat: readonly ChatLine[],
  seat: string | null,
): SystemLine | undefined {
  return chat.find(
    (l): l is SystemLine => l.kind === 'system' && l.event === 'handed_to_bot' && l.seat === seat,
  );
}

function systemText(line: SystemLine): string {
  if (line.by === undefined) return `${seatName(line.seat)} ${EVENT_TEXT[line.event]}`;
  // Another player acted for a seat that was gone (docs/protocol.md, "Hand an idle seat to a bot").
  return line.event === 'conceded'
    ? `${seatName(line.by)} claimed the game, the ${seatName(line.seat)} having been gone too long`
    : `${seatName(line.by)} handed the ${seatName(line.seat)} seat to a bot, the table having waited on it too long`;
}

function lineElement(line: ChatLine): HTMLElement {
  const time = new Date(line.at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  const attrs = {
    class: `chat-line ${line.kind} ${line.channel}`,
    'data-testid': 'chat-line',
    'data-channel': line.channel,
    'data-kind': line.kind,
  };
  if (line.kind === 'system') {
    return h(
      'li',
      attrs,
      h('span', { class: 'chat-time' }, time),
      ` ${systemText(line)}${line.level ? `, ${botLevelText(line.level)}` : ''}.`,
    );
  }
  const who = line.from === 'spectator' ? 'Spectator' : seatName(line.from);
  // Text nodes only: a message is shown as the text it is, never parsed as markup.
  return h(
    'li',
    attrs,
    h('span', { class: 'chat-time' }, time),
    ' ',
    h('span', { class: 'chat-from' }, line.name ? `${line.name} (${who})` : who),
    line.channel === 'spectators' ? h('span', { class: 'chat-channel' }, ' to spectators') : null,
    ': ',
    h('span', { class: 'chat-text', 'data-testid': 'chat-text' }, line.text),
  );
}

const REFUSALS: Record<string, string> = {
  rate_limited: 'Slow down: wait a moment before the next message.',
  bad_request: `A message is one line of at most ${MAX_TEXT} characters.`,
  forbidden: 'This room does not take messages from you.',
};

/**
 * The chat pane beside a board: the seats talk at the table; spectators talk among themselves
 * (and read the table unless the room shows them the game with a delay). Returns the element
 * the board renders into.
 */
export function withChat(root: HTMLElement, conn: VeilConnection): HTMLElement {
  const board = h('div', { class: 'table-board' });
  const lines = h('ol', {
    class: 'chat-lines',
    'data-testid': 'chat-lines',
    'aria-live': 'polite',
  });
  const input = h('input', {
    class: 'chat-input',
    type: 'text',
    maxlength: MAX_TEXT,
    'aria-label': 'Chat message',
    placeholder: conn.seat ? 'Message the table' : 'Message the other spectators',
    'data-testid': 'chat-input',
  });
  const error = h('p', {
    class: 'chat-error',
    role: 'alert',
    'data-testid': 'chat-error',
    hidden: true,
  });
  const form = h(
    'form',
    { class: 'chat-form' },
    input,
    h('button', { class: 'btn', type: 'submit', 'data-testid': 'chat-send' }, 'Send'),
  );
  const render = () => {
    mount(lines, conn.chat.map(lineElement));
    lines.scrollTop = lines.scrollHeight;
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    error.hidden = true;
    void conn.say(text, displayName()).then((ack) => {
      if (ack.ok) {
        input.value = '';
        return;
      }
      error.textContent = REFUSALS[ack.error.code] ?? `The message was refused: ${ack.error.code}.`;
      error.hidden = false;
    });
  });
  conn.onChat(render);
  render();
  mount(
    root,
    h(
      'div',
      { class: 'table-with-chat' },
      board,
      h(
        'aside',
        { class: 'chat panel', 'data-testid': 'chat' },
        h('h2', null, conn.seat ? 'Table chat' : 'Chat'),
        lines,
        error,
        form,
        nameField(),
      ),
    ),
  );
  return board;
}

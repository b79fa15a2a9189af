import { h } from './dom.js';
import { displayName, MAX_NAME_LENGTH, setDisplayName } from './identity.js';

/** "Your name": what the table sees beside your messages, kept in this browser. */
export function nameField(): HTMLElement {
  const input = h('input', {
    id: 'display-name',
    type: 'text',
    maxlength: MAX_NAME_LENGTH,
    autocomplete: 'nickname',
    placeholder: 'shown to the table',
    value: displayName() ?? '',
    'data-testid': 'display-name',
  });
  input.addEventListener('input', () => setDisplayName(input.value));
  return h(
    'div',
    { class: 'name-field' },
    h('label', { for: 'display-name' }, 'Your name '),
    input,
  );
}

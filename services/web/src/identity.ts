/**
 * The player's display name, kept in this browser only (no accounts yet). It goes with each chat
 * message; the server bounds it like the message (docs/protocol.md, "Chat").
 */

const NAME_KEY = 'veil.name';
export const MAX_NAME_LENGTH = 24;

export function displayName(): string | undefined {
  try {
    const name = globalThis.localStorage?.getItem(NAME_KEY)?.trim();
    return name ? name.slice(0, MAX_NAME_LENGTH) : undefined;
  } catch {
    return undefined;
  }
}

export function setDisplayName(name: string): void {
  try {
    const trimmed = name.trim().slice(0, MAX_NAME_LENGTH);
    if (trimmed) globalThis.localStorage?.setItem(NAME_KEY, trimmed);
    else globalThis.localStorage?.removeItem(NAME_KEY);
  } catch {
    // Storage disabled: messages go without a name.
  }
}

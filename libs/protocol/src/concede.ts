/**
 * A seat concedes by sending the room-level action `{type: 'concede'}` through `act`
 * (docs/protocol.md, "Concede"). The game node handles it before the game's rules: the room
 * ends, the other seats winning with reason `conceded` — or, at a larger table where other
 * players go on, a bot takes the seat. No game may use `concede` as an action type.
 */
export const CONCEDE_ACTION = { type: 'concede' } as const;

/** The reason a room's outcome gives when a seat conceded. */
export const CONCEDED_REASON = 'conceded';

export function isConcession(action: unknown): boolean {
  return (
    action !== null &&
    typeof action === 'object' &&
    (action as Record<string, unknown>)['type'] === CONCEDE_ACTION.type &&
    Object.keys(action).length === 1
  );
}

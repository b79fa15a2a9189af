import type { BotLevel } from '@veil/client';
import type { FactionId } from '@veil/dune/client';

/**
 * Who plays each faction of a new Dune room, as the lobby form's rows say it: `human` (another
 * person, who gets a link), `open` (anyone who joins from the lobby: docs/protocol.md, "Joining
 * an open seat") or `bot:<level>`. The creator's own faction is always a person.
 */
export type PlayedBy = 'human' | 'open' | `bot:${string}`;

export type SeatPlan =
  | { readonly type: 'human'; readonly open?: true }
  | { readonly type: 'bot'; readonly level: BotLevel };

/**
 * The create-room request's `seats` for the chosen factions: yours a person, each other the
 * row's choice (a faction with no row is another person). The level is checked by the server.
 */
export function duneSeats(
  factions: readonly FactionId[],
  me: FactionId,
  playedBy: Readonly<Partial<Record<FactionId, string>>>,
): Record<string, SeatPlan> {
  return Object.fromEntries(
    factions.map((f): [string, SeatPlan] => {
      const choice = f === me ? 'human' : (playedBy[f] ?? 'human');
      if (choice === 'human') return [f, { type: 'human' }];
      if (choice === 'open') return [f, { type: 'human', open: true }];
      if (!choice.startsWith('bot:') || choice.length === 'bot:'.length) {
        throw new Error(`unknown choice for ${f}: ${choice}`);
      }
      return [f, { type: 'bot', level: choice.slice('bot:'.length) as BotLevel }];
    }),
  );
}

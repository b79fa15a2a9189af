import type { AnyGameModule } from '@veil/engine';
import { parlor } from '@veil/engine/fixture';
import { netrunner } from '@veil/netrunner';

/** The games the CLI knows, by id. Parlor is the engine's small fixture game. */
export const GAMES: Readonly<Record<string, AnyGameModule>> = {
  netrunner: netrunner as unknown as AnyGameModule,
  parlor: parlor as unknown as AnyGameModule,
};

export function gameById(id: string): AnyGameModule | undefined {
  return Object.hasOwn(GAMES, id) ? GAMES[id] : undefined;
}

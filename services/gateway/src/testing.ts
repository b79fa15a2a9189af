import type { VeilConnection } from '@veil/client';
import type { ActionJson, ViewEvent } from '@veil/protocol';

/**
 * Helpers for tests that play Parlor (the engine's fixture game) through the SDK: the view
 * carries `deciders`, and `legalActions` for a seat that decides.
 */
export interface ParlorViewShape {
  readonly deciders: readonly string[];
  readonly legalActions?: readonly ActionJson[];
  readonly hand: readonly unknown[] | null;
  readonly phase: string;
}

export function parlorView(event: ViewEvent | null): ParlorViewShape {
  if (!event) throw new Error('no view yet');
  return event.view as ParlorViewShape;
}

/**
 * Plays the first legal action of the first deciding seat among `seats` (by their latest
 * views); resolves with the seat that acted and its ack, or `null` when none of them decides.
 */
export async function playFirstLegal(
  seats: Readonly<Record<string, VeilConnection>>,
): Promise<{ seat: string; ack: Awaited<ReturnType<VeilConnection['act']>> } | null> {
  for (const [seat, conn] of Object.entries(seats)) {
    const view = parlorView(conn.view);
    const action = view.legalActions?.[0];
    if (view.deciders.includes(seat) && action) {
      return { seat, ack: await conn.act(action) };
    }
  }
  return null;
}

/** Waits until every connection has seen `version` (or later). */
export async function allAtVersion(
  conns: Iterable<VeilConnection>,
  version: number,
): Promise<void> {
  await Promise.all([...conns].map((c) => c.waitForView((v) => v.version >= version)));
}

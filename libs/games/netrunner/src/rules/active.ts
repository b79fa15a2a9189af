import { behaviourOf } from '../cards/registry.js';
import type { StaticDef } from '../cards/behaviour.js';
import { cardsForReading } from '../state/draft.js';
import type { CardState, Game, Side } from '../state/types.js';

/**
 * Cards whose constant abilities apply now for `side`: its identity, agendas in its score
 * area, and its active installed cards (rezzed Corp cards; installed Runner cards).
 */
export function activeCards(g: Game, side: Side): readonly Readonly<CardState>[] {
  // Read only: a draft's plain record, so asking does not copy every active card.
  const cards = cardsForReading(g);
  const out: CardState[] = [];
  // No closure made per call: this runs for nearly every rule that reads a static.
  if (side === 'corp') {
    pushCard(out, cards, g.corp.identity);
    for (const uid of g.corp.scored) pushCard(out, cards, uid);
    for (const id of g.serverOrder) {
      const s = g.servers[id];
      if (!s) continue;
      for (const uid of s.root) if (cards[uid]?.rezzed) pushCard(out, cards, uid);
      for (const uid of s.ice) if (cards[uid]?.rezzed) pushCard(out, cards, uid);
    }
  } else {
    pushCard(out, cards, g.runner.identity);
    for (const uid of g.runner.rig) pushCard(out, cards, uid);
  }
  return out;
}

function pushCard(out: CardState[], cards: Readonly<Record<string, CardState>>, uid: string): void {
  const c = cards[uid];
  if (c) out.push(c);
}

/** The constant abilities active for a side, with their source cards. */
export function activeStatics(
  g: Game,
  side: Side,
): Array<{ source: Readonly<CardState>; statics: StaticDef }> {
  const out: Array<{ source: Readonly<CardState>; statics: StaticDef }> = [];
  for (const source of activeCards(g, side)) {
    const statics = behaviourOf(source.code)?.statics;
    if (statics) out.push({ source, statics });
  }
  return out;
}

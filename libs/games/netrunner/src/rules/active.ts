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
  const push = (uid: string) => {
    const c = cards[uid];
    if (c) out.push(c);
  };
  if (side === 'corp') {
    push(g.corp.identity);
    g.corp.scored.forEach(push);
    for (const id of g.serverOrder) {
      const s = g.servers[id];
      if (!s) continue;
      for (const uid of [...s.root, ...s.ice]) if (cards[uid]?.rezzed) push(uid);
    }
  } else {
    push(g.runner.identity);
    g.runner.rig.forEach(push);
  }
  return out;
}

/** The constant abilities active for a side, with their source cards. */
export function activeStatics(
  g: Game,
  side: Side,
): Array<{ source: Readonly<CardState>; statics: StaticDef }> {
  return activeCards(g, side).flatMap((source) => {
    const statics = behaviourOf(source.code)?.statics;
    return statics ? [{ source, statics }] : [];
  });
}

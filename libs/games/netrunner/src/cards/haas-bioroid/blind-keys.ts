import { titleOf } from '../../facts.js';
import type { Game } from '../../state/types.js';
import type { ChoiceOption } from '../behaviour.js';

/**
 * Options naming a card in a zone the other seat may not see (DESIGN §6, two halves). The
 * Corp's own key is the card's code; the Runner's key is only what the redacted log tells it.
 */

/** A card from HQ: the Runner learns only the kind of choice (`hansei_trash`). */
export function hqCardChoice(g: Game, uid: string, type: string): ChoiceOption {
  return { value: uid, card: uid, key: g.cards[uid]?.code ?? '', public: false, observed: type };
}

/**
 * A card from Archives: a facedown one keys as `<type>:archives_fd`, a faceup one as
 * `<type>:archives_fu:<title>` (two copies of one title share the key; never an index).
 */
export function archivesCardChoice(g: Game, uid: string, type: string): ChoiceOption {
  const c = g.cards[uid];
  const code = c?.code ?? '';
  const faceUp = c?.faceUp ?? false;
  return {
    value: uid,
    card: uid,
    key: code,
    public: faceUp,
    observed: faceUp ? `${type}:archives_fu:${titleOf(code)}` : `${type}:archives_fd`,
  };
}

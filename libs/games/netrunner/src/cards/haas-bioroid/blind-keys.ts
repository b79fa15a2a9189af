import { titleOf } from '../../facts.js';
import { serverLabel } from '../../rules/install.js';
import type { Game } from '../../state/types.js';
import type { ChoiceOption } from '../behaviour.js';

/**
 * Options naming a card in a zone the other seat may not see (docs/architecture.md, "The parts", two halves). The
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

/** The public position of an installed card: `<server>:<ice|root>:<index>` or `rig:<index>`. */
export function installedAt(g: Game, uid: string): string {
  const loc = g.cards[uid]?.loc;
  if (loc?.zone === 'ice' || loc?.zone === 'root') {
    const list = g.servers[loc.server]?.[loc.zone === 'ice' ? 'ice' : 'root'] ?? [];
    return `${loc.server}:${loc.zone}:${list.indexOf(uid)}`;
  }
  return `rig:${g.runner.rig.indexOf(uid)}`;
}

/**
 * An installed card as a target (counters placed on it are public): the Corp keys it by code
 * and position; the Runner by position, plus the code only when it can see the card (a
 * rezzed or Runner card), never an unrezzed card's identity.
 */
export function installedCardChoice(g: Game, uid: string, type: string): ChoiceOption {
  const c = g.cards[uid];
  const code = c?.code ?? '';
  const at = installedAt(g, uid);
  const seen = c?.side === 'runner' || (c?.faceUp ?? false) || (c?.rezzed ?? false);
  return {
    value: uid,
    card: uid,
    key: `${code}:${at}`,
    public: seen,
    observed: seen ? `${type}:${code}:${at}` : `${type}:${at}`,
  };
}

/** How a blind viewer reads an installed card in the log: by its public place. */
export function installedDescription(g: Game, uid: string): string {
  const loc = g.cards[uid]?.loc;
  if (loc?.zone === 'ice') return `a piece of ice protecting ${serverLabel(loc.server)}`;
  if (loc?.zone === 'root') return `a card in the root of ${serverLabel(loc.server)}`;
  return 'an installed card';
}

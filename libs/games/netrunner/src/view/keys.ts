import type { NetrunnerAction } from '../actions/types.js';
import { isIceCode } from '../facts.js';
import type { Side } from '../state/types.js';

/**
 * The two halves of every action key (docs/architecture.md, "The parts"). The actor's key names what it chose; the
 * blind observer's key keeps only what the redacted log tells it: a Corp install shows the
 * destination and whether it is ice (position in front of the server), never the card; an
 * advance shows the public position of the card; a hidden choice collapses to its kind. No
 * key ever holds a handle (handles are per viewer and change), and no index into a hidden zone.
 */
export function actionKey(action: NetrunnerAction, _actor: Side): string {
  switch (action.type) {
    case 'pass':
    case 'click-credit':
    case 'click-draw':
    case 'purge':
    case 'remove-tag':
      return action.type;
    case 'choose':
      return `choose:${action.kind}:${action.key}`;
    case 'install':
      if (action.server !== undefined) return `install:${action.code}:${action.server}`;
      return `install:${action.code}${action.hostAt ? `:${action.hostAt}` : ''}`;
    case 'advance':
      return `advance:${action.code}:${action.at}`;
    case 'run':
      return `run:${action.server}`;
    case 'use':
      return `use:${action.code}:${action.ability}${action.subs ? `:${action.subs.join(',')}` : ''}`;
    case 'play':
    case 'trash-resource':
    case 'rez':
    case 'score':
      return `${action.type}:${action.code}`;
  }
}

export function observedActionKey(action: NetrunnerAction, actor: Side, observer: Side): string {
  if (actor === observer) return actionKey(action, actor);
  switch (action.type) {
    case 'choose':
      if (action.observed !== undefined) return action.observed;
      return action.public ? actionKey(action, actor) : `choose:${action.kind}`;
    case 'install':
      if (actor === 'corp') {
        return `install:${isIceCode(action.code) ? 'ice' : 'card'}:${action.server ?? 'new'}`;
      }
      return actionKey(action, actor);
    case 'advance':
      return `advance:${action.at}`;
    default:
      return actionKey(action, actor);
  }
}

import { openWindowOf, windowDecider, type GameSnapshot } from '@veil/engine';
import { findAbility } from '../actions/abilities.js';
import { CLICK_ACTION_TYPES, type NetrunnerAction } from '../actions/types.js';
import { isIceCode } from '../facts.js';
import { actionWindowActor } from '../rules/windows.js';
import type { Game, Side } from '../state/types.js';

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

/**
 * `before` is the state the action is taken in: a click action the observer is yet to be asked
 * about is held (rules/windows.ts) and seen as a pass only; without `before`, the action as
 * taken at once (as it is when the observer auto-passes).
 */
export function observedActionKey(
  action: NetrunnerAction,
  actor: Side,
  observer: Side,
  before?: GameSnapshot<Game>,
): string {
  if (actor === observer) return actionKey(action, actor);
  if (before && heldFrom(before.context, action, actor, observer)) return 'pass';
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

const CLICK_TYPES: ReadonlySet<string> = new Set(CLICK_ACTION_TYPES);

/** Whether `action` would be held in `g` until `observer`, not yet asked, passes too. */
function heldFrom(g: Game, action: NetrunnerAction, actor: Side, observer: Side): boolean {
  const w = openWindowOf(g.pauses.windows);
  if (!w || actionWindowActor(w.kind) !== actor || windowDecider(w) !== actor) return false;
  if (w.passed.includes(observer)) return false;
  if (CLICK_TYPES.has(action.type)) return true;
  return action.type === 'use' && findAbility(action.code, action.ability)?.timing === 'click';
}

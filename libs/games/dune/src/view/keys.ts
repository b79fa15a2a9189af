import type { DuneAction } from '../state/actions.js';
import type { Faction } from '../state/types.js';

/**
 * The actor's own key: the whole action (card handles replaced by nothing the key needs —
 * handles change as cards move, so keys name the action's shape and values).
 */
export function duneActionKey(action: DuneAction): string {
  switch (action.type) {
    case 'plan': {
      const p = action.plan;
      return `plan:${p.leader ?? (p.hero ? 'cheap_hero' : 'none')}:${p.dial}:${p.weapon ? 'w' : '-'}:${p.defense ? 'd' : '-'}`;
    }
    case 'karama_take':
      return 'karama_take';
    case 'karama_cancel':
      return `karama_cancel:${action.window}`;
    case 'ship':
      return `ship:${action.to}:${action.count}:${action.karama ? 'karama' : 'paid'}`;
    case 'hajr_move':
      return `hajr_move:${action.from}:${action.to}:${action.count}`;
    case 'truthtrance':
      return `truthtrance:${action.to}:${JSON.stringify(action.question)}`;
    case 'ghola':
      return `ghola:${action.leader ?? '-'}:${action.forces}`;
    case 'keep':
      return `keep:discard${action.discard.length}`;
    case 'use_semuta':
      return `use_semuta:${action.window}`;
    case 'setup':
      return `setup:${action.traitor}:${action.prediction ? `${action.prediction.faction}@${action.prediction.turn}` : '-'}`;
    default:
      return JSON.stringify(action);
  }
}

/**
 * What another seat observes of an action, matching the log: hidden commitments (setup picks,
 * storm dials, battle plans, traitor calls) are observed only as "committed" until the reveal,
 * which the log then shows to everyone; everything else (bids, shipments, moves, revivals,
 * alliances, bribes, Voice, Prescience) is public.
 */
export function duneObservedActionKey(
  action: DuneAction,
  actor: Faction,
  observer: Faction,
): string {
  if (actor === observer) return duneActionKey(action);
  switch (action.type) {
    case 'setup':
    case 'dial':
    case 'traitor':
      return `${action.type}:committed`;
    case 'plan':
      return 'plan:committed';
    case 'semuta_select':
      // The pick's handle is the claimant's; the others learn the card from the log.
      return 'semuta_select';
    default:
      return duneActionKey(action);
  }
}

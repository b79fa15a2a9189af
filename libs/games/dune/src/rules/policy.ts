import { setPolicy, type Pauses, type WindowPolicy } from '@veil/engine';
import type { DuneDecision, Faction } from '../state/types.js';

/** A seat's standing policy for a window kind (private to the seat). */
export function applyPolicyToPauses(
  pauses: Pauses<Faction, DuneDecision>,
  seat: Faction,
  kind: string,
  policy: WindowPolicy | null,
): Pauses<Faction, DuneDecision> {
  return { ...pauses, policies: setPolicy(pauses.policies, seat, kind, policy) };
}

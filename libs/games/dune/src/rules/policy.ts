import { setPolicy, type Pauses, type WindowPolicy } from '@veil/engine';
import { KARAMA_WINDOW_KINDS } from '../data/windows.js';
import type { DuneDecision, Faction } from '../state/types.js';
import { ANY_TIME } from './any-time.js';
import { SEMUTA, SEMUTA_AUTO_COMMIT } from './semuta.js';

/**
 * The kinds a seat may set a standing policy for: every window the rules open, and Semuta's
 * auto-commit (docs/games/dune.md, "Standing policies"). Any other kind is refused, so a client
 * cannot grow the state with policies nothing reads.
 */
export const POLICY_KINDS: readonly string[] = [
  ANY_TIME,
  'storm_cards',
  SEMUTA,
  SEMUTA_AUTO_COMMIT,
  ...KARAMA_WINDOW_KINDS,
];

/** A seat's standing policy for a window kind (private to the seat). */
export function applyPolicyToPauses(
  pauses: Pauses<Faction, DuneDecision>,
  seat: Faction,
  kind: string,
  policy: WindowPolicy | null,
): Pauses<Faction, DuneDecision> {
  return { ...pauses, policies: setPolicy(pauses.policies, seat, kind, policy) };
}

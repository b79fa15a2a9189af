import type { TreacheryCardId } from '../data/treachery.js';
import type { TerritoryId } from '../data/map.js';
import type { Faction } from './types.js';

/** Why cards were discarded. */
export type DiscardCause =
  | 'battle_loser'
  | 'battle_winner'
  | 'battle_traitor'
  | 'battle_explosion'
  | 'hand_limit'
  | 'card_used'
  | 'karama';

/**
 * One discard event as a semantic batch: every card that went to the discard pile at the same
 * moment, who discarded it and who may see it (base-game discards are face up: `public`).
 */
export interface DiscardBatch {
  readonly event: number;
  readonly turn: number;
  readonly phase: string;
  readonly cause: DiscardCause;
  readonly entries: ReadonlyArray<{
    readonly card: TreacheryCardId;
    readonly discardedBy: Faction;
    readonly visibility: 'public';
  }>;
}

/**
 * What remains of the operation that produced a discard batch — the producer stops at the
 * boundary and names exactly how it resumes; plain data, never a closure or a replayed action.
 */
export type DiscardContinuation =
  | {
      /** A battle's cleanup: the outcome is frozen, the next stage says what is left. */
      readonly kind: 'battle_cleanup';
      readonly batch: number;
      readonly territory: TerritoryId;
      readonly winner: Faction | null;
      readonly next: 'winner_cards' | 'finish';
    }
  | { readonly kind: 'winner_discards'; readonly batch: number; readonly territory: TerritoryId }
  /**
   * A card used up (Hajr, Tleilaxu Ghola, Truthtrance). Played in the any-time window, that
   * window's close and the point it interrupted remain (`any_time`); else nothing remains.
   */
  | { readonly kind: 'card_used'; readonly batch: number; readonly resume: 'none' | 'any_time' }
  /** Karama took the card up for auction: the sale (free) and the auction's next step remain. */
  | { readonly kind: 'karama_purchase'; readonly batch: number; readonly buyer: Faction }
  /** A Karama shipment was made: the end of the shipment (the BG's free force offer) remains. */
  | { readonly kind: 'karama_shipment'; readonly batch: number; readonly shipper: Faction }
  /** Weather Control was played: the storm's move (as the card decided) remains. */
  | { readonly kind: 'storm_card'; readonly batch: number }
  /** A Karama cancelled Voice or Prescience: closing the window and the next battle stage remain. */
  | { readonly kind: 'karama_cancel'; readonly batch: number }
  /** A Karama prevented the wormsign: the window closes. */
  | { readonly kind: 'karama_prevent'; readonly batch: number }
  /** A Karama stopped a faction power (rules/karama-powers.ts): the use resumes, stopped. */
  | { readonly kind: 'karama_power'; readonly batch: number };

import type { Faction, BattlePlan, SetupCommitment, VoiceKind } from './types.js';
import type { TreacheryCardId } from '../data/treachery.js';

/** Every action a seat can send. Cards are named by handle, never by identity. */
export type DuneAction =
  | ({ readonly type: 'setup' } & SetupCommitment)
  | {
      readonly type: 'fremen_split';
      readonly tabr: number;
      readonly south: number;
      readonly west: number;
    }
  | { readonly type: 'dial'; readonly value: number }
  | { readonly type: 'pass'; readonly window: number }
  | { readonly type: 'weather_control'; readonly window: number; readonly move: number }
  | { readonly type: 'family_atomics'; readonly window: number }
  | { readonly type: 'karama_cancel'; readonly window: number; readonly karama: string }
  | { readonly type: 'nexus_offer'; readonly to: Faction }
  | { readonly type: 'nexus_leave' }
  | { readonly type: 'nexus_done' }
  | { readonly type: 'alliance_answer'; readonly accept: boolean }
  | { readonly type: 'bid'; readonly amount: number }
  | { readonly type: 'bid_pass' }
  | { readonly type: 'karama_take'; readonly karama: string }
  | { readonly type: 'revive'; readonly forces: number; readonly leader: string | null }
  | {
      readonly type: 'ship';
      readonly to: string;
      readonly count: number;
      readonly karama: string | null;
    }
  | { readonly type: 'ship_pass' }
  | {
      readonly type: 'cross_ship';
      readonly from: string;
      readonly to: string;
      readonly count: number;
    }
  | { readonly type: 'ship_back'; readonly from: string; readonly count: number }
  | {
      readonly type: 'hajr_move';
      readonly from: string;
      readonly to: string;
      readonly count: number;
      readonly hajr: string;
    }
  | {
      readonly type: 'ghola';
      readonly ghola: string;
      readonly leader: string | null;
      readonly forces: number;
    }
  | {
      readonly type: 'truthtrance';
      readonly truthtrance: string;
      readonly to: Faction;
      readonly question: TruthQuestion;
    }
  | { readonly type: 'advisor'; readonly send: boolean }
  | { readonly type: 'move'; readonly from: string; readonly to: string; readonly count: number }
  | { readonly type: 'move_pass' }
  | { readonly type: 'battle_pick'; readonly territory: string; readonly opponent: Faction }
  | { readonly type: 'voice'; readonly kind: VoiceKind; readonly play: boolean }
  | { readonly type: 'prescience'; readonly element: 'leader' | 'weapon' | 'defense' | 'dial' }
  | { readonly type: 'plan'; readonly plan: BattlePlan }
  | { readonly type: 'traitor'; readonly call: boolean }
  | { readonly type: 'keep'; readonly discard: readonly string[] }
  | { readonly type: 'bribe'; readonly to: Faction; readonly amount: number }
  | { readonly type: 'ride'; readonly from: string; readonly to: string; readonly count: number }
  | { readonly type: 'ride_pass' }
  | { readonly type: 'gift'; readonly amount: number }
  | { readonly type: 'support'; readonly amount: number }
  | { readonly type: 'emperor_revive'; readonly count: number }
  | { readonly type: 'protect_ally'; readonly protect: boolean }
  | { readonly type: 'raise_ally_revival'; readonly raise: boolean }
  | { readonly type: 'mulligan'; readonly redraw: boolean }
  /** A Semuta holder commits at the fresh-discard boundary (window `window`). */
  | { readonly type: 'use_semuta'; readonly window: number; readonly semuta: string }
  /** The claimant picks one candidate (a handle of this inspection) when several remain. */
  | { readonly type: 'semuta_select'; readonly pick: string };

export type DuneActionType = DuneAction['type'];

/** A Truthtrance question the rules can answer (rules/truthtrance.ts). */
export type TruthQuestion =
  | { readonly kind: 'holds'; readonly card: TreacheryCardId }
  | { readonly kind: 'traitor'; readonly leader: string }
  | { readonly kind: 'spice_at_least'; readonly amount: number };

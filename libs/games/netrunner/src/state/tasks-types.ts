import type { Json, ServerId, Side } from './types.js';

/** Something that happened, which conditional (triggered) abilities may be waiting for. */
export type GameEvent =
  | { readonly e: 'turn-begins'; readonly side: Side }
  | { readonly e: 'discard-phase-ends'; readonly side: Side }
  | { readonly e: 'install'; readonly card: string }
  | { readonly e: 'rez'; readonly card: string }
  | {
      readonly e: 'score';
      readonly card: string;
      readonly advancements: number;
      /** The server whose root it was scored from. */
      readonly from: ServerId | null;
    }
  | { readonly e: 'steal'; readonly card: string }
  | { readonly e: 'advance'; readonly card: string; readonly hadCounters: boolean }
  | { readonly e: 'run-begins'; readonly server: ServerId }
  | { readonly e: 'approach-ice'; readonly ice: string }
  | { readonly e: 'encounter'; readonly ice: string }
  | { readonly e: 'pass-ice'; readonly ice: string }
  | { readonly e: 'approach-server'; readonly server: ServerId }
  | { readonly e: 'successful-run'; readonly server: ServerId }
  | { readonly e: 'breach'; readonly server: ServerId }
  | { readonly e: 'access'; readonly card: string; readonly from: string }
  | { readonly e: 'run-ends'; readonly server: ServerId; readonly successful: boolean }
  | {
      readonly e: 'tags-taken';
      readonly n: number;
      /** The first time this turn the Runner takes a tag. */
      readonly first: boolean;
    }
  | { readonly e: 'trash'; readonly card: string; readonly by: Side; readonly accessing: boolean }
  | { readonly e: 'empty'; readonly card: string };

/**
 * The work queue: instructions still to resolve, in order. Plain data; each kind names the
 * code that resolves it, so a persisted snapshot resumes exactly.
 */
export type Task =
  /** A named step of a card behaviour (a continuation of its effect). */
  | {
      readonly t: 'step';
      readonly code: string;
      readonly step: string;
      readonly source: string | null;
      readonly data: Json;
    }
  /** A conditional ability that met its trigger condition. */
  | {
      readonly t: 'trigger';
      readonly code: string;
      readonly index: number;
      readonly source: string;
      readonly event: GameEvent;
      /** Abilities triggered by the same event share a batch number. */
      readonly batch: number;
      /** Its controller already chose it to resolve next among its pending abilities. */
      readonly ordered?: boolean;
    }
  /** A step of the core rules. */
  | { readonly t: 'rule'; readonly rule: RuleTask };

export type RuleTask =
  | { readonly r: 'finish-play'; readonly card: string }
  | { readonly r: 'draw'; readonly side: Side; readonly n: number }
  | {
      readonly r: 'damage';
      readonly kind: 'net' | 'meat' | 'core';
      readonly n: number;
      readonly source: string | null;
    }
  | { readonly r: 'tag'; readonly n: number }
  | { readonly r: 'gain'; readonly side: Side; readonly n: number }
  | {
      readonly r: 'finish-install';
      readonly card: string;
      readonly server: ServerId;
      /** Ignoring all costs (Brân 1.0). */
      readonly free: boolean;
      /** Ice position index to insert at; null for outermost. */
      readonly at: number | null;
    }
  | { readonly r: 'steal'; readonly card: string }
  | { readonly r: 'access-decision'; readonly card: string }
  | { readonly r: 'access-done'; readonly card: string }
  | { readonly r: 'checkpoint' };

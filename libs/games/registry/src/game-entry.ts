import type { AnyGameModule, GameSnapshot, Rng } from '@veil/engine';
import type { z } from 'zod';

/** How far one card of a game's pool is implemented (`veil cards <game>`). */
export interface CardCoverageRow {
  readonly code: string;
  readonly title: string;
  readonly status: 'full' | 'partial';
  readonly notes: string;
}

/** How `veil selfplay` plays a game with random legal moves. */
export interface SelfplaySettings {
  /** A game still running after this many actions counts as a deadlock. */
  readonly maxActions: number;
  /**
   * Relative weights of action types for the `by-type` random policy (default 1 each): still
   * random and legal, just less wasteful.
   */
  readonly typeWeights: Readonly<Record<string, number>>;
  /**
   * For games with a variable number of seats: room options seating `seats` players, drawn
   * with `rng` (e.g. which factions). `veil selfplay --seats` needs it.
   */
  readonly seatOptions?: (seats: number, rng: Rng) => Record<string, unknown>;
}

/**
 * One game as every part of Veil knows it: the game node and the AI workers run `module`, the
 * CLI lists `cards` and plays `selfplay`, the web client loads `webBoard`. Adding a game means
 * adding its package and one entry like this (docs/architecture.md, "The game registry").
 */
export interface GameEntry {
  /** The rules; `module.id` is the game's id everywhere (rooms, protocol, CLI). */
  readonly module: AnyGameModule;
  /** The card pool with its implementation status, for games that have one. */
  readonly cards?: readonly CardCoverageRow[];
  readonly selfplay: SelfplaySettings;
  /**
   * The web client's board for this game: its key in `services/web/src/boards.ts`, the game's
   * id (a room page finds it by the room's game). A production game has one.
   */
  readonly webBoard?: string;
  /**
   * The deciders the game still needs an action from (default: every decider). A seat that is
   * in on an open simultaneous choice stays a decider — no view may tell who is in — but owes
   * nothing; the game node asks bots only for these seats. Read on the node only.
   */
  readonly awaiting?: (snapshot: GameSnapshot<unknown>) => readonly string[];
  /**
   * The room options (`gameOptions`) the game takes, strict and bounded: a room whose options
   * it refuses is never set up (`bad_request`). Without it, the options as the protocol bounds
   * them; every production game has one.
   */
  readonly options?: z.ZodType;
  /** The reaction-window kinds a seat may set a standing policy for (default: any). */
  readonly policyKinds?: readonly string[];
}

import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalJson } from '../canonical-json.js';
import type { AnyGameModule, GameSnapshot, PersistedGame } from '../game-module.js';
import { applyAction, persistGame, restoreGame } from '../play.js';
import { playRandom, type Move } from './random-play.js';

/**
 * A rules version's recorded log (docs/architecture.md, "Rules versions"): seeded games as a
 * room stores them — the first snapshot and the moves — with a digest of the state after each
 * move. Recorded once when the version is made and kept while the rules play that version,
 * its replay proves that the code still plays the version's stored rooms as they were played.
 */
export interface RulesLog {
  readonly game: string;
  readonly rulesVersion: number;
  readonly games: readonly RulesLogGame[];
}

export interface RulesLogGame {
  readonly seed: number;
  readonly start: PersistedGame<unknown>;
  readonly moves: readonly Move[];
  /** `digests[i]`: the state after `moves[i]`. */
  readonly digests: readonly string[];
}

/** Where a replay first left its log. */
export interface RulesLogDivergence {
  readonly game: number;
  readonly move: number;
  /** `refused`: the move is not legal any more; `state`: it leads to another state. */
  readonly reason: 'refused' | 'state';
}

/**
 * The first 16 hex digits of the SHA-256 of the state's stored form, keys sorted — with the
 * game's log (`context.log`, where every game keeps it) counted, not read: its words are not
 * rules, and a stored room whose later lines are worded anew still plays the same game.
 */
export function stateDigest(snapshot: GameSnapshot<unknown>): string {
  const stored = persistGame(snapshot);
  const context = stored.context as { log?: unknown } | null;
  const played = Array.isArray(context?.log)
    ? { ...stored, context: { ...context, log: context.log.length } }
    : stored;
  return bytesToHex(sha256(utf8ToBytes(canonicalJson(played)))).slice(0, 16);
}

/** Seeded random games of the module's default options, `steps` moves at most each. */
export function recordRulesLog(
  module: AnyGameModule,
  seeds: readonly number[],
  steps: number,
): RulesLog {
  const games = seeds.map((seed): RulesLogGame => {
    const { snapshots, moves } = playRandom(module, {}, seed, steps);
    const [first, ...after] = snapshots as [GameSnapshot<unknown>, ...GameSnapshot<unknown>[]];
    return { seed, start: persistGame(first), moves, digests: after.map(stateDigest) };
  });
  return { game: module.id, rulesVersion: module.rulesVersion, games };
}

/**
 * Replays each game of the log the way a node loads a room — from its stored first snapshot,
 * every move checked for legality — and answers where the first one departs from it, if any.
 */
export function replayRulesLog(module: AnyGameModule, log: RulesLog): RulesLogDivergence | null {
  for (const [game, played] of log.games.entries()) {
    let snapshot = restoreGame(module, played.start);
    for (const [move, { seat, action }] of played.moves.entries()) {
      try {
        snapshot = applyAction(module, snapshot, seat, action);
      } catch {
        return { game, move, reason: 'refused' };
      }
      if (stateDigest(snapshot) !== played.digests[move]) return { game, move, reason: 'state' };
    }
  }
  return null;
}

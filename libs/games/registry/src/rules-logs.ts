import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { AnyGameModule } from '@veil/engine';
import { recordRulesLog, type RulesLog } from '@veil/engine/testing';

/**
 * The recorded logs of a game's rules versions (docs/architecture.md, "Rules versions"): one
 * file per version, `libs/games/<game id>/rules-logs/v<version>.json`, kept while the rules
 * play that version. Test and recording code only (it needs the source tree).
 */
export function rulesLogsDir(gameId: string): string {
  return fileURLToPath(new URL(`../../${gameId}/rules-logs/`, import.meta.url));
}

const FILE = /^v(\d+)\.json$/;

/** The versions a game has logs of, ascending. */
export function loggedRulesVersions(gameId: string): number[] {
  const dir = rulesLogsDir(gameId);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => FILE.exec(name)?.[1])
    .filter((v): v is string => v !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

export function readRulesLog(gameId: string, version: number): RulesLog {
  return JSON.parse(
    readFileSync(join(rulesLogsDir(gameId), `v${version}.json`), 'utf8'),
  ) as RulesLog;
}

/** Seeds and length of the games a log records: enough moves to pass through most rules. */
export const RULES_LOG_SEEDS = [1, 2, 3, 4, 5] as const;
export const RULES_LOG_STEPS = 400;

/**
 * Records the log of the module's current version. A version's log is never written over: it
 * pins how that version's stored rooms play, so a second recording could only hide a change.
 */
export function writeRulesLog(module: AnyGameModule): { file: string; written: boolean } {
  const dir = rulesLogsDir(module.id);
  const file = join(dir, `v${module.rulesVersion}.json`);
  if (existsSync(file)) return { file, written: false };
  const log = recordRulesLog(module, RULES_LOG_SEEDS, RULES_LOG_STEPS);
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(log)}\n`);
  return { file, written: true };
}

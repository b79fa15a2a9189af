import { openRoomStore } from '@veil/store';
import { parseArgs, UsageError } from './args.js';
import { startOptionsFromEnv } from './start.js';

/**
 * `veil migrate`: brings the store's schema to the latest migration and exits. `veil start`
 * migrates too; this lets an operator run a long migration (0006 rewrites `room_snapshots`) while
 * the game nodes are stopped, before starting the new release. It opens the store `veil start`
 * would: `DATABASE_URL`, else PGlite under `VEIL_DATA_DIR` (default `./.veil`).
 */
export async function migrate(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const args = parseArgs(argv, { options: [], flags: ['json'] });
  if (args.positional.length > 0) {
    throw new UsageError('migrate takes no arguments (configure it with env)');
  }
  const { databaseUrl, dataDir } = startOptionsFromEnv(env);
  const where = databaseUrl ? `Postgres at ${serverOf(databaseUrl)}` : `PGlite in ${dataDir}`;
  console.error(`veil: migrating the store (${where})`);
  const started = performance.now();
  let applied: string[];
  try {
    const store = await openRoomStore({ databaseUrl, dataDir, migrate: false });
    try {
      ({ applied } = await store.migrate());
    } finally {
      await store.close();
    }
  } catch (error) {
    console.error(`veil: migration failed: ${error instanceof Error ? error.message : error}`);
    return 1;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (args.flags.has('json')) console.log(JSON.stringify({ applied }));
  else if (applied.length === 0) console.log(`the store is up to date (${seconds} s)`);
  else console.log(`applied ${applied.join(', ')} (${seconds} s)`);
  return 0;
}

/** Host, port and database of a server URL, never its credentials. */
function serverOf(url: string): string {
  try {
    const { host, pathname } = new URL(url);
    return `${host}${pathname}`;
  } catch {
    return 'DATABASE_URL (not a URL)';
  }
}

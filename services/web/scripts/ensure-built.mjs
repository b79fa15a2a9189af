#!/usr/bin/env node
// Builds the web client (services/web/dist) unless it is newer than every file it is built
// from. Run by the root `prestart` (so `npm install && npm start` serves the client) and by the
// browser tests. `--force` always builds. Without vite (a production install without dev
// dependencies) it warns and leaves dist/ as it is: the server still runs, with or without it.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const repo = join(web, '..', '..');
const output = join(web, 'dist', 'index.html');

/** What the bundle is made of: the client's sources and the workspace code it imports. */
const INPUTS = [
  join(web, 'index.html'),
  join(web, 'vite.config.ts'),
  join(web, 'package.json'),
  join(web, 'src'),
  join(repo, 'libs', 'client', 'src'),
  join(repo, 'libs', 'protocol', 'src'),
  join(repo, 'libs', 'games', 'netrunner', 'src', 'catalog'),
  join(repo, 'libs', 'games', 'netrunner', 'src', 'decks'),
  join(repo, 'libs', 'games', 'dune', 'src', 'client.ts'),
  join(repo, 'libs', 'games', 'dune', 'src', 'data'),
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return path.endsWith('.test.ts') ? 0 : info.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

const force = process.argv.includes('--force');
const built = existsSync(output) ? statSync(output).mtimeMs : 0;
const sources = Math.max(...INPUTS.map(newest));
const where = relative(process.cwd(), join(web, 'dist')) || 'dist';

if (!force && built > 0 && built >= sources) {
  console.error(`veil web: ${where} is up to date`);
} else {
  let build;
  try {
    ({ build } = await import('vite'));
  } catch {
    console.error(
      `veil web: vite is not installed (dev dependencies omitted?): ${
        built > 0 ? `serving the existing ${where}` : 'the web client is not built'
      }`,
    );
    process.exit(0);
  }
  console.error(`veil web: building ${where}${built > 0 ? ' (sources changed)' : ''}…`);
  const started = Date.now();
  await build({ root: web, configFile: join(web, 'vite.config.ts'), logLevel: 'warn' });
  console.error(`veil web: built in ${Date.now() - started} ms`);
}

/**
 * `npm run rules-log -- <game id>…`: records the log of each game's current rules version
 * (rules-logs.ts), for the games a production process runs. Run it after bumping a game's
 * `rulesVersion`; an existing log is left as it is.
 */
import { PRODUCTION_GAMES } from './games.js';
import { writeRulesLog } from './rules-logs.js';

function main(wanted: readonly string[]): number {
  const known = PRODUCTION_GAMES.map((entry) => entry.module.id);
  if (wanted.length === 0 || wanted.some((id) => !known.includes(id))) {
    console.error(`usage: npm run rules-log -- <game>… (games: ${known.join(', ')})`);
    return 2;
  }
  for (const entry of PRODUCTION_GAMES.filter((e) => wanted.includes(e.module.id))) {
    const { id, rulesVersion } = entry.module;
    console.log(`${id}: recording rules version ${rulesVersion}…`);
    const { file, written } = writeRulesLog(entry.module);
    console.log(written ? `${id}: wrote ${file}` : `${id}: ${file} exists, left as it is`);
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));

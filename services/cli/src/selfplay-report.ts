import { botSelfplay, type BotSelfplayConfig } from './selfplay-bots.js';

/** `veil selfplay` with bot levels: a progress line per game on stderr, then the summary. */
export function runBotSelfplay(config: BotSelfplayConfig, json: boolean): number {
  const started = performance.now();
  const id = config.module.id;
  const summary = botSelfplay({
    ...config,
    onGame: (done, so) => {
      const wins = Object.entries(so.wins)
        .map(([seat, n]) => `${seat} ${n}`)
        .join(', ');
      process.stderr.write(`selfplay ${id}: ${done}/${config.games} games (${wins})\n`);
    },
  });
  const seconds = (performance.now() - started) / 1000;
  if (!json) {
    const levels = Object.entries(summary.levels)
      .map(([seat, level]) => `${seat}=${level}`)
      .join(' ');
    console.log(`${summary.finished}/${summary.games} games finished in ${seconds.toFixed(1)} s`);
    console.log(`levels: ${levels}${config.iterations ? `, iterations ${config.iterations}` : ''}`);
    console.log(`wins: ${JSON.stringify(summary.wins)}, draws: ${summary.draws}`);
    console.log(`reasons: ${JSON.stringify(summary.reasons)}`);
    console.log(
      `average actions: ${summary.avgActions}, decisions with a choice: ${summary.decisions} (mean ${summary.decisionMeanMs} ms)`,
    );
    console.log(`errors: ${summary.errors}, deadlocks: ${summary.deadlocks}`);
    for (const f of summary.failures)
      console.log(`  game ${f.game} (seed ${f.seed}): ${f.message}`);
  }
  if (json) console.log(JSON.stringify(summary));
  return summary.errors + summary.deadlocks === 0 ? 0 : 1;
}

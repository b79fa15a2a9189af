/**
 * The takeover chart of docs/reliability.md: from the fault suite's JSON (`FAULT_JSON`), the
 * share of moved rooms committed again on another node within t seconds of the fault, one step
 * line for kills and one for pauses, against issue 36's targets (p50 ≤ 2 s, p95 ≤ 5 s,
 * max ≤ 10 s). Hand-written SVG, no dependency.
 *
 *   npx tsx test/fault/takeover-chart.ts fault.json docs/reliability/takeover.svg
 */
import { readFile, writeFile } from 'node:fs/promises';

interface Samples {
  readonly kill: readonly (number | null)[];
  readonly pause: readonly (number | null)[];
}

const WIDTH = 720;
const HEIGHT = 320;
const LEFT = 56;
const RIGHT = 24;
const TOP = 40;
const BOTTOM = 48;
const SERIES = [
  { key: 'kill', label: 'SIGKILL', colour: '#1f77b4' },
  { key: 'pause', label: 'SIGSTOP', colour: '#d62728' },
] as const;
/** Issue 36's targets: [seconds, share of rooms]. */
const TARGETS = [
  [2, 0.5, 'p50 ≤ 2 s'],
  [5, 0.95, 'p95 ≤ 5 s'],
  [10, 1, 'max ≤ 10 s'],
] as const;

const fixed = (v: number) => v.toFixed(1);

/** Nearest-rank percentile of ascending `sorted` (as the fault suite reports them). */
function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? null;
}

export function takeoverChartSvg(samples: Samples, caption: string): string {
  const seconds = (key: keyof Samples) =>
    samples[key].map((ms) => (ms === null ? Infinity : ms / 1000)).sort((a, b) => a - b);
  const all = [...seconds('kill'), ...seconds('pause')].filter(Number.isFinite);
  const xMax = Math.max(10, Math.ceil(Math.max(0, ...all)));
  const x = (s: number) => LEFT + (Math.min(s, xMax) / xMax) * (WIDTH - LEFT - RIGHT);
  const y = (share: number) => TOP + (1 - share) * (HEIGHT - TOP - BOTTOM);
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>`,
    `<text x="${LEFT}" y="20" font-size="14">Takeover: fault → the moved room committed again on another node</text>`,
  );
  // Axes and grid: seconds along, share of rooms up.
  for (let s = 0; s <= xMax; s += xMax > 20 ? 5 : 1) {
    parts.push(
      `<line x1="${fixed(x(s))}" y1="${y(0)}" x2="${fixed(x(s))}" y2="${y(1)}" stroke="#eee"/>`,
      `<text x="${fixed(x(s))}" y="${y(0) + 16}" text-anchor="middle">${s}</text>`,
    );
  }
  for (const share of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(
      `<line x1="${LEFT}" y1="${fixed(y(share))}" x2="${WIDTH - RIGHT}" y2="${fixed(y(share))}" stroke="#eee"/>`,
      `<text x="${LEFT - 6}" y="${fixed(y(share) + 4)}" text-anchor="end">${Math.round(share * 100)} %</text>`,
    );
  }
  parts.push(
    `<line x1="${LEFT}" y1="${y(0)}" x2="${WIDTH - RIGHT}" y2="${y(0)}" stroke="#333"/>`,
    `<line x1="${LEFT}" y1="${y(0)}" x2="${LEFT}" y2="${y(1)}" stroke="#333"/>`,
    `<text x="${(LEFT + WIDTH - RIGHT) / 2}" y="${HEIGHT - 12}" text-anchor="middle">seconds after the fault (${caption})</text>`,
  );
  // The targets: a room share that must be reached by a time.
  for (const [s, share, label] of TARGETS) {
    parts.push(
      `<path d="M${fixed(x(s))},${fixed(y(share))} h-6 M${fixed(x(s))},${fixed(y(share))} v6" stroke="#2a2" stroke-width="2" fill="none"/>`,
      `<text x="${fixed(x(s) - 4)}" y="${fixed(y(share) + 16)}" text-anchor="end" fill="#2a2">target ${label}</text>`,
    );
  }
  // One step line per kind: the share of its rooms moved by each time.
  SERIES.forEach(({ key, label, colour }, row) => {
    const times = seconds(key);
    if (times.length === 0) return;
    let d = `M${x(0)},${y(0)}`;
    times.forEach((s, i) => {
      if (!Number.isFinite(s)) return;
      d += ` H${fixed(x(s))} V${fixed(y((i + 1) / times.length))}`;
    });
    d += ` H${x(xMax)}`;
    const finite = times.filter(Number.isFinite);
    const p = (q: number) => percentile(finite, q);
    const stat = (v: number | null) => (v === null ? '–' : `${v.toFixed(2)} s`);
    const lost = times.length - finite.length;
    parts.push(
      `<path d="${d}" stroke="${colour}" stroke-width="2" fill="none"/>`,
      `<text x="${fixed(x(xMax * 0.3))}" y="${fixed(y(0.3) + row * 18)}" fill="${colour}">${label}: ${times.length} rooms, p50 ${stat(p(50))}, p95 ${stat(p(95))}, max ${stat(finite.at(-1) ?? null)}${lost ? `, ${lost} not moved` : ''}</text>`,
    );
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

async function main(argv: readonly string[]): Promise<void> {
  const [input, output] = argv;
  if (!input || !output) {
    process.stderr.write('usage: npx tsx test/fault/takeover-chart.ts <fault.json> <out.svg>\n');
    process.exitCode = 2;
    return;
  }
  const json = JSON.parse(await readFile(input, 'utf8')) as {
    faultSuite: { date: string; kills: number; pauses: number; loadAvg1m: { start: number } };
    takeoverSamplesMs: Samples;
  };
  const { date, kills, pauses, loadAvg1m } = json.faultSuite;
  const caption = `fault suite, ${kills} kills and ${pauses} pauses, ${date.slice(0, 16).replace('T', ' ')} UTC, load ~${loadAvg1m.start}`;
  await writeFile(output, takeoverChartSvg(json.takeoverSamplesMs, caption));
}

await main(process.argv.slice(2));

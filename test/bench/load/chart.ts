/**
 * The "latency under load" chart of docs/reliability.md, hand-written SVG from the load
 * benchmark's JSON (the last line of `npm run bench -- load --json`):
 *
 *   npx tsx test/bench/load/chart.ts <load.json> docs/charts/load-latency.svg
 *
 * x: committed actions per second of each step; y (log scale): act → view p50 and p99 of the game
 * nodes and of the stand-in floor at the same rate. The step where the load broke is marked.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface ChartInput {
  readonly rooms: number;
  readonly spectators: number;
  readonly steps: readonly {
    actionsPerSecond: number;
    p50Ms: number;
    p99Ms: number;
    loadAvg1m: number;
    broke: string | null;
  }[];
  readonly floor: readonly { p50Ms: number; p99Ms: number }[];
  readonly machine: { date: string; cpus: number };
}

const WIDTH = 720;
const HEIGHT = 420;
const PAD = { left: 64, right: 170, top: 48, bottom: 56 };

interface Series {
  name: string;
  color: string;
  dashed: boolean;
  points: [number, number][];
}

export function latencyChartSvg(input: ChartInput): string {
  const xs = input.steps.map((s) => s.actionsPerSecond);
  const series: Series[] = [
    { name: 'Veil p99', color: '#c0392b', dashed: false, points: [] },
    { name: 'Veil p50', color: '#2471a3', dashed: false, points: [] },
    { name: 'floor p99', color: '#c0392b', dashed: true, points: [] },
    { name: 'floor p50', color: '#2471a3', dashed: true, points: [] },
  ];
  input.steps.forEach((step, i) => {
    const floor = input.floor[i];
    const x = xs[i] ?? 0;
    series[0]?.points.push([x, step.p99Ms]);
    series[1]?.points.push([x, step.p50Ms]);
    if (floor) {
      series[2]?.points.push([x, floor.p99Ms]);
      series[3]?.points.push([x, floor.p50Ms]);
    }
  });
  const values = series.flatMap((s) => s.points.map(([, y]) => y)).filter((y) => y > 0);
  const yMin = 10 ** Math.floor(Math.log10(Math.min(...values)));
  const yMax = 10 ** Math.ceil(Math.log10(Math.max(...values)));
  const xMax = niceCeiling(Math.max(...xs));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const px = (x: number) => PAD.left + (x / xMax) * plotW;
  const py = (y: number) =>
    PAD.top + plotH - ((Math.log10(y) - Math.log10(yMin)) / Math.log10(yMax / yMin)) * plotH;

  const parts: string[] = [];
  // Horizontal grid at each power of ten (and 2×, 5× between), labelled in ms.
  for (let decade = yMin; decade < yMax * 1.001; decade *= 10) {
    for (const m of [1, 2, 5]) {
      const y = decade * m;
      if (y > yMax * 1.001) break;
      const strong = m === 1;
      parts.push(
        `<line x1="${PAD.left}" x2="${PAD.left + plotW}" y1="${f(py(y))}" y2="${f(py(y))}" stroke="#ddd" stroke-width="${strong ? 1 : 0.5}"/>`,
        `<text x="${PAD.left - 6}" y="${f(py(y) + 4)}" text-anchor="end">${y >= 1 ? y : y.toFixed(1)}</text>`,
      );
    }
  }
  const divisions = String(xMax).startsWith('2') ? 4 : 5;
  for (let i = 0; i <= divisions; i++) {
    const x = (xMax * i) / divisions;
    parts.push(
      `<line x1="${f(px(x))}" x2="${f(px(x))}" y1="${PAD.top}" y2="${PAD.top + plotH}" stroke="#eee"/>`,
      `<text x="${f(px(x))}" y="${PAD.top + plotH + 18}" text-anchor="middle">${Math.round(x)}</text>`,
    );
  }
  parts.push(
    `<rect x="${PAD.left}" y="${PAD.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#888"/>`,
    `<text x="${PAD.left + plotW / 2}" y="${HEIGHT - 14}" text-anchor="middle">committed actions per second (Corp acts + bot moves)</text>`,
    `<text transform="translate(16 ${PAD.top + plotH / 2}) rotate(-90)" text-anchor="middle">act → view, ms (log scale)</text>`,
  );
  for (const s of series) {
    const path = s.points.map(([x, y]) => `${f(px(x))},${f(py(y))}`).join(' ');
    parts.push(
      `<polyline points="${path}" fill="none" stroke="${s.color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="6 4"' : ''}/>`,
      ...s.points.map(
        ([x, y]) => `<circle cx="${f(px(x))}" cy="${f(py(y))}" r="3" fill="${s.color}"/>`,
      ),
    );
  }
  const broken = input.steps.findIndex((s) => s.broke);
  if (broken >= 0) {
    const x = px(xs[broken] ?? 0);
    parts.push(
      `<line x1="${f(x)}" x2="${f(x)}" y1="${PAD.top}" y2="${PAD.top + plotH}" stroke="#555" stroke-dasharray="2 3"/>`,
      `<text x="${f(x - 4)}" y="${PAD.top + 14}" text-anchor="end">breaks here</text>`,
    );
  }
  series.forEach((s, i) => {
    const y = PAD.top + 10 + i * 20;
    const x = PAD.left + plotW + 16;
    parts.push(
      `<line x1="${x}" x2="${x + 28}" y1="${y}" y2="${y}" stroke="${s.color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="6 4"' : ''}/>`,
      `<text x="${x + 34}" y="${y + 4}">${s.name}</text>`,
    );
  });
  const loads = input.steps.map((s) => s.loadAvg1m);
  const title =
    `${input.rooms.toLocaleString('en-US')} Netrunner rooms on 2 game nodes, ` +
    `${input.spectators.toLocaleString('en-US')} spectator sockets`;
  const subtitle =
    `${input.machine.date.slice(0, 10)}, ${input.machine.cpus} vCPUs shared with other work ` +
    `(load average ${Math.min(...loads)}–${Math.max(...loads)})`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>`,
    `<text x="${PAD.left}" y="20" font-size="14" font-weight="bold">${title}</text>`,
    `<text x="${PAD.left}" y="36" fill="#555">${subtitle}</text>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}

/** 1, 2 or 5 times a power of ten, at least `value`. */
function niceCeiling(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((m) => m * power >= value) ?? 10) * power;
}

function f(n: number): string {
  return n.toFixed(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [input, output] = process.argv.slice(2);
  if (!input || !output) {
    process.stderr.write('usage: npx tsx test/bench/load/chart.ts <load.json> <out.svg>\n');
    process.exit(2);
  }
  const lines = readFileSync(input, 'utf8').trim().split('\n');
  const figures = JSON.parse(lines[lines.length - 1] ?? '{}') as ChartInput;
  writeFileSync(output, latencyChartSvg(figures));
}

/**
 * Summarizes a V8 `.cpuprofile` (from `node --cpu-prof`): the functions with the most self time
 * and the most inclusive time. Usage: `npx tsx test/bench/common/profile-top.ts FILE [N] [FN]`,
 * where FN (a function name, e.g. `applyAction`) keeps only the samples taken under it.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export function topFunctions(
  profile: Profile,
  limit: number,
  under?: string,
): { self: string[]; total: string[] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const name = (n: ProfileNode): string => {
    const file = n.callFrame.url
      .replace(/^file:\/\//, '')
      .replace(/^.*\/(libs|node_modules)\//, '$1/');
    return `${n.callFrame.functionName || '(anonymous)'} ${file}:${n.callFrame.lineNumber + 1}`;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let all = 0;
  const within = (id: number): boolean => {
    if (!under) return true;
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      if (byId.get(cur)?.callFrame.functionName === under) return true;
    }
    return false;
  };
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node || !within(id)) continue;
    all += us;
    self.set(name(node), (self.get(name(node)) ?? 0) + us);
    // Inclusive: count each distinct function once per sample stack.
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur);
      if (!n) break;
      const key = name(n);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + us);
    }
  }
  const fmt = (entries: Map<string, number>): string[] =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([key, us]) => `${((us / all) * 100).toFixed(1).padStart(5)}%  ${key}`);
  return { self: fmt(self), total: fmt(total) };
}

// `FILE [N] [FUNCTION]`: with FUNCTION, only the samples under a call of that function count.
const [file, limit, under] = process.argv.slice(2);
if (file) {
  const { self, total } = topFunctions(
    JSON.parse(readFileSync(file, 'utf8')) as Profile,
    Number(limit ?? 25),
    under,
  );
  process.stdout.write(`self time:\n${self.join('\n')}\n\ninclusive time:\n${total.join('\n')}\n`);
}

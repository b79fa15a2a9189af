import { writableMemory } from '../state/draft.js';
import { log } from '../state/log.js';
import type { Game } from '../state/types.js';
import { fire } from './tasks.js';

export function giveTags(g: Game, n: number): void {
  if (n <= 0) return;
  g.runner.tags += n;
  const first = !g.memory.firsts['tags-taken'];
  writableMemory(g).firsts['tags-taken'] = true;
  log(g, null, `The Runner takes ${n} tag${n === 1 ? '' : 's'}.`);
  fire(g, { e: 'tags-taken', n, first });
}

export function removeTags(g: Game, n: number): void {
  g.runner.tags = Math.max(0, g.runner.tags - n);
}

export function isTagged(g: Game): boolean {
  return g.runner.tags > 0;
}

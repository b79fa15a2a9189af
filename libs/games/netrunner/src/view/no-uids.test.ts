import { describe, expect, it } from 'vitest';
import { playRandom } from '@veil/engine/testing';
import { netrunner } from '../module.js';
import { PAIRINGS } from '../testing/pairings.js';

/** Every string anywhere inside a JSON value. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      strings(v, out);
    }
  }
  return out;
}

describe('views never carry internal card uids', () => {
  it('no string of any view, legal action or log view is a uid', () => {
    let checked = 0;
    PAIRINGS.forEach((options, p) => {
      const { snapshots } = playRandom(netrunner, options, 100 + p, 200);
      for (let i = 0; i < snapshots.length; i += 13) {
        const s = snapshots[i];
        if (!s) continue;
        const uids = new Set(Object.keys(s.context.cards));
        for (const viewer of ['corp', 'runner', 'spectator'] as const) {
          const seen = [
            ...strings(netrunner.view(s, viewer)),
            ...strings(s.context.log.map((e) => netrunner.logView(e, viewer))),
          ];
          // Counters and sequence numbers are numbers, never strings: a uid string is a leak.
          expect(seen.filter((x) => uids.has(x))).toEqual([]);
          checked += 1;
        }
      }
    });
    expect(checked).toBeGreaterThan(30);
  });
});

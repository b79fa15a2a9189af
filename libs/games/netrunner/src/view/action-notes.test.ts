import { describe, expect, it } from 'vitest';
import { playRandom } from '@veil/engine/testing';
import type { NetrunnerAction } from '../actions/types.js';
import { netrunner } from '../module.js';
import type { Game } from '../state/types.js';

/**
 * The cost a view shows beside an action is what taking it spends: over seeded random games,
 * every action taken whose only effect on the seat's pools is its cost is compared with the
 * clicks and credits it actually took.
 */
const PAYING = new Set(['install', 'rez', 'advance', 'remove-tag', 'trash-resource', 'use']);

describe('action notes', () => {
  it('give every legal action the clicks and credits taking it spends', () => {
    const checked = new Map<string, number>();
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { snapshots, moves } = playRandom(netrunner, {}, seed, 1500);
      moves.forEach((move, i) => {
        const { seat } = move;
        const action = move.action as NetrunnerAction;
        const before = snapshots[i];
        const after = snapshots[i + 1];
        if (!before || !after) return;
        const view = netrunner.view(before, seat);
        const actions = view.legalActions ?? [];
        expect(view.actionNotes).toHaveLength(actions.length);
        const index = actions.findIndex((a) => JSON.stringify(a) === JSON.stringify(action));
        const note = view.actionNotes?.[index];
        expect(note).toBeDefined();
        if (!note || !PAYING.has(action.type)) return;
        // A use without a credit figure (a click ability gaining credits) is checked for clicks.
        const g: Game = before.context;
        const h: Game = after.context;
        // Only actions carried out at once (no decision left open, the same turn).
        if (h.pauses.decisions.length > 0 || h.turn !== g.turn) return;
        const ability = action.type === 'use' ? action.ability : '';
        expect(g[seat].clicks - h[seat].clicks, `${action.type} ${ability} clicks`).toBe(
          note.cost.clicks,
        );
        if (action.type === 'use' && ability !== 'break' && ability !== 'pump') return;
        expect(g[seat].credits - h[seat].credits, `${action.type} ${ability} credits`).toBe(
          note.cost.credits,
        );
        const key = action.type === 'use' ? `use:${ability}` : action.type;
        checked.set(key, (checked.get(key) ?? 0) + 1);
      });
    }
    for (const key of ['install', 'rez', 'advance', 'use:break', 'use:pump']) {
      expect(checked.get(key) ?? 0, key).toBeGreaterThan(0);
    }
  });

  it('list the breakers for the encountered ice with the figures the legal breaks carry', () => {
    let encounters = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      for (const snapshot of playRandom(netrunner, {}, seed, 1500).snapshots) {
        const view = netrunner.view(snapshot, 'runner');
        const enc = view.run?.encounter;
        if (!enc || !view.breakers) continue;
        for (const b of view.breakers) {
          const legal = (view.legalActions ?? []).flatMap((a, i) =>
            a.type === 'use' && a.card === b.card && a.ability === b.breaks.ability ? [i] : [],
          );
          const open = enc.subroutines.some((s) => !s.broken);
          if (b.strength >= enc.strength && open && view.runner.credits >= b.breaks.credits) {
            encounters += 1;
            expect(legal.length).toBeGreaterThan(0);
          }
          for (const i of legal) {
            expect(view.actionNotes?.[i]?.cost.credits).toBe(b.breaks.credits);
          }
        }
      }
    }
    expect(encounters).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from 'vitest';
import { candidates, decide, type BotLevel } from '@veil/ai';
import { TERRITORIES } from '../data/map.js';
import { dune, type DuneModule } from '../module.js';
import { territoryOf } from '../rules/board.js';
import type { DuneAction } from '../state/actions.js';
import type { Faction } from '../state/types.js';
import { duneActionKey } from '../view/keys.js';
import { duneCandidates, MAX_CANDIDATES } from './candidates.js';
import { dunePositions } from './positions.js';

/** Positions whose list is too long to weigh every action (shipments, moves, plans, bids). */
const LONG = dunePositions(16, { every: 7, minChoices: MAX_CANDIDATES + 1, seed: 7 });

type Filter = (legal: readonly DuneAction[], seat: Faction) => DuneAction[];

const stronghold = (area: string) => TERRITORIES[territoryOf(area)]?.kind === 'stronghold';

/**
 * What a candidate list must be, as problems found: bounded, non-empty, taken from the legal
 * list in its order, one per key; every pass and card play kept; and each stronghold a paid
 * shipment can reach offered with its least and its most forces.
 */
function problems(filter: Filter, legal: readonly DuneAction[], seat: Faction): string[] {
  const out = filter(legal, seat);
  const found: string[] = [];
  if (out.length === 0 || out.length > MAX_CANDIDATES) found.push(`size ${out.length}`);
  const at = out.map((a) => legal.indexOf(a));
  if (at.some((i) => i < 0)) found.push('an action not in the legal list');
  if (at.some((i, k) => k > 0 && i <= (at[k - 1] as number))) found.push('not in legal order');
  if (new Set(out.map(duneActionKey)).size !== out.length) found.push('a key twice');
  const kept = new Set(out.map(duneActionKey));
  const amountless = ['pass', 'ship_pass', 'move_pass', 'bid_pass', 'ride_pass', 'karama_take'];
  for (const a of legal) {
    if (amountless.includes(a.type) && !kept.has(duneActionKey(a))) found.push(`no ${a.type}`);
  }
  const paid = legal.filter(
    (a): a is Extract<DuneAction, { type: 'ship' }> =>
      a.type === 'ship' && a.karama === null && stronghold(a.to),
  );
  for (const t of new Set(paid.map((a) => territoryOf(a.to)))) {
    const counts = paid.filter((a) => territoryOf(a.to) === t).map((a) => a.count);
    const offered = out.flatMap((a) =>
      a.type === 'ship' && a.karama === null && territoryOf(a.to) === t ? [a.count] : [],
    );
    if (!offered.includes(Math.min(...counts))) found.push(`no fewest to ${t}`);
    if (!offered.includes(Math.max(...counts))) found.push(`no most to ${t}`);
  }
  return found;
}

describe("Dune's candidate actions", () => {
  it('are the whole list when it is short, and a bounded, ordered, legal part of a long one', () => {
    expect(LONG.length).toBe(16);
    const types = new Set<string>();
    let ships = 0;
    for (const { snapshot, seat, where } of LONG) {
      const legal = dune.legalActions(snapshot, seat);
      expect(problems(duneCandidates, legal, seat), where).toEqual([]);
      // The same list, or a copy of it, gives the same candidates.
      const again = duneCandidates(structuredClone(legal), seat);
      expect(again, where).toEqual(duneCandidates(legal, seat));
      for (const a of legal) types.add(a.type);
      if (legal.some((a) => a.type === 'ship')) ships++;
      const short = legal.slice(0, MAX_CANDIDATES);
      expect(duneCandidates(short, seat), where).toEqual(short);
    }
    // Long lists of several kinds, shipments among them.
    expect(ships).toBeGreaterThan(2);

    expect(types.size).toBeGreaterThan(3);
  });

  it('catches broken filters: uncapped, dropping the passes, or keeping only the first actions', () => {
    const uncapped: Filter = (legal) => [...legal];
    const noPasses: Filter = (legal, seat) =>
      duneCandidates(legal, seat).filter((a) => !a.type.endsWith('pass'));
    const firstOnes: Filter = (legal) => legal.slice(0, MAX_CANDIDATES);
    for (const broken of [uncapped, noPasses, firstOnes]) {
      const caught = LONG.filter(
        ({ snapshot, seat }) => problems(broken, dune.legalActions(snapshot, seat), seat).length,
      );
      expect(caught.length).toBeGreaterThan(0);
    }
  });

  it('bound what every searching level weighs, and the bots answer with one of them', () => {
    const levels: [BotLevel, number][] = [
      ['greedy', 1],
      ['ismcts', 16],
      ['expert', 16],
    ];
    const all: DuneModule = { ...dune, candidateActions: undefined };
    let outside = 0;
    for (const [i, { snapshot, seat, where }] of LONG.slice(0, 4).entries()) {
      const legalActions = dune.legalActions(snapshot, seat);
      const kept = new Set(duneCandidates(legalActions, seat).map(duneActionKey));
      expect(candidates(dune, legalActions, seat).length, where).toBeLessThanOrEqual(
        MAX_CANDIDATES,
      );
      for (const [level, iterations] of levels) {
        const input = { view: dune.view(snapshot, seat), legalActions, seat, level };
        const { action, iterations: spent } = decide(dune, {
          ...input,
          seed: `c:${i}`,
          iterations,
        });
        expect(kept.has(duneActionKey(action)), `${where} ${level}`).toBe(true);
        // Greedy evaluates each candidate once per determinization, no more.
        if (level === 'greedy') expect(spent).toBeLessThanOrEqual(kept.size);
        // Without the filter the same bot would have weighed (and sometimes chosen) others.
        const unfiltered = decide(all, { ...input, seed: `c:${i}`, iterations });
        if (!kept.has(duneActionKey(unfiltered.action))) outside++;
      }
    }
    expect(outside).toBeGreaterThan(0);
  });

  it('fall back to every legal action if a filter answers nothing', () => {
    const { snapshot, seat } = LONG[0] as (typeof LONG)[number];
    const legal = dune.legalActions(snapshot, seat);
    const silent: DuneModule = { ...dune, candidateActions: () => [] };
    expect(candidates(silent, legal, seat)).toBe(legal);
    expect(candidates({ ...dune, candidateActions: undefined }, legal, seat)).toBe(legal);
  });
});

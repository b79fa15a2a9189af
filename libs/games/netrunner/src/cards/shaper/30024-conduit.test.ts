import { describe, expect, it } from 'vitest';
import { trashCard } from '../../rules/trash.js';
import type { Game } from '../../state/types.js';
import {
  advance,
  choose,
  deciding,
  edit,
  finishRun,
  iceOn,
  runOn,
  runnerTurn,
  toRig,
  use,
  type Snap,
} from '../neutral-runner/test-kit.js';

const CONDUIT = '30024';
const asking = deciding(`${CONDUIT}:grow`);
const accesses = (g: Game) => g.log.filter((l) => l.text.startsWith('Runner accesses')).length;

function withConduit(counters: number, arrange?: (g: Game) => void): { s: Snap; uid: string } {
  let uid = '';
  const s = runnerTurn({ runner: [CONDUIT], corp: ['30072'] }, (g) => {
    uid = toRig(g, CONDUIT);
    const c = g.cards[uid];
    if (c) c.counters = counters > 0 ? { virus: counters } : {};
    arrange?.(g);
  });
  return { s, uid };
}

describe('Conduit', () => {
  it('[click]: run R&D, accessing X more cards; may grow when a successful R&D run ends', () => {
    const w = withConduit(2);
    let s = w.s;
    const uid = w.uid;
    const before = accesses(s.context);
    s = advance(use(s, uid, 'run'), asking);
    expect(accesses(s.context) - before).toBe(3);
    s = finishRun(choose(s, 'runner', 'yes'));
    expect(s.context.cards[uid]?.counters.virus).toBe(3);
    expect(s.context.runner.clicks).toBe(3);
  });

  it('does not grow after a run on another server; growing is optional', () => {
    const w = withConduit(0);
    let s = w.s;
    const uid = w.uid;
    s = finishRun(runOn(s, 'hq'));
    expect(s.context.cards[uid]?.counters.virus ?? 0).toBe(0);
    s = finishRun(choose(advance(runOn(s, 'rd'), asking), 'runner', 'no'));
    expect(s.context.cards[uid]?.counters.virus ?? 0).toBe(0);
  });

  it('ruling: the counter is placed when the run ends, after the breach', () => {
    const w = withConduit(0);
    let s = w.s;
    const uid = w.uid;
    s = advance(use(s, uid, 'run'), deciding('access'));
    expect(s.context.cards[uid]?.counters.virus ?? 0).toBe(0);
    s = choose(advance(s, asking), 'runner', 'yes');
    expect(s.context.cards[uid]?.counters.virus).toBe(1);
  });

  it('ruling: trashed before the breach, it gives no additional access', () => {
    const w = withConduit(2, (g) => void iceOn(g, '30072', 'rd', false));
    let s = w.s;
    const uid = w.uid;
    s = use(s, uid, 'run');
    s = advance(s, deciding('jack-out'));
    s = edit(s, (g) => trashCard(g, uid, 'corp'));
    const before = accesses(s.context);
    s = finishRun(s);
    expect(accesses(s.context) - before).toBe(1);
  });

  it('ruling: X is fixed when the breach begins (a purge mid-breach changes nothing)', () => {
    const w = withConduit(2);
    let s = w.s;
    const uid = w.uid;
    const before = accesses(s.context);
    s = advance(use(s, uid, 'run'), deciding('access'));
    s = edit(s, (g) => {
      const c = g.cards[uid];
      if (c) c.counters = {};
    });
    s = advance(s, asking);
    expect(accesses(s.context) - before).toBe(3);
  });
});

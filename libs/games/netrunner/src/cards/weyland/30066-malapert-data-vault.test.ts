import { describe, expect, it } from 'vitest';
import { netrunner } from '../../module.js';
import {
  choose,
  decisionKind,
  handle,
  legal,
  scoreAgenda,
  spawn,
  type Snap,
} from '../../testing/kit.js';

/** Scores Offworld Office from remote1 (vault in `vaultIn`); the vault's ability goes first. */
function score(vaultIn: 'remote1' | 'remote2', rd: readonly string[], rezzed = true): Snap {
  let vault = '';
  const { s } = scoreAgenda('30067', {}, (g) => {
    vault = spawn(g, '30066', { zone: 'root', server: vaultIn }, { rezzed });
    g.corp.rd = [];
    for (const code of rd) spawn(g, code, { zone: 'rd' });
  });
  return decisionKind(s) === 'order' ? choose(s, 'corp', vault, true) : s;
}

describe('Malapert Data Vault', () => {
  it('scoring from its server: may search R&D for a non-agenda card, reveal it, add it to HQ', () => {
    let target = '';

    let vault = '';
    const scored = scoreAgenda('30067', {}, (g) => {
      vault = spawn(g, '30066', { zone: 'root', server: 'remote1' }, { rezzed: true });
      target = spawn(g, '30072', { zone: 'rd' });
    });
    // Offworld Office and the vault trigger together: the Corp orders them.
    expect(decisionKind(scored.s)).toBe('order');
    const s = choose(scored.s, 'corp', vault, true);
    expect(decisionKind(s)).toBe('30066:search');
    let t = choose(s, 'corp', 'yes');
    // While searching, the Corp may look at R&D (its options name R&D cards).
    expect(legal(t, 'corp').length).toBeGreaterThan(1);
    expect(netrunner.view(t, 'runner').legalActions).toBeUndefined();
    t = choose(t, 'corp', target, true);
    expect(t.context.cards[target]?.loc.zone).toBe('hq');
    expect(t.context.corp.rd.every((u) => t.context.cards[u]?.peek.length === 0)).toBe(true);
  });

  it('scoring from another server: nothing', () => {
    const { s } = scoreAgenda('30067', {}, (g) => {
      spawn(g, '30066', { zone: 'root', server: 'remote2' }, { rezzed: true });
    });
    expect(s.context.pauses.decisions).toEqual([]);
  });

  it('ruling: only an agenda scored from the root of its own server counts', () => {
    expect(decisionKind(score('remote1', ['30072']))).toBe('30066:search');
    expect(decisionKind(score('remote2', ['30072']))).not.toBe('30066:search');
  });

  it('unrezzed, it is not active', () => {
    expect(decisionKind(score('remote1', ['30072'], false))).not.toBe('30066:search');
  });

  it('a search that finds no non-agenda card still shuffles R&D', () => {
    const s = choose(score('remote1', ['30068', '30069']), 'corp', 'yes');
    expect(legal(s, 'corp').map((a) => (a.type === 'choose' ? a.value : ''))).toEqual(['none']);
    const done = choose(s, 'corp', 'none');
    expect(done.context.corp.rd).toHaveLength(2);
    const lines = done.context.log.slice(s.context.log.length).map((e) => e.text);
    expect(lines).toContain('Corp shuffles R&D.');
  });

  it('pins both key halves: the found card is revealed, keyed by code for both', () => {
    const asked = score('remote1', ['30072', '30068']);
    expect(
      legal(asked, 'corp').map((a) => [
        netrunner.actionKey(a, 'corp'),
        netrunner.observedActionKey(a, 'corp', 'runner'),
      ]),
    ).toEqual([
      ['choose:30066:search:no', 'choose:30066:search:no'],
      ['choose:30066:search:yes', 'choose:30066:search:yes'],
    ]);
    const s = choose(asked, 'corp', 'yes');
    const keys = legal(s, 'corp').map((a) => [
      netrunner.actionKey(a, 'corp'),
      netrunner.observedActionKey(a, 'corp', 'runner'),
    ]);
    expect(keys).toEqual([['choose:30066:pick:30072', 'choose:30066:pick:30072']]);
    const found = choose(
      s,
      'corp',
      s.context.corp.rd.find((u) => s.context.cards[u]?.code === '30072') ?? '',
      true,
    );
    const line = found.context.log.find((e) => e.text.includes('reveals'));
    expect(line?.cards[0]?.seenBy).toEqual(['corp', 'runner', 'spectator']);
  });

  it("CR 9.2: with Reality Plus, the Headline's tag pools the reward with the vault's search", () => {
    // NBN: Reality Plus scores Tomorrow's Headline from the vault's server. The Corp resolves
    // the Headline's tag first; Reality Plus's first-tag ability is then pending beside the
    // vault's search (another event's), and the Corp may search (and shuffle R&D) first.
    let vault = '';
    let target = '';
    const scored = scoreAgenda('30052', { corpIdentity: '30051' }, (g) => {
      vault = spawn(g, '30066', { zone: 'root', server: 'remote1' }, { rezzed: true });
      g.corp.rd = [];
      target = spawn(g, '30072', { zone: 'rd' });
      for (let i = 0; i < 3; i++) spawn(g, '30075', { zone: 'rd' });
    });
    const { agenda } = scored;
    expect(decisionKind(scored.s)).toBe('order');
    let s = choose(scored.s, 'corp', agenda, true);
    expect(s.context.runner.tags).toBe(1);
    // Both pending abilities are offered: Reality Plus's and the vault's.
    expect(decisionKind(s)).toBe('order');
    const identity = s.context.corp.identity;
    const offered = legal(s, 'corp').map((a) => (a.type === 'choose' ? a.value : ''));
    expect(offered.sort()).toEqual([handle(s, vault, 'corp'), handle(s, identity, 'corp')].sort());
    s = choose(choose(s, 'corp', vault, true), 'corp', 'yes');
    s = choose(s, 'corp', target, true);
    expect(s.context.cards[target]?.loc.zone).toBe('hq');
    // The search is over and R&D shuffled; only then does Reality Plus resolve.
    expect(decisionKind(s)).toBe('30051:reward');
    const hq = s.context.corp.hq.length;
    expect(choose(s, 'corp', 'draw').context.corp.hq).toHaveLength(hq + 2);
  });
});

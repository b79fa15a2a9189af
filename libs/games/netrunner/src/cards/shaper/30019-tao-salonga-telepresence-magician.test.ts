import { describe, expect, it } from 'vitest';
import { netrunner } from '../../module.js';
import {
  act,
  advance,
  choose,
  deciding,
  finishRun,
  has,
  iceOn,
  legal,
  pick,
  rootOn,
  runOn,
  runnerTurn,
  type Snap,
} from '../neutral-runner/test-kit.js';

const TAO = '30019';
const DECKS = { runnerIdentity: TAO, corp: ['30067', '30067', '30072', '30074', '30073'] };

function arrange(g: Parameters<NonNullable<Parameters<typeof runnerTurn>[1]>>[0]) {
  const a = iceOn(g, '30072', 'hq', true);
  const b = iceOn(g, '30074', 'rd', false);
  const c = iceOn(g, '30073', 'rd', true);
  rootOn(g, '30067', 'remote1');
  return [a, b, c] as const;
}

describe('Tāo Salonga: Telepresence Magician', () => {
  it('when an agenda is stolen, the Runner may swap 2 installed pieces of ice', () => {
    let ice: readonly string[] = [];
    let s = runnerTurn(DECKS, (g) => void (ice = arrange(g)));
    const [a, b] = ice as [string, string, string];
    s = advance(runOn(s, 'remote1'), deciding(`${TAO}:first`));
    s = choose(s, 'runner', a, true);
    s = choose(s, 'runner', b, true);
    expect(s.context.servers.hq?.ice).toEqual([b]);
    expect(s.context.servers.rd?.ice[0]).toBe(a);
    expect(s.context.cards[a]?.loc).toEqual({ zone: 'ice', server: 'rd' });
    expect(s.context.cards[a]?.rezzed).toBe(true);
    expect(s.context.cards[b]?.rezzed).toBe(false);
    s = finishRun(s);
    expect(s.context.runner.scored.length).toBe(1);
  });

  it('ruling: a swap must be legal for both pieces; in this pool any ice may protect any server', () => {
    let ice: readonly string[] = [];
    let s = runnerTurn(DECKS, (g) => void (ice = arrange(g)));
    s = advance(runOn(s, 'remote1'), deciding(`${TAO}:first`));
    s = choose(s, 'runner', ice[1] as string, true);
    // Unrezzed ice (the Runner cannot see it) and ice of the same server are valid partners.
    expect(legal(s, 'runner').map((a) => (a.type === 'choose' ? a.key : ''))).toEqual([
      '30072',
      '30073',
    ]);
    s = choose(s, 'runner', ice[2] as string, true);
    expect(s.context.servers.rd?.ice).toEqual([ice[2], ice[1]]);
  });

  it('a swapped piece the Runner cannot see gets a new handle for the Runner and spectators', () => {
    let ice: readonly string[] = [];
    let s = runnerTurn(DECKS, (g) => void (ice = arrange(g)));
    const [a, b] = ice as [string, string, string];
    const handles = (snap: Snap, uid: string) => snap.context.cards[uid]?.handles ?? '';
    const before = { a: handles(s, a), b: handles(s, b) };
    s = advance(runOn(s, 'remote1'), deciding(`${TAO}:first`));
    s = choose(s, 'runner', a, true);
    s = choose(s, 'runner', b, true);
    const part = (packed: string, i: number) => packed.slice(i * 8, i * 8 + 8);
    // b is unrezzed: corp (0) keeps its handle, runner (1) and spectator (2) get new ones.
    expect(part(handles(s, b), 0)).toBe(part(before.b, 0));
    expect(part(handles(s, b), 1)).not.toBe(part(before.b, 1));
    expect(part(handles(s, b), 2)).not.toBe(part(before.b, 2));
    // a is rezzed: everyone sees it, so it keeps every handle.
    expect(handles(s, a)).toBe(before.a);
  });

  it('the swap is optional', () => {
    let ice: readonly string[] = [];
    let s = runnerTurn(DECKS, (g) => void (ice = arrange(g)));
    s = choose(advance(runOn(s, 'remote1'), deciding(`${TAO}:first`)), 'runner', 'no');
    expect(s.context.servers.hq?.ice).toEqual([ice[0]]);
  });

  it('names unrezzed ice by position, never by its hidden code, in the Runner keys', () => {
    let s = runnerTurn(DECKS, (g) => void arrange(g));
    s = advance(runOn(s, 'remote1'), deciding(`${TAO}:first`));
    const keys = legal(s, 'runner').map((a) => (a.type === 'choose' ? a.key : ''));
    expect(keys).toEqual(['no', '30072', 'ice:rd:0', '30073']);
  });

  it('pins both key halves of a swap choice: the Corp observes the same public key', () => {
    let s = runnerTurn(DECKS, (g) => void arrange(g));
    s = advance(runOn(s, 'remote1'), deciding(`${TAO}:first`));
    const unrezzed = legal(s, 'runner').find((a) => a.type === 'choose' && a.key === 'ice:rd:0');
    if (!unrezzed) throw new Error('missing option');
    expect(netrunner.actionKey(unrezzed, 'runner')).toBe(`choose:${TAO}:first:ice:rd:0`);
    expect(netrunner.observedActionKey(unrezzed, 'runner', 'corp')).toBe(
      `choose:${TAO}:first:ice:rd:0`,
    );
  });

  it('also when the Corp scores an agenda', () => {
    let ice: readonly string[] = [];
    let s: Snap = runnerTurn(DECKS, (g) => {
      ice = arrange(g);
      const agenda = g.servers.remote1?.root[0] as string;
      const c = g.cards[agenda];
      if (c) c.counters = { advancement: 4 };
      g.runner.clicks = 0;
    });
    s = advance(s, (x) => x.context.active === 'corp' && has(x, 'corp', (a) => a.type === 'score'));
    s = act(
      s,
      'corp',
      pick(s, 'corp', (a) => a.type === 'score'),
    );
    expect(deciding(`${TAO}:first`)(s)).toBe(true);
    s = choose(s, 'runner', ice[0] as string, true);
    s = choose(s, 'runner', ice[2] as string, true);
    expect(s.context.servers.hq?.ice).toEqual([ice[2]]);
  });
});

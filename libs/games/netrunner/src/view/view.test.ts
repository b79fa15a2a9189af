import { describe, expect, it } from 'vitest';
import { netrunner } from '../module.js';
import {
  act,
  corpActing,
  encountering,
  fireSubroutines,
  handle,
  runnerActing,
  spawn,
} from '../testing/kit.js';

describe('views', () => {
  it('HQ shows its cards to the Corp only; others get sorted opaque handles', () => {
    const s = corpActing();
    const corp = netrunner.view(s, 'corp');
    const runner = netrunner.view(s, 'runner');
    const spectator = netrunner.view(s, 'spectator');
    expect(corp.corp.hq.every((c) => c.code !== undefined)).toBe(true);
    expect(runner.corp.hq.every((c) => c.code === undefined && c.title === undefined)).toBe(true);
    const ids = runner.corp.hq.map((c) => c.id);
    expect(ids).toEqual([...ids].sort());
    expect(spectator.corp.hq.map((c) => c.id)).not.toEqual(ids);
    expect(runner.corp.hq).toHaveLength(s.context.corp.hq.length);
  });

  it('R&D and the stack are counts only, even for their owners', () => {
    const s = corpActing();
    const corp = netrunner.view(s, 'corp');
    expect(corp.corp.rdCount).toBe(s.context.corp.rd.length);
    expect(JSON.stringify(corp)).not.toContain(handle(s, s.context.corp.rd[0] ?? '', 'corp'));
  });

  it('legal actions are in the view of a decider only', () => {
    const s = corpActing();
    expect(netrunner.view(s, 'corp').legalActions?.length).toBeGreaterThan(0);
    expect(netrunner.view(s, 'runner').legalActions).toBeUndefined();
    expect(netrunner.view(s, 'spectator').legalActions).toBeUndefined();
  });

  it('windows and prompts look the same to every viewer', () => {
    // An encounter: its reaction window is open.
    const { s } = encountering('30038');
    const windows = netrunner.view(s, 'corp').windows;
    expect(windows.map((w) => w.kind)).toEqual(['run-encounter']);
    expect(netrunner.view(s, 'runner').windows).toEqual(windows);
    expect(netrunner.view(s, 'spectator').windows).toEqual(windows);
    // Ansel 1.0's subroutines: the Corp decides, everyone sees the prompt.
    const t = fireSubroutines(s);
    const decision = netrunner.view(t, 'corp').decision;
    expect(decision).toMatchObject({ seat: 'corp', card: { code: '30038' } });
    expect(netrunner.view(t, 'runner').decision).toEqual(decision);
    expect(netrunner.view(t, 'spectator').decision).toEqual(decision);
  });

  it("a card's handle changes for blind viewers when it enters or leaves a hidden zone", () => {
    let ice = '';
    let s = corpActing({}, (g) => (ice = spawn(g, '30072', { zone: 'hq' })));
    const runnerBefore = handle(s, ice, 'runner');
    const corpBefore = handle(s, ice, 'corp');
    const otherHq = s.context.corp.hq.find((u) => u !== ice) ?? '';
    const otherBefore = handle(s, otherHq, 'runner');
    s = act(s, 'corp', { type: 'install', card: handle(s, ice, 'corp'), server: 'new' });
    expect(handle(s, ice, 'runner')).not.toBe(runnerBefore);
    // The Corp sees it all along: its handle stays.
    expect(handle(s, ice, 'corp')).toBe(corpBefore);
    // HQ lost a card: the rest of HQ is re-handled for the Runner too.
    expect(handle(s, otherHq, 'runner')).not.toBe(otherBefore);
  });

  it('facedown installed cards show position and counters, not identity', () => {
    const s = runnerActing({}, (g) => {
      const uid = spawn(g, '30067', { zone: 'root', server: 'remote1' });
      g.cards[uid]!.counters = { advancement: 2 };
    });
    const runner = netrunner.view(s, 'runner');
    const remote = runner.servers.find((v) => v.id === 'remote1');
    expect(remote?.root[0]?.code).toBeUndefined();
    expect(remote?.root[0]?.counters).toEqual({ advancement: 2 });
    expect(remote?.root[0]?.rezzed).toBe(false);
  });
});

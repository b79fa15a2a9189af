import { describe, expect, it } from 'vitest';
import {
  choose,
  decisionKind,
  run,
  runnerActing,
  spawn,
  until,
  handle,
  legal,
  type Snap,
} from '../../testing/kit.js';
import { netrunner } from '../../module.js';
import type { NetrunnerAction } from '../../actions/types.js';

type Choose = Extract<NetrunnerAction, { type: 'choose' }>;

function atVoid(arrange?: (g: Snap['context']) => void): { s: Snap; voidUid: string } {
  let voidUid = '';
  let s = runnerActing({}, (g) => {
    voidUid = spawn(g, '30050', { zone: 'root', server: 'hq' }, { rezzed: true });
    arrange?.(g);
  });
  s = run(s, 'hq');
  s = until(s, (x) => decisionKind(x) === '30050:use' || decisionKind(x) === 'access');
  return { s, voidUid };
}

describe('Anoetic Void', () => {
  it('when the Runner approaches its server: may pay 2 and trash 2 cards from HQ to end the run', () => {
    let s = runnerActing(
      {},
      (g) => void spawn(g, '30050', { zone: 'root', server: 'hq' }, { rezzed: true }),
    );

    // Nothing unrezzed: the Corp is not asked in the window before the server.
    s = choose(run(s, 'hq'), 'runner', 'continue');
    expect(decisionKind(s)).toBe('30050:use');
    const hq = s.context.corp.hq.length;
    const credits = s.context.corp.credits;
    s = choose(s, 'corp', 'yes');
    s = choose(s, 'corp', s.context.corp.hq[0] ?? '', true);
    s = choose(s, 'corp', s.context.corp.hq[0] ?? '', true);
    expect(s.context.corp.hq).toHaveLength(hq - 2);
    expect(s.context.corp.credits).toBe(credits - 2);
    expect(s.context.run).toBeNull();
    expect(s.context.memory.successfulRunsOn).toEqual([]);
  });

  it('declined: the run goes on', () => {
    let s = runnerActing(
      {},
      (g) => void spawn(g, '30050', { zone: 'root', server: 'hq' }, { rezzed: true }),
    );
    s = choose(run(s, 'hq'), 'runner', 'continue');
    s = choose(s, 'corp', 'no');
    s = until(s, (x) => x.context.run?.successful === true);
    expect(s.context.run?.successful).toBe(true);
  });

  it('ruling: in the root of HQ it is not a card in HQ (not a trash option)', () => {
    const { s, voidUid } = atVoid();
    const t = choose(s, 'corp', 'yes');
    expect(decisionKind(t)).toBe('30050:trash');
    const values = legal(t, 'corp').map((a) => (a.type === 'choose' ? a.value : ''));
    expect(values).not.toContain(handle(t, voidUid, 'corp'));
    expect(values).toHaveLength(t.context.corp.hq.length);
  });

  it('with fewer than 2 cards in HQ (or 2[credit]) it cannot be used', () => {
    const few = atVoid((g) => g.corp.hq.splice(1));
    expect(decisionKind(few.s)).toBe('access');
    const poor = atVoid((g) => (g.corp.credits = 1));
    expect(decisionKind(poor.s)).toBe('access');
  });

  it('two halves: HQ trashes key anoetic_trash for the Runner; logged by type', () => {
    let t = choose(atVoid().s, 'corp', 'yes');
    for (const a of legal(t, 'corp') as Choose[]) {
      expect(netrunner.observedActionKey(a, 'corp', 'runner')).toBe('anoetic_trash');
      expect(netrunner.actionKey(a, 'corp')).toBe(`choose:30050:trash:${a.key}`);
    }
    t = choose(t, 'corp', t.context.corp.hq[0]!, true);
    t = choose(t, 'corp', t.context.corp.hq[0]!, true);
    const lines = t.context.log.map((e) => netrunner.logView(e, 'runner')?.text);
    expect(lines.filter((x) => x === 'Corp trashes 1 card from HQ.')).toHaveLength(2);
    expect(t.context.run === null || t.context.run.ending).toBe(true);
  });
});

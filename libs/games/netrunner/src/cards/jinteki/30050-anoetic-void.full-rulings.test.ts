import { describe, expect, it } from 'vitest';
import { netrunner } from '../../module.js';
import type { NetrunnerAction } from '../../actions/types.js';
import {
  choose,
  decisionKind,
  handle,
  legal,
  run,
  runnerActing,
  spawn,
  until,
  type Snap,
} from '../../testing/kit.js';

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

describe('Anoetic Void rulings and keys', () => {
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

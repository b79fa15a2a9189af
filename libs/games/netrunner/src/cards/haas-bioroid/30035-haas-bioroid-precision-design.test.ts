import { describe, expect, it } from 'vitest';
import { maxHandSize } from '../../rules/limits.js';
import {
  choose,
  corpActing,
  decisionKind,
  scoreAgenda,
  spawn,
  handle,
  legal,
  until,
  type Snap,
} from '../../testing/kit.js';
import { netrunner } from '../../module.js';
import type { NetrunnerAction } from '../../actions/types.js';

const ID = { corpIdentity: '30035' };
type Choose = Extract<NetrunnerAction, { type: 'choose' }>;

function recurring(arrange: (g: Snap['context']) => void): Snap {
  const { s } = scoreAgenda('30067', ID, (g) => arrange(g));
  return until(
    s,
    (x) => decisionKind(x) === '30035:recur' || x.context.pauses.decisions.length === 0,
  );
}

const recurOptions = (s: Snap): Choose[] =>
  legal(s, 'corp').filter((a): a is Choose => a.type === 'choose');

describe('Haas-Bioroid: Precision Design', () => {
  it('whenever the Corp scores: may add 1 card from Archives to HQ', () => {
    let old = '';

    const { s } = scoreAgenda('30070', { corpIdentity: '30035' }, (g) => {
      old = spawn(g, '30072', { zone: 'archives' });
    });
    // The identity and the agenda trigger together: the Corp orders them.
    expect(decisionKind(s)).toBe('order');
    let t = choose(s, 'corp', s.context.corp.identity, true);
    expect(decisionKind(t)).toBe('30035:recur');
    t = choose(t, 'corp', old, true);
    expect(t.context.cards[old]?.loc.zone).toBe('hq');
  });

  it('+1 maximum hand size', () => {
    expect(maxHandSize(corpActing(ID).context, 'corp')).toBe(6);
    expect(maxHandSize(corpActing().context, 'corp')).toBe(5);
  });

  it('scoring an agenda: the Corp may add 1 card from Archives to HQ (logged by type)', () => {
    let fd = '';
    let s = recurring((g) => {
      fd = spawn(g, '30072', { zone: 'archives' });
    });
    expect(decisionKind(s)).toBe('30035:recur');
    expect(recurOptions(s).map((a) => a.key)).toEqual(['no', '30072']);
    s = choose(s, 'corp', fd, true);
    expect(s.context.corp.hq).toContain(fd);
    expect(s.context.corp.archives).not.toContain(fd);
    const line = s.context.log.findLast((e) => e.text.includes('from Archives to HQ'))!;
    expect(netrunner.logView(line, 'runner')?.text).toBe('Corp adds 1 card from Archives to HQ.');
    expect(netrunner.logView(line, 'corp')?.text).toBe('Corp adds Palisade from Archives to HQ.');
  });

  it('the Corp may decline; nothing is asked when Archives is empty', () => {
    let fd = '';
    let s = recurring((g) => {
      fd = spawn(g, '30072', { zone: 'archives' });
    });
    s = choose(s, 'corp', 'no');
    expect(s.context.corp.archives).toContain(fd);
    expect(decisionKind(recurring(() => undefined))).toBeUndefined();
  });

  it('two halves: facedown keys archives_fd, faceup keys by title (copies share it)', () => {
    let fd = '';
    let fu1 = '';
    let fu2 = '';
    const s = recurring((g) => {
      fd = spawn(g, '30072', { zone: 'archives' });
      fu1 = spawn(g, '30075', { zone: 'archives' });
      fu2 = spawn(g, '30075', { zone: 'archives' });
      g.cards[fu1]!.faceUp = true;
      g.cards[fu2]!.faceUp = true;
    });
    const opts = recurOptions(s);
    const byUid = (uid: string) => opts.find((a) => a.value === handle(s, uid, 'corp'))!;
    expect(netrunner.observedActionKey(byUid(fd), 'corp', 'runner')).toBe(
      'archives_recur:archives_fd',
    );
    expect(netrunner.observedActionKey(byUid(fu1), 'corp', 'runner')).toBe(
      'archives_recur:archives_fu:Hedge Fund',
    );
    expect(netrunner.observedActionKey(byUid(fu2), 'corp', 'runner')).toBe(
      'archives_recur:archives_fu:Hedge Fund',
    );
    expect(netrunner.actionKey(byUid(fd), 'corp')).toBe('choose:30035:recur:30072');
    expect(netrunner.observedActionKey(byUid(fd), 'corp', 'corp')).toBe('choose:30035:recur:30072');
    for (const a of opts.filter((o) => o.value !== 'no')) {
      expect(netrunner.observedActionKey(a, 'corp', 'runner')).not.toContain(a.value);
    }
  });
});

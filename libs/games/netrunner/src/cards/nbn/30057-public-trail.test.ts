import { describe, expect, it } from 'vitest';
import { netrunner } from '../../module.js';
import {
  acting,
  can,
  edit,
  run,
  runnerActing,
  until,
  choose,
  corpActing,
  decisionKind,
  handle,
  legal,
  playOperation,
  spawn,
} from '../../testing/kit.js';

describe('Public Trail', () => {
  it('plays only if the Runner made a successful run during their last turn', () => {
    let op = '';
    const s = corpActing({}, (g) => (op = spawn(g, '30057', { zone: 'hq' })));
    expect(s.context.memory.runnerSucceededLastTurn).toBe(false);
    expect(can(s, 'corp', { type: 'play', card: handle(s, op, 'corp') })).toBe(false);
  });

  it("after a real successful run in the Runner's last turn it can be played; not after none", () => {
    let op = '';
    const start = runnerActing({}, (g) => (op = spawn(g, '30057', { zone: 'hq' })));
    const corpTurn = (s: typeof start) =>
      until(
        edit(s, (g) => (g.runner.clicks = 0)),
        acting('corp'),
      );
    const ran = corpTurn(until(run(start, 'archives'), acting('runner')));
    expect(ran.context.memory.runnerSucceededLastTurn).toBe(true);
    expect(can(ran, 'corp', { type: 'play', card: handle(ran, op, 'corp') })).toBe(true);
    const idle = corpTurn(start);
    expect(can(idle, 'corp', { type: 'play', card: handle(idle, op, 'corp') })).toBe(false);
  });

  it('gives the Runner 1 tag unless they pay 8', () => {
    const s = playOperation('30057', {}, (g) => {
      g.memory.runnerSucceededLastTurn = true;
      g.runner.credits = 9;
    });
    expect(decisionKind(s)).toBe('30057:pay');
    expect(s.context.corp.credits).toBe(1);
    const paid = choose(s, 'runner', 'pay');
    expect([paid.context.runner.credits, paid.context.runner.tags]).toEqual([1, 0]);
    const tagged = choose(s, 'runner', 'take-tag');
    expect([tagged.context.runner.credits, tagged.context.runner.tags]).toEqual([9, 1]);
  });

  it('a Runner who cannot pay 8 takes the tag', () => {
    const s = playOperation('30057', {}, (g) => {
      g.memory.runnerSucceededLastTurn = true;
      g.runner.credits = 7;
    });
    expect(legal(s, 'runner').map((a) => (a.type === 'choose' ? a.value : a.type))).toEqual([
      'take-tag',
    ]);
  });

  it('ruling: its tag triggers NBN: Reality Plus', () => {
    const s = playOperation('30057', { corpIdentity: '30051' }, (g) => {
      g.memory.runnerSucceededLastTurn = true;
    });
    expect(decisionKind(choose(s, 'runner', 'take-tag'))).toBe('30051:reward');
  });

  it('pins both key halves: public', () => {
    const s = playOperation('30057', {}, (g) => {
      g.memory.runnerSucceededLastTurn = true;
      g.runner.credits = 8;
    });
    const keys = legal(s, 'runner').map((a) => [
      netrunner.actionKey(a, 'runner'),
      netrunner.observedActionKey(a, 'runner', 'corp'),
    ]);
    expect(keys).toEqual([
      ['choose:30057:pay:take-tag', 'choose:30057:pay:take-tag'],
      ['choose:30057:pay:pay', 'choose:30057:pay:pay'],
    ]);
  });
});

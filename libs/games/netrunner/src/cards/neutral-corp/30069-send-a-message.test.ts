import { describe, expect, it } from 'vitest';
import {
  choose,
  decisionKind,
  scoreAgenda,
  spawn,
  deciders,
  legal,
  run,
  runnerActing,
  until,
} from '../../testing/kit.js';
import { netrunner } from '../../module.js';

describe('Send a Message', () => {
  it('when scored, the Corp may rez 1 installed ice ignoring all costs', () => {
    let ice = '';

    const { s } = scoreAgenda('30069', {}, (g) => {
      ice = spawn(g, '30063', { zone: 'ice', server: 'hq' });
      g.corp.credits = 0;
    });
    expect(decisionKind(s)).toBe('30069:rez');
    const after = choose(s, 'corp', ice, true);
    expect(after.context.cards[ice]?.rezzed).toBe(true);
    expect(after.context.corp.credits).toBe(0);
  });

  it('no unrezzed ice: nothing to ask', () => {
    const { s } = scoreAgenda('30069');
    expect(s.context.pauses.decisions).toEqual([]);
  });

  it('when stolen, the Corp may rez 1 installed piece of ice, ignoring all costs', () => {
    let ice = '';
    let s = runnerActing({}, (g) => {
      spawn(g, '30069', { zone: 'root', server: 'remote1' });
      ice = spawn(g, '30063', { zone: 'ice', server: 'hq' });
      g.corp.credits = 0;
    });
    s = choose(run(s, 'remote1'), 'runner', 'continue');
    s = until(s, (x) => x.context.pauses.decisions.at(-1)?.kind === 'access');
    s = choose(s, 'runner', 'continue');
    expect(s.context.runner.scored).toHaveLength(1);
    expect(decisionKind(s)).toBe('30069:rez');
    expect(deciders(s)).toEqual(['corp']);
    s = choose(s, 'corp', ice, true);
    expect(s.context.cards[ice]?.rezzed).toBe(true);
    expect(s.context.corp.credits).toBe(0);
  });

  it('ruling: ignoring all costs — no credits needed, nothing else paid', () => {
    let ice = '';
    const { s } = scoreAgenda('30069', {}, (g) => {
      ice = spawn(g, '30062', { zone: 'ice', server: 'rd' });
      g.corp.credits = 0;
    });
    const after = choose(s, 'corp', ice, true);
    expect(after.context.cards[ice]?.rezzed).toBe(true);
    expect(after.context.corp.credits).toBe(0);
    expect(after.context.corp.scored).toHaveLength(1);
  });

  it('the Corp may decline', () => {
    let ice = '';
    const { s } = scoreAgenda('30069', {}, (g) => {
      ice = spawn(g, '30063', { zone: 'ice', server: 'hq' });
    });
    expect(choose(s, 'corp', 'no').context.cards[ice]?.rezzed).toBe(false);
  });

  it('pins both key halves: the ice is rezzed (revealed), so both halves name its code', () => {
    const { s } = scoreAgenda(
      '30069',
      {},
      (g) => void spawn(g, '30063', { zone: 'ice', server: 'hq' }),
    );
    const keys = legal(s, 'corp').map((a) => [
      netrunner.actionKey(a, 'corp'),
      netrunner.observedActionKey(a, 'corp', 'runner'),
    ]);
    expect(keys).toEqual([
      ['choose:30069:rez:no', 'choose:30069:rez:no'],
      ['choose:30069:rez:30063', 'choose:30069:rez:30063'],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  choose,
  decisionKind,
  fireSubroutines,
  legal,
  run,
  runnerActing,
  spawn,
} from '../../testing/kit.js';
import type { Snap } from '../../testing/kit.js';
import { netrunner } from '../../module.js';
import { produce } from '../../state/draft.js';
import { funhouse } from './30054-funhouse.js';

/** Runs HQ, protected by a rezzed Funhouse (nothing to rez: the Corp is not asked on approach). */
function encounterFunhouse(credits: number): Snap {
  const s = runnerActing({}, (g) => {
    spawn(g, '30054', { zone: 'ice', server: 'hq' }, { rezzed: true });

    g.runner.credits = credits;
  });
  return run(s, 'hq');
}

/** Runs HQ, protected by a rezzed Funhouse (nothing to rez: the Corp is not asked on approach). */
function atToll(credits = 5): { s: Snap; ice: string } {
  let ice = '';
  const s = runnerActing({}, (g) => {
    ice = spawn(g, '30054', { zone: 'ice', server: 'hq' }, { rezzed: true });
    g.runner.credits = credits;
  });
  return { s: run(s, 'hq'), ice };
}

describe('Funhouse', () => {
  it('on encounter: end the run unless the Runner takes 1 tag', () => {
    const s = encounterFunhouse(5);
    expect(decisionKind(s)).toBe('30054:toll');
    expect(choose(s, 'runner', 'end-the-run').context.run).toBeNull();
    const tagged = choose(s, 'runner', 'take-tag');
    expect(tagged.context.runner.tags).toBe(1);
    expect(tagged.context.run?.step).toBe('encounter');
  });

  it('[sub] 1 tag unless the Runner pays 4 (pay only offered when affordable)', () => {
    let s = choose(encounterFunhouse(4), 'runner', 'take-tag');
    s = fireSubroutines(s);
    expect(decisionKind(s)).toBe('30054:pay');
    expect(legal(s, 'runner').map((a) => (a.type === 'choose' ? a.value : ''))).toEqual([
      'take-tag',
      'pay',
    ]);
    const paid = choose(s, 'runner', 'pay');
    expect(paid.context.runner.credits).toBe(0);
    expect(paid.context.runner.tags).toBe(1);
    const poor = fireSubroutines(choose(encounterFunhouse(3), 'runner', 'take-tag'));
    expect(legal(poor, 'runner').map((a) => (a.type === 'choose' ? a.value : ''))).toEqual([
      'take-tag',
    ]);
  });

  it('ruling: "unless" is a nested cost — a Runner who does not take the tag has the run end', () => {
    const { s } = atToll();
    expect(decisionKind(s)).toBe('30054:toll');
    const ended = choose(s, 'runner', 'end-the-run');
    expect(ended.context.run).toBeNull();
    expect(ended.context.runner.tags).toBe(0);
  });

  it('ruling (Jesminder): no card of the pool prevents tags, so taking the tag is always offered', () => {
    const { s } = atToll();
    expect(legal(s, 'runner').map((a) => (a.type === 'choose' ? a.value : ''))).toEqual([
      'take-tag',
      'end-the-run',
    ]);
  });

  it('ruling (Inside Job): its ability resolves only while the encounter is still taking place', () => {
    const { s, ice } = atToll();
    const trigger = funhouse.triggers?.[0];
    if (!trigger) throw new Error('no trigger');
    const resolved = produce(s.context, (g) => {
      g.pauses = { ...g.pauses, decisions: [] };
      if (g.run) g.run.encounter = null;
      trigger.resolve(g, ice, { e: 'encounter', ice });
    });
    expect(resolved.pauses.decisions).toEqual([]);
    const still = produce(s.context, (g) => {
      g.pauses = { ...g.pauses, decisions: [] };
      trigger.resolve(g, ice, { e: 'encounter', ice });
    });
    expect(still.pauses.decisions).toHaveLength(1);
  });

  it('pins both key halves: toll and payment choices are public', () => {
    const { s } = atToll(4);
    const keys = (x: Snap) =>
      legal(x, 'runner').map((a) => [
        netrunner.actionKey(a, 'runner'),
        netrunner.observedActionKey(a, 'runner', 'corp'),
      ]);
    expect(keys(s)).toEqual([
      ['choose:30054:toll:take-tag', 'choose:30054:toll:take-tag'],
      ['choose:30054:toll:end-the-run', 'choose:30054:toll:end-the-run'],
    ]);
    const sub = fireSubroutines(choose(s, 'runner', 'take-tag'));
    expect(keys(sub)).toEqual([
      ['choose:30054:pay:take-tag', 'choose:30054:pay:take-tag'],
      ['choose:30054:pay:pay', 'choose:30054:pay:pay'],
    ]);
  });
});

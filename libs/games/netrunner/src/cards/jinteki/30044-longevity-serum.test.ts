import { describe, expect, it } from 'vitest';
import { netrunner } from '../../module.js';
import type { NetrunnerAction } from '../../actions/types.js';
import {
  choose,
  deckLimitErrors,
  decisionKind,
  handle,
  legal,
  scoreAgenda,
  spawn,
} from '../../testing/kit.js';

type Choose = Extract<NetrunnerAction, { type: 'choose' }>;
const options = (s: Parameters<typeof legal>[0]) =>
  legal(s, 'corp').filter((a): a is Choose => a.type === 'choose');

describe('Longevity Serum', () => {
  it('when scored: trash any number of cards from HQ, then shuffle up to 3 from Archives', () => {
    let old = '';
    let { s } = scoreAgenda('30044', {}, (g) => {
      old = spawn(g, '30072', { zone: 'archives' });
    });
    expect(decisionKind(s)).toBe('30044:trash');
    const [a, b] = s.context.corp.hq;
    s = choose(s, 'corp', a!, true);
    s = choose(s, 'corp', b!, true);
    s = choose(s, 'corp', 'done');
    expect(s.context.corp.archives).toEqual([old, a, b]);
    expect(s.context.cards[a!]?.faceUp).toBe(false);
    expect(decisionKind(s)).toBe('30044:shuffle');
    // A card trashed by the first sentence may be shuffled back.
    s = choose(s, 'corp', a!, true);
    s = choose(s, 'corp', old, true);
    s = choose(s, 'corp', 'done');
    expect(decisionKind(s)).toBeUndefined();
    expect(s.context.corp.archives).toEqual([b]);
    expect(s.context.corp.rd).toContain(a);
    expect(s.context.corp.rd).toContain(old);
    const runnerLines = s.context.log.map((e) => netrunner.logView(e, 'runner')?.text);
    expect(runnerLines.filter((t) => t === 'Corp trashes 1 card from HQ.')).toHaveLength(2);
    expect(runnerLines.at(-1)).toBe('Corp shuffles R&D.');
  });

  it('at most 3 cards are shuffled back', () => {
    let { s } = scoreAgenda('30044', {}, (g) => {
      for (let i = 0; i < 4; i++) spawn(g, '30075', { zone: 'archives' });
    });
    s = choose(s, 'corp', 'done');
    for (let i = 0; i < 3; i++) s = choose(s, 'corp', s.context.corp.archives[0]!, true);
    expect(decisionKind(s)).toBeUndefined();
    expect(s.context.corp.archives).toHaveLength(1);
  });

  it('two halves: HQ trashes key longevity_trash for the Runner; Archives by face', () => {
    let fu = '';
    let fd = '';
    let { s } = scoreAgenda('30044', {}, (g) => {
      fu = spawn(g, '30075', { zone: 'archives' });
      g.cards[fu]!.faceUp = true;
      fd = spawn(g, '30072', { zone: 'archives' });
    });
    for (const a of options(s).filter((o) => o.value !== 'done')) {
      expect(netrunner.observedActionKey(a, 'corp', 'runner')).toBe('longevity_trash');
      expect(netrunner.actionKey(a, 'corp')).toBe(`choose:30044:trash:${a.key}`);
    }
    s = choose(s, 'corp', 'done');
    const by = (uid: string) => options(s).find((o) => o.value === handle(s, uid, 'corp'))!;
    expect(netrunner.observedActionKey(by(fu), 'corp', 'runner')).toBe(
      'longevity_shuffle:archives_fu:Hedge Fund',
    );
    expect(netrunner.observedActionKey(by(fd), 'corp', 'runner')).toBe(
      'longevity_shuffle:archives_fd',
    );
    expect(netrunner.actionKey(by(fd), 'corp')).toBe('choose:30044:shuffle:30072');
  });

  it('ruling (Spoilers): the Corp, active, fully resolves it before any Runner ability', () => {
    // Pantograph (a Runner card of the pool) triggers on the same score, like Spoilers.
    let archived = '';
    let { s } = scoreAgenda('30044', {}, (g) => {
      archived = spawn(g, '30072', { zone: 'archives' });
      spawn(g, '30023', { zone: 'rig' });
    });
    const credits = s.context.runner.credits;
    expect(decisionKind(s)).toBe('30044:trash');
    s = choose(s, 'corp', s.context.corp.hq[0]!, true);
    s = choose(s, 'corp', 'done');
    expect(decisionKind(s)).toBe('30044:shuffle');
    expect(s.context.runner.credits).toBe(credits);
    s = choose(s, 'corp', archived, true);
    s = choose(s, 'corp', 'done');
    // Only now does Pantograph resolve: the Runner gains 1 and may install.
    expect(decisionKind(s)).toBe('30023:install');
    expect(s.context.runner.credits).toBe(credits + 1);
    expect(s.context.corp.rd).toContain(archived);
  });

  it('Limit 1 per deck', () => {
    expect(deckLimitErrors('30043', '30044', 1)).toEqual([]);
    expect(deckLimitErrors('30043', '30044', 2)).toHaveLength(1);
  });
});

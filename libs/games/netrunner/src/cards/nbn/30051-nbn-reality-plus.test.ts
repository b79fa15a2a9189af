import { describe, expect, it } from 'vitest';
import { netrunner } from '../../module.js';
import { pushDecision, queueRule } from '../../rules/tasks.js';
import {
  act,
  choose,
  decisionKind,
  edit,
  handle,
  legal,
  playOperation,
  run,
  runnerActing,
  spawn,
  until,
  type Snap,
} from '../../testing/kit.js';

/** The Corp (Reality Plus) plays Public Trail; `trails` more copies wait in HQ. */
function trail(trails = 0): { s: Snap; more: string[] } {
  const more: string[] = [];
  const s = playOperation('30057', { corpIdentity: '30051' }, (g) => {
    g.memory.runnerSucceededLastTurn = true;
    g.corp.credits = 20;
    g.runner.credits = 10;
    for (let i = 0; i < trails; i++) more.push(spawn(g, '30057', { zone: 'hq' }));
  });
  return { s, more };
}

describe('NBN: Reality Plus', () => {
  it('the first tag of the turn: the Corp gains 2 or draws 2', () => {
    const { s } = trail();
    const tagged = choose(s, 'runner', 'take-tag');
    expect(decisionKind(tagged)).toBe('30051:reward');
    const credits = tagged.context.corp.credits;
    const hq = tagged.context.corp.hq.length;
    expect(choose(tagged, 'corp', 'gain').context.corp.credits).toBe(credits + 2);
    expect(choose(tagged, 'corp', 'draw').context.corp.hq).toHaveLength(hq + 2);
  });

  it('only the first time each turn', () => {
    const { s, more } = trail(1);
    let t = choose(choose(s, 'runner', 'take-tag'), 'corp', 'gain');
    t = act(t, 'corp', { type: 'play', card: handle(t, more[0] ?? '', 'corp') });
    t = choose(t, 'runner', 'take-tag');
    expect(t.context.runner.tags).toBe(2);
    expect(t.context.pauses.decisions).toEqual([]);
  });

  it('ruling: giving the Runner a tag (Public Trail) is the Runner taking a tag', () => {
    const { s } = trail();
    expect(decisionKind(choose(s, 'runner', 'take-tag'))).toBe('30051:reward');
  });

  it('ruling: a tag not taken (as if prevented) does not trigger it', () => {
    // No card of the pool prevents tags; a Runner paying off Public Trail takes none either.
    const { s } = trail();
    const paid = choose(s, 'runner', 'pay');
    expect(paid.context.runner.tags).toBe(0);
    expect(paid.context.pauses.decisions).toEqual([]);
  });

  it('ruling: the first tag actually taken, after one that was not, triggers it', () => {
    const { s, more } = trail(1);
    let t = choose(s, 'runner', 'pay');
    t = act(t, 'corp', { type: 'play', card: handle(t, more[0] ?? '', 'corp') });
    t = choose(t, 'runner', 'take-tag');
    expect(decisionKind(t)).toBe('30051:reward');
  });

  it('ruling (Snare!): a card drawn while the Runner accesses it is no longer accessed', () => {
    // Arranged on an agenda (it would be stolen) while it is accessed; the Byte! test below
    // is the pool's own case.
    let top = '';
    let s = runnerActing({ corpIdentity: '30051' }, (g) => {
      top = spawn(g, '30067', { zone: 'rd' });
    });
    s = until(choose(run(s, 'rd'), 'runner', 'continue'), (x) => decisionKind(x) === 'access');
    expect(s.context.run?.breach?.current?.uid).toBe(top);
    s = edit(s, (g) => {
      g.pauses = { ...g.pauses, decisions: g.pauses.decisions.slice(0, -1) };
      pushDecision(g, {
        kind: 'card',
        seat: 'corp',
        code: '30051',
        choice: 'reward',
        source: g.corp.identity,
        data: null,
      });
      queueRule(g, { r: 'access-decision', card: top });
    });
    s = choose(s, 'corp', 'draw');
    expect(s.context.cards[top]?.loc.zone).toBe('hq');
    expect(s.context.runner.scored).toEqual([]);
    expect(decisionKind(s)).not.toBe('access');
  });

  it('pins both key halves: the choice is public', () => {
    const { s } = trail();
    const tagged = choose(s, 'runner', 'take-tag');
    const keys = legal(tagged, 'corp').map((a) => [
      netrunner.actionKey(a, 'corp'),
      netrunner.observedActionKey(a, 'corp', 'runner'),
    ]);
    expect(keys).toEqual([
      ['choose:30051:reward:gain', 'choose:30051:reward:gain'],
      ['choose:30051:reward:draw', 'choose:30051:reward:draw'],
    ]);
  });

  it('ruling (Snare!) with Byte!: drawing the accessed card with the reward ends the access', () => {
    let byte = '';
    let s = runnerActing({ corpIdentity: '30051' }, (g) => {
      byte = spawn(g, '35050', { zone: 'rd' });
      g.corp.credits = 10;
      g.runner.credits = 10;
    });
    s = until(choose(run(s, 'rd'), 'runner', 'continue'), (x) => decisionKind(x) === '35050:pay');
    s = until(choose(s, 'corp', 'yes'), (x) => decisionKind(x) === '30051:reward');
    expect(s.context.runner.tags).toBe(1);
    s = choose(s, 'corp', 'draw');
    expect(s.context.cards[byte]?.loc.zone).toBe('hq');
    // The access ended: the Runner is never offered to trash it.
    s = until(s, (x) => x.context.run === null || decisionKind(x) === 'access');
    expect(s.context.run?.breach?.current ?? null).toBeNull();
    expect(s.context.corp.archives).not.toContain(byte);
  });
});

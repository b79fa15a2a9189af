import { describe, expect, it } from 'vitest';
import {
  act,
  choose,
  decisionKind,
  handle,
  legal,
  run,
  runnerActing,
  spawn,
  topWindowKind,
  until,
  type Snap,
} from '../../testing/kit.js';

function approaching(rezzed: boolean, arrange?: (g: Snap['context']) => void) {
  let mane = '';
  let s = runnerActing({}, (g) => {
    mane = spawn(g, '30042', { zone: 'root', server: 'remote1' }, { rezzed });
    arrange?.(g);
  });
  s = run(s, 'remote1');
  return { s, mane };
}

const tolled = (x: Snap) => decisionKind(x) === '30042:toll' || x.context.run === null;

describe('Manegarm Skunkworks', () => {
  it('approaching the server: end the run unless the Runner spends [click][click] or pays 5', () => {
    const { s } = approaching(true, (g) => (g.runner.credits = 5));
    const t = until(s, tolled);
    expect(decisionKind(t)).toBe('30042:toll');
    expect(legal(t, 'runner').map((a) => (a.type === 'choose' ? a.value : ''))).toEqual([
      'end-the-run',
      'spend-clicks',
      'pay',
    ]);
    const clicks = t.context.runner.clicks;
    const spent = choose(t, 'runner', 'spend-clicks');
    expect(spent.context.runner.clicks).toBe(clicks - 2);
    expect(spent.context.run?.step).not.toBe('ends');
    const paid = choose(t, 'runner', 'pay');
    expect(paid.context.runner.credits).toBe(0);
    const ended = until(choose(t, 'runner', 'end-the-run'), (x) => x.context.run === null);
    expect(ended.context.memory.successfulRunsOn).toEqual([]);
  });

  it('a Runner who can do neither only has the run end', () => {
    const { s } = approaching(true, (g) => {
      g.runner.credits = 4;
      g.runner.clicks = 2;
    });
    const t = until(s, tolled);
    expect(legal(t, 'runner').map((a) => (a.type === 'choose' ? a.value : ''))).toEqual([
      'end-the-run',
    ]);
  });

  it('ruling: the last chance to rez it is the window after the jack-out opportunity', () => {
    const { s, mane } = approaching(false, (g) => (g.corp.credits = 5));
    let t = until(s, (x) => topWindowKind(x) === 'run-approach-server' || tolled(x));
    expect(topWindowKind(t)).toBe('run-approach-server');
    t = until(
      t,
      (x) =>
        x.context.pauses.windows.at(-1)?.kind === 'run-approach-server' &&
        legal(x, 'corp').length > 0,
    );
    t = act(t, 'corp', { type: 'rez', card: handle(t, mane, 'corp') });
    t = until(t, tolled);
    expect(decisionKind(t)).toBe('30042:toll');
  });
});

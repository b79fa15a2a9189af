import { describe, expect, it } from 'vitest';
import { applyPolicy } from '@veil/engine';
import { netrunner } from '../module.js';
import {
  act,
  corpActing,
  deciders,
  legal,
  runnerActing,
  spawn,
  topWindowKind,
} from '../testing/kit.js';
import type { Snap } from '../testing/kit.js';

describe('standing policies', () => {
  it("the Corp auto-passes the Runner's action windows by default; 'stop' makes it decide", () => {
    // An unrezzed asset: something the Corp might rez, so a `stop` is honoured.
    let s = runnerActing({}, (g) => void spawn(g, '30037', { zone: 'root', server: 'remote1' }));
    expect(deciders(s)).toEqual(['runner']);
    s = act(s, 'runner', { type: 'click-credit' });
    expect(s.context.pauses.windows.at(-1)?.autoPassed).toEqual(['corp']);
    s = applyPolicy(netrunner, s, 'corp', 'runner-action', 'stop') as Snap;
    // From the next window on: the Runner leads it, and its action waits for the Corp's pass.
    s = act(s, 'runner', { type: 'click-credit' });
    expect(deciders(s)).toEqual(['runner']);
    s = act(s, 'runner', { type: 'click-credit' });
    expect(topWindowKind(s)).toBe('runner-action');
    expect(deciders(s)).toEqual(['corp']);
    s = act(s, 'corp', { type: 'pass' });
    expect(deciders(s)).toEqual(['runner']);
  });

  it('a seat sees its own policies only', () => {
    const s = applyPolicy(netrunner, corpActing(), 'runner', 'run-encounter', 'auto-pass') as Snap;
    expect(netrunner.view(s, 'runner').policies).toEqual({ 'run-encounter': 'auto-pass' });
    expect(netrunner.view(s, 'corp').policies).toEqual({});
    expect(netrunner.view(s, 'spectator').policies).toEqual({});
  });

  it('the active player is never auto-passed out of its own action window', () => {
    let s = applyPolicy(netrunner, corpActing(), 'corp', 'corp-action', 'auto-pass') as Snap;
    s = act(s, 'corp', { type: 'click-credit' });
    expect(deciders(s)).toEqual(['corp']);
    expect(legal(s, 'corp').some((a) => a.type === 'click-credit')).toBe(true);
  });
});

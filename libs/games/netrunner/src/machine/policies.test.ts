import { describe, expect, it } from 'vitest';
import { applyPolicy } from '@veil/engine';
import { netrunner } from '../module.js';
import { act, corpActing, deciders, legal, topWindowKind } from '../testing/kit.js';
import type { Snap } from '../testing/kit.js';

describe('standing policies', () => {
  it("the Runner auto-passes the Corp's action windows by default; 'stop' makes it decide", () => {
    let s = corpActing();
    expect(deciders(s)).toEqual(['corp']);
    expect(s.context.pauses.windows.at(-1)?.autoPassed).toEqual(['runner']);
    s = applyPolicy(netrunner, s, 'runner', 'corp-action', 'stop') as Snap;
    // From the next window on: the Corp leads it, and its action waits for the Runner's pass.
    s = act(s, 'corp', { type: 'click-credit' });
    expect(deciders(s)).toEqual(['corp']);
    s = act(s, 'corp', { type: 'click-credit' });
    expect(topWindowKind(s)).toBe('corp-action');
    expect(deciders(s)).toEqual(['runner']);
    expect(legal(s, 'runner').map((a) => a.type)).toEqual(['pass']);
    s = act(s, 'runner', { type: 'pass' });
    expect(deciders(s)).toEqual(['corp']);
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

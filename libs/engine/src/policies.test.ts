import { describe, expect, it } from 'vitest';
import { ownPolicies, policyFor, setPolicy, type Policies } from './policies.js';
import { openWindow, windowDecider } from './reaction-window.js';

type Seat = 'corp' | 'runner';
const none: Policies<Seat> = {};
const spec = {
  id: 1,
  kind: 'paid_ability',
  cause: { event: 'run_step' },
  participants: ['runner', 'corp'] as Seat[],
};

describe('standing policies', () => {
  it('auto-passes a seat when the window opens, the same whatever it holds', () => {
    const policies = setPolicy(none, 'runner', 'paid_ability', 'auto-pass');
    const w = openWindow(spec, policies);
    expect(w.passed).toEqual(['runner']);
    expect(w.autoPassed).toEqual(['runner']);
    expect(windowDecider(w)).toBe('corp');
  });

  it('does not pause when every participant is resolved by policy', () => {
    let policies = setPolicy(none, 'runner', 'paid_ability', 'auto-pass');
    policies = setPolicy(policies, 'corp', 'paid_ability', 'auto-pass');
    const w = openWindow(spec, policies);
    expect(w.status).toBe('closed');
    expect(windowDecider(w)).toBeUndefined();
  });

  it('lets "stop" override a game default of auto-pass, and clearing restores the default', () => {
    let policies = setPolicy(none, 'corp', 'paid_ability', 'stop');
    expect(policyFor(policies, 'corp', 'paid_ability', 'auto-pass')).toBe('stop');
    const w = openWindow({ ...spec, defaultPolicy: 'auto-pass' }, policies);
    expect(w.passed).toEqual(['runner']);
    expect(windowDecider(w)).toBe('corp');
    policies = setPolicy(policies, 'corp', 'paid_ability', null);
    expect(policyFor(policies, 'corp', 'paid_ability', 'auto-pass')).toBe('auto-pass');
    expect(policyFor(policies, 'corp', 'paid_ability')).toBe('stop');
  });

  it('shows each seat only its own policies, and a spectator none', () => {
    let policies = setPolicy(none, 'runner', 'rez', 'auto-pass');
    policies = setPolicy(policies, 'corp', 'rez', 'stop');
    expect(ownPolicies(policies, 'runner')).toEqual({ rez: 'auto-pass' });
    expect(ownPolicies(policies, 'corp')).toEqual({ rez: 'stop' });
    expect(ownPolicies(policies, 'spectator')).toEqual({});
  });
});

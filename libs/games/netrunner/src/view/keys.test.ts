import { describe, expect, it } from 'vitest';
import { netrunner } from '../module.js';
import type { NetrunnerAction } from '../actions/types.js';

describe('action keys (docs/architecture.md, "The parts"): the actor keeps the card, the blind observer the type', () => {
  const install: NetrunnerAction = {
    type: 'install',
    card: 'h0000001',
    code: '30072',
    server: 'rd',
  };
  const asset: NetrunnerAction = {
    type: 'install',
    card: 'h0000002',
    code: '30071',
    server: 'new',
  };

  it('Corp installs', () => {
    expect(netrunner.actionKey(install, 'corp')).toBe('install:30072:rd');
    expect(netrunner.observedActionKey(install, 'corp', 'runner')).toBe('install:ice:rd');
    expect(netrunner.observedActionKey(asset, 'corp', 'runner')).toBe('install:card:new');
    expect(netrunner.observedActionKey(install, 'corp', 'corp')).toBe('install:30072:rd');
  });

  it('hidden choices collapse to their kind; public ones keep the choice', () => {
    const hidden: NetrunnerAction = {
      type: 'choose',
      decision: 3,
      kind: 'discard',
      value: 'h1',
      key: '30075',
      public: false,
    };
    const shown: NetrunnerAction = {
      ...hidden,
      kind: 'jack-out',
      value: 'continue',
      key: 'continue',
      public: true,
    };
    expect(netrunner.actionKey(hidden, 'corp')).toBe('choose:discard:30075');
    expect(netrunner.observedActionKey(hidden, 'corp', 'runner')).toBe('choose:discard');
    expect(netrunner.observedActionKey(shown, 'runner', 'corp')).toBe('choose:jack-out:continue');
  });

  it('public actions are the same for both halves; no key holds a handle', () => {
    const play: NetrunnerAction = { type: 'play', card: 'habc', code: '30075' };
    const advance: NetrunnerAction = {
      type: 'advance',
      card: 'hdef',
      code: '30067',
      at: 'remote1:root:0',
    };
    expect(netrunner.observedActionKey(play, 'corp', 'runner')).toBe('play:30075');
    expect(netrunner.actionKey(advance, 'corp')).toBe('advance:30067:remote1:root:0');
    expect(netrunner.observedActionKey(advance, 'corp', 'runner')).toBe('advance:remote1:root:0');
    for (const a of [install, asset, play, advance]) {
      expect(netrunner.actionKey(a, 'corp')).not.toContain('card' in a ? a.card : '#');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { netrunner } from '../module.js';
import { act, corpActing, handle, spawn } from '../testing/kit.js';

describe('log redaction', () => {
  it('a draw names the card to the drawer only', () => {
    const s = corpActing();
    const draw = s.context.log.filter((e) => e.text.startsWith('Corp draws')).at(-1);
    if (!draw) throw new Error('no draw logged');
    expect(netrunner.logView(draw, 'corp')?.text).toMatch(/^Corp draws (?!1 card)/);
    expect(netrunner.logView(draw, 'runner')?.text).toBe('Corp draws 1 card.');
    expect(netrunner.logView(draw, 'runner')?.cards).toEqual([]);
  });

  it('a facedown install is by type for the Runner, by title for the Corp', () => {
    let ice = '';
    let s = corpActing({}, (g) => (ice = spawn(g, '30072', { zone: 'hq' })));
    s = act(s, 'corp', { type: 'install', card: handle(s, ice, 'corp'), server: 'new' });
    const entry = s.context.log.at(-1);
    if (!entry) throw new Error('no entry');
    expect(netrunner.logView(entry, 'corp')?.text).toBe(
      'Corp installs Palisade protecting Server 1.',
    );
    expect(netrunner.logView(entry, 'runner')?.text).toBe(
      'Corp installs a piece of ice protecting Server 1.',
    );
    expect(netrunner.logView(entry, 'spectator')?.text).toBe(
      'Corp installs a piece of ice protecting Server 1.',
    );
  });

  it('a played operation is public', () => {
    let fund = '';
    let s = corpActing({}, (g) => (fund = spawn(g, '30075', { zone: 'hq' })));
    s = act(s, 'corp', { type: 'play', card: handle(s, fund, 'corp') });
    const played = s.context.log.find((e) => e.text === 'Corp plays {0}.');
    if (!played) throw new Error('no play');
    expect(netrunner.logView(played, 'runner')?.text).toBe('Corp plays Hedge Fund.');
  });
});

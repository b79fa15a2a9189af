import { describe, expect, it } from 'vitest';
import { netrunner } from '../module.js';
import { drawCards } from '../rules/draw.js';
import { act, corpActing, edit, handle, spawn } from '../testing/kit.js';

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
    const played = s.context.log.find((e) => e.text.startsWith('Corp plays {0}'));
    if (!played) throw new Error('no play');
    expect(netrunner.logView(played, 'runner')?.text).toBe('Corp plays Hedge Fund (−5[credit]).');
  });

  it('a multi-card draw is one line: titles for the drawer, a count for the others', () => {
    const s = corpActing();
    const drawn = s.context.corp.rd.slice(0, 3);
    const after = edit(s, (g) => void drawCards(g, 'corp', 3));
    const entry = after.context.log.at(-1);
    if (!entry) throw new Error('no entry');
    expect(entry.cards.map((c) => c.code)).toEqual(drawn.map((uid) => s.context.cards[uid]?.code));
    expect(netrunner.logView(entry, 'corp')?.text).toBe(
      'Corp draws Hedge Fund, Hedge Fund and Hedge Fund.',
    );
    expect(netrunner.logView(entry, 'corp')?.cards).toHaveLength(3);
    for (const other of ['runner', 'spectator'] as const) {
      expect(netrunner.logView(entry, other)?.text).toBe('Corp draws 3 cards.');
      expect(netrunner.logView(entry, other)?.cards).toEqual([]);
    }
  });
});

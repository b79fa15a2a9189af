import { describe, expect, it } from 'vitest';
import { act, can, corpActing, handle, spawn } from '../testing/kit.js';

describe('advancing and scoring', () => {
  it('advance costs a click and a credit; an agenda is scored once fully advanced', () => {
    let agenda = '';
    let s = corpActing({}, (g) => {
      agenda = spawn(g, '30070', { zone: 'root', server: 'remote1' });
      g.cards[agenda]!.counters = { advancement: 2 };
    });
    expect(can(s, 'corp', { type: 'score' })).toBe(false);
    const credits = s.context.corp.credits;
    s = act(s, 'corp', { type: 'advance', card: handle(s, agenda, 'corp') });
    expect(s.context.corp.credits).toBe(credits - 1);
    expect(s.context.corp.clicks).toBe(2);
    s = act(s, 'corp', { type: 'score', card: handle(s, agenda, 'corp') });
    expect(s.context.corp.scored).toEqual([agenda]);
    // Scoring is not an action: no click spent.
    expect(s.context.corp.clicks).toBe(2);
  });

  it('7 agenda points win the game', () => {
    let agenda = '';
    let s = corpActing({}, (g) => {
      spawn(g, '30069', { zone: 'scored', side: 'corp' });
      spawn(g, '30068', { zone: 'scored', side: 'corp' });
      agenda = spawn(g, '30067', { zone: 'root', server: 'remote1' });
      g.cards[agenda]!.counters = { advancement: 4 };
    });
    s = act(s, 'corp', { type: 'score', card: handle(s, agenda, 'corp') });
    expect(s.context.outcome).toEqual({ winner: 'corp', reason: 'agenda_points' });
    expect(s.status).toBe('done');
  });
});

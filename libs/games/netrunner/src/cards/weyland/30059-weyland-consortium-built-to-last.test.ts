import { describe, expect, it } from 'vitest';
import { act, corpActing, handle, playOperation, spawn } from '../../testing/kit.js';

describe('Weyland Consortium: Built to Last', () => {
  it('advancing a card with no advancement counters gains 2; with counters, nothing', () => {
    let agenda = '';
    let s = corpActing({ corpIdentity: '30059' }, (g) => {
      agenda = spawn(g, '30068', { zone: 'root', server: 'remote1' });
    });
    s = act(s, 'corp', { type: 'advance', card: handle(s, agenda, 'corp') });
    expect(s.context.corp.credits).toBe(5 - 1 + 2);
    s = act(s, 'corp', { type: 'advance', card: handle(s, agenda, 'corp') });
    expect(s.context.corp.credits).toBe(5);
  });

  it('ruling: placing counters (Seamless Launch) is not advancing', () => {
    let agenda = '';
    let s = playOperation('30040', { corpIdentity: '30059' }, (g) => {
      agenda = spawn(g, '30068', { zone: 'root', server: 'remote1' });
    });
    s = act(s, 'corp', { type: 'choose', value: handle(s, agenda, 'corp') });
    expect(s.context.cards[agenda]?.counters.advancement).toBe(2);
    expect(s.context.corp.credits).toBe(5 - 1);
  });
});

import { describe, expect, it } from 'vitest';
import { act, acting, corpActing, spawn, until, type Snap } from '../../testing/kit.js';
import { moveCard } from '../../state/zones.js';

const ID = { corpIdentity: '30043' };

/** Three credit clicks, then on through the discard phase to the Runner's turn. */
function endTurn(s: Snap): Snap {
  let t = s;
  for (let i = 0; i < 3; i++) t = act(t, 'corp', { type: 'click-credit' });
  return until(t, acting('runner'));
}

describe('Jinteki: Restoring Humanity', () => {
  it('when the discard phase ends, with a facedown card in Archives: gain 1[credit]', () => {
    const s = corpActing(ID, (g) => {
      spawn(g, '30075', { zone: 'archives' });
      while (g.corp.hq.length > 5) moveCard(g, g.corp.hq[0]!, { zone: 'rd' });
    });
    const before = s.context.corp.credits;
    expect(endTurn(s).context.corp.credits).toBe(before + 3 + 1);
  });

  it('no gain with an empty Archives, or only faceup cards in it', () => {
    const empty = corpActing(ID, (g) => {
      while (g.corp.hq.length > 5) moveCard(g, g.corp.hq[0]!, { zone: 'rd' });
    });
    expect(endTurn(empty).context.corp.credits).toBe(empty.context.corp.credits + 3);
    const faceUp = corpActing(ID, (g) => {
      const uid = spawn(g, '30075', { zone: 'archives' });
      g.cards[uid]!.faceUp = true;
      while (g.corp.hq.length > 5) moveCard(g, g.corp.hq[0]!, { zone: 'rd' });
    });
    expect(endTurn(faceUp).context.corp.credits).toBe(faceUp.context.corp.credits + 3);
  });

  it('ruling: a card discarded to hand size in that discard phase counts', () => {
    const s = corpActing(ID, (g) => {
      spawn(g, '30075', { zone: 'hq' });
      spawn(g, '30075', { zone: 'hq' });
    });
    expect(s.context.corp.archives).toEqual([]);
    const after = endTurn(s);
    expect(after.context.corp.archives.length).toBeGreaterThan(0);
    expect(after.context.corp.credits).toBe(s.context.corp.credits + 3 + 1);
  });
});

import { describe, expect, it } from 'vitest';
import { nextUint32 } from '@veil/engine';
import { corpActing } from '../testing/kit.js';
import { draft } from './draft.js';
import { moveHandleCounts } from './handle-index.js';
import { cardHandle, freshHandle, handleText, packHandles, setHandles } from './handles.js';
import type { CardState, Game } from './types.js';

/** The handle `freshHandle` draws next, if it is free. */
function nextDraw(g: Game): string {
  const [a] = nextUint32(g.handleRng);
  return `h${a.toString(36).padStart(7, '0')}`;
}

function someCard(g: Game): CardState {
  return Object.values(g.cards)[3] as CardState;
}

describe('fresh handles', () => {
  it("skip a handle some card holds for that viewer, and only for that viewer's handles", () => {
    const g = draft(corpActing().context);
    const wanted = nextDraw(g);
    const card = someCard(g);
    // Another viewer holding it does not make it taken for the Runner.
    setHandles(
      g,
      card,
      packHandles(wanted, cardHandle(card, 'runner'), cardHandle(card, 'spectator')),
    );
    expect(freshHandle({ ...g, handleRng: g.handleRng }, 'runner')).toBe(wanted);
    // The Runner's own: the next draw is skipped.
    setHandles(
      g,
      card,
      packHandles(cardHandle(card, 'corp'), wanted, cardHandle(card, 'spectator')),
    );
    const drawn = freshHandle({ ...g, handleRng: g.handleRng }, 'runner');
    expect(drawn).not.toBe(wanted);
  });

  it('see a handle freed once its card has changed it (the index follows every change)', () => {
    const g = draft(corpActing().context);
    const wanted = nextDraw(g);
    const card = someCard(g);
    const before = card.handles;
    setHandles(
      g,
      card,
      packHandles(cardHandle(card, 'corp'), wanted, cardHandle(card, 'spectator')),
    );
    expect(freshHandle({ ...g, handleRng: g.handleRng }, 'runner')).not.toBe(wanted);
    setHandles(g, card, before);
    expect(freshHandle({ ...g, handleRng: g.handleRng }, 'runner')).toBe(wanted);
  });
});

describe('the handle index', () => {
  it("is never another record's: a state stepped again after a draft took its index", () => {
    const a = draft(corpActing().context);
    const wanted = nextDraw(a);
    // Copies: each draw changes the game's handle stream, and `a` must keep its own.
    expect(freshHandle({ ...a }, 'runner')).toBe(wanted); // builds the index of a's record
    // A draft of `a` takes the index and gives one of its cards the Runner's `wanted`.
    const b: Game = { ...a, cards: { ...a.cards } };
    moveHandleCounts(a.decks, a.cards, b.cards);
    const card = { ...someCard(a) };
    b.cards[card.uid] = card;
    setHandles(
      b,
      card,
      packHandles(cardHandle(card, 'corp'), wanted, cardHandle(card, 'spectator')),
    );
    expect(freshHandle({ ...b }, 'runner')).not.toBe(wanted);
    // `a` itself still has no card holding it: its draw is not skipped.
    expect(freshHandle({ ...a }, 'runner')).toBe(wanted);
  });
});

describe('handleText', () => {
  it("writes 'h' and the number's 7 base-36 digits, zero-padded", () => {
    const values = [0, 1, 35, 36, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1];
    for (let a = 12_345; values.length < 10_000; a = (Math.imul(a, 2_654_435_761) >>> 0) + 1) {
      values.push(a);
    }
    for (const a of values) expect(handleText(a)).toBe(`h${a.toString(36).padStart(7, '0')}`);
  });
});

import { cardByCode, CARDS, deckById } from '@veil/netrunner/client';
import { describe, expect, it } from 'vitest';
import { checkDecklist } from './decklist.js';

/** A starter deck as the text a player would paste (the identity, then "N Title" lines). */
function asText(id: string): string {
  const deck = deckById(id);
  if (!deck) throw new Error(`no deck ${id}`);
  const title = (code: string) => cardByCode(code)?.title ?? code;
  return [title(deck.identity), ...deck.cards.map((c) => `${c.count} ${title(c.code)}`)].join('\n');
}

const SYNDICATE = 'sg-tutorial-syndicate-intermediate';

describe('a pasted decklist', () => {
  it('is the same deck as the starter list it was written from', () => {
    const result = checkDecklist(asText(SYNDICATE), 'corp');
    expect(result).toMatchObject({ ok: true, deck: { identity: deckById(SYNDICATE)?.identity } });
    if (result.ok) expect(result.deck.cards).toEqual(deckById(SYNDICATE)?.cards);
  });

  it('names the line of a card over its deck limit (45 Hedge Fund)', () => {
    const text = `${asText(SYNDICATE)}\n45 Hedge Fund`;
    const line = text.split('\n').findIndex((l) => l.endsWith(' Hedge Fund')) + 1;
    const result = checkDecklist(text, 'corp');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const problem = result.problems.find((p) => p.message.includes('Hedge Fund'));
    expect(problem?.line).toBe(line);
    expect(problem?.message).toMatch(new RegExp(`^Line ${line}: `));
  });

  it('names each unreadable line, in order', () => {
    const text = ['The Syndicate: Profit over Principle', '3 Hedge Fnud', 'Hedge Fund'].join('\n');
    const result = checkDecklist(text, 'corp');
    expect(result.ok ? [] : result.problems.map((p) => p.line)).toEqual([2, 3]);
  });

  it("refuses the other side's identity on its line", () => {
    const result = checkDecklist(asText('sg-tutorial-catalyst-intermediate'), 'corp');
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          line: 1,
          message:
            "Line 1: 'The Catalyst: Convention Breaker' is a Runner identity; this deck is the Corp's.",
        },
      ],
    });
  });

  it('refuses a list over the 100 cards a room takes', () => {
    const corpCards = CARDS.filter((c) => c.side === 'corp' && c.type !== 'identity');
    const text = [
      'The Syndicate: Profit over Principle',
      ...corpCards.slice(0, 34).map((c) => `3 ${c.title}`),
    ].join('\n');
    const result = checkDecklist(text, 'corp');
    expect(result.ok ? [] : result.problems.map((p) => p.message)).toContain(
      'The deck has 102 cards; a room takes at most 100.',
    );
  });

  it('reads a NetrunnerDB text export: headings and the summary are not cards', () => {
    const deck = deckById('sg-criminal');
    if (!deck) throw new Error('no deck');
    const title = (code: string) => cardByCode(code)?.title ?? code;
    const lines = [
      `${title(deck.identity)} (System Gateway)`,
      '',
      `Event (${deck.cards.length})`,
      ...deck.cards.map((c) => `${c.count}x ${title(c.code)} (System Gateway)`),
      '',
      '12 influence spent (max 15, available 3)',
      '45 cards (min 45)',
      'Cards up to System Gateway',
    ];
    const result = checkDecklist(lines.join('\n'), 'runner');
    expect(result.ok ? result.deck.cards : result.problems).toEqual(deck.cards);
    // A line that is neither is still named, by its own number.
    const withName = checkDecklist(['My deck', ...lines].join('\n'), 'runner');
    expect(withName.ok ? [] : withName.problems.map((p) => p.line)).toEqual([1]);
  });

  it('asks for a list when there is none', () => {
    expect(checkDecklist(' \n', 'runner')).toEqual({
      ok: false,
      problems: [{ message: 'Paste a decklist.' }],
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { DuneState, Faction } from '../state/types.js';
import { act, afterSetup, edit, hand, withPlayer } from '../testing/scenario.js';
import { MAX_DISCARD_CHAIN, resumeDiscard, settleDiscards } from './apply.js';
import { enterBidding, karamaTake } from './bidding.js';
import { discardBatch } from './common.js';
import { ship } from './movement.js';
import { playWeatherControl } from './storm.js';

const SIX: readonly Faction[] = [
  'atreides',
  'bene_gesserit',
  'emperor',
  'fremen',
  'spacing_guild',
  'harkonnen',
];

/**
 * Every producer of a discard stops at the boundary on a typed continuation, has not moved on
 * (no card given, no draw, no shuffle, no storm move), and resumes exactly once.
 */
function checkResumesOnce(paused: DuneState): DuneState {
  expect(paused.pendingDiscard).not.toBeNull();
  const resumed = settleDiscards(paused);
  expect(resumed.pendingDiscard).toBeNull();
  expect(settleDiscards(resumed)).toBe(resumed);
  return resumed;
}

describe('discard producers stop at the boundary', () => {
  it('Karama in bidding: the free card is taken only on resume, once', () => {
    const start = afterSetup(['atreides', 'emperor', 'harkonnen']).context;
    const bidding = enterBidding(
      withPlayer(
        {
          ...start,
          choice: null,
          stormOrder: ['emperor', 'atreides', 'harkonnen'],
          treacheryDeck: ['lasgun', 'shield', 'snooper', 'kulon', ...start.treacheryDeck],
        },
        'emperor',
        { hand: hand(['karama'], 'k') },
      ),
    );
    const paused = karamaTake(bidding, 'emperor', 'k0');
    expect(paused.pendingDiscard).toEqual({ kind: 'karama_purchase', batch: 1, buyer: 'emperor' });
    expect(paused.players.emperor.hand).toEqual([]);
    expect(paused.auction?.cards[0]).toBe('lasgun');
    expect(paused.treacheryDeck).toEqual(bidding.treacheryDeck);
    const resumed = checkResumesOnce(paused);
    expect(resumed.players.emperor.hand.map((c) => c.card)).toEqual(['lasgun']);
    expect(resumed.players.emperor.spice).toBe(bidding.players.emperor.spice);
    expect(resumed.auction?.cards[0]).toBe('shield');
  });

  it('a Karama shipment: paid once at half price; the BG offer comes only on resume', () => {
    const s = edit(
      afterSetup(SIX),
      (st) =>
        withPlayer(
          { ...st, choice: null, cursor: { order: ['emperor'], index: 0, shipped: false } },
          'emperor',
          { hand: hand(['karama'], 'k') },
        ),
      'movement',
    ).context;
    const paused = ship(s, 'emperor', 'the_great_flat:14', 4, 'k0');
    expect(paused.pendingDiscard).toEqual({
      kind: 'karama_shipment',
      batch: 1,
      shipper: 'emperor',
    });
    expect(paused.players.emperor.spice).toBe(10 - 4);
    expect(paused.pauses.decisions).toEqual([]);
    expect(paused.cursor?.shipped).toBe(false);
    const resumed = checkResumesOnce(paused);
    expect(resumed.players.emperor.spice).toBe(10 - 4);
    expect(resumed.cursor?.shipped).toBe(true);
    expect(resumed.pauses.decisions.map((d) => d.kind)).toEqual(['spiritual_advisor']);
  });

  it('Weather Control: the storm moves only on resume, by the chosen amount, once', () => {
    let s = edit(afterSetup(['atreides', 'harkonnen']), (st) =>
      withPlayer({ ...st, turn: 2 }, 'harkonnen', { hand: hand(['weather_control'], 'w') }),
    );
    s = act(s, 'atreides', { type: 'dial', value: 1 });
    s = act(s, 'harkonnen', { type: 'dial', value: 1 });
    const window = s.context.pauses.windows[0];
    if (!window) throw new Error('no window');
    s = act(s, 'atreides', { type: 'pass', window: window.id });
    const before = s.context;
    const paused = playWeatherControl(before, 'harkonnen', 9);
    expect(paused.pendingDiscard).toEqual({ kind: 'storm_card', batch: 1 });
    expect(paused.storm).toBe(before.storm);
    expect(paused.rng).toEqual(before.rng);
    const resumed = checkResumesOnce(paused);
    expect(resumed.storm).toBe((before.storm + 9) % 18);
    expect(resumed.pauses.windows).toEqual([]);
    expect(resumed.treacheryDiscard).toEqual(['weather_control']);
  });
});

describe('settling a chain of boundaries', () => {
  /**
   * A resume that discards the Emperor's next card on its own (no base-game producer does):
   * `cards` in hand make a chain of `cards` + 1 boundaries.
   */
  function chain(cards: number): { start: DuneState; resume: (s: DuneState) => DuneState } {
    const base = withPlayer(afterSetup(['emperor', 'harkonnen']).context, 'emperor', {
      hand: hand(Array<'lasgun'>(cards + 1).fill('lasgun'), 'x'),
    });
    const discardNext = (s: DuneState) => {
      const next = s.players.emperor.hand[0];
      if (!next) return s;
      return discardBatch(
        s,
        'card_used',
        'storm',
        [{ faction: 'emperor', handle: next.handle }],
        (batch) => ({ kind: 'card_used', batch, resume: 'none' }),
      );
    };
    return {
      start: discardNext(base),
      resume: (s) => discardNext(resumeDiscard(s)),
    };
  }

  it('settles a chain as long as the bound, one batch per card', () => {
    const { start, resume } = chain(MAX_DISCARD_CHAIN - 1);
    const settled = settleDiscards(start, resume);
    expect(settled.pendingDiscard).toBeNull();
    expect(settled.players.emperor.hand).toEqual([]);
    expect(settled.discardBatches).toHaveLength(MAX_DISCARD_CHAIN);
  });

  it('throws an invariant error, not a silent stop, on a chain longer than the bound', () => {
    const { start, resume } = chain(MAX_DISCARD_CHAIN);
    expect(() => settleDiscards(start, resume)).toThrow(
      /invariant: a discard boundary \(card_used\) is still pending after 10 resumes/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { Rng } from '@veil/engine';
import { dune } from '../module.js';
import type { TruthQuestion } from '../state/actions.js';
import type { DuneState, Faction } from '../state/types.js';
import { act, afterSetup, edit, hand, withPlayer, type Snap } from '../testing/scenario.js';
import { discardBatch, giveCard } from '../rules/common.js';
import { forgetTraitorAnswers } from '../rules/truth-answers.js';

const THREE: readonly Faction[] = ['atreides', 'emperor', 'harkonnen'];
const SEEDS = 200;

/**
 * The Atreides' movement turn with three Truthtrances; the Harkonnen hold a Lasgun and a
 * Chaumas, the Emperor keeps one traitor card. The Atreides then ask, through the real rules.
 */
function asked(
  questions: ReadonlyArray<[Faction, TruthQuestion]>,
  change: (s: DuneState) => DuneState = (x) => x,
): Snap {
  let s = edit(
    afterSetup(THREE),
    (st): DuneState => {
      let x: DuneState = {
        ...st,
        choice: null,
        phaseDone: false,
        cursor: { order: ['atreides'], index: 0, shipped: false },
      };
      x = withPlayer(x, 'atreides', {
        hand: hand(['truthtrance', 'truthtrance', 'truthtrance'], 'a'),
      });
      x = withPlayer(x, 'harkonnen', { hand: hand(['lasgun', 'chaumas'], 'h') });
      return change(x);
    },
    'movement',
  );
  for (const [to, question] of questions) {
    const card = s.context.players.atreides.hand[0];
    s = act(s, 'atreides', { type: 'truthtrance', truthtrance: card?.handle ?? '', to, question });
  }
  return s;
}

/** The sampled worlds of the Atreides' view, one per seed. */
function worlds(s: Snap): DuneState[] {
  const view = dune.view(s, 'atreides');
  return Array.from(
    { length: SEEDS },
    (_, i) => dune.determinize(view, 'atreides', Rng.from(`answers:${i}`)).context,
  );
}

const cards = (st: DuneState, f: Faction) => st.players[f].hand.map((c) => c.card);

describe('determinized worlds keep to public Truthtrance answers', () => {
  it('a card a seat said it holds is in its hand in every world; one it said it lacks, in none', () => {
    const s = asked([
      ['harkonnen', { kind: 'holds', card: 'lasgun' }],
      ['harkonnen', { kind: 'holds', card: 'shield' }],
    ]);
    expect(s.context.truthAnswers).toEqual([
      { to: 'harkonnen', question: { kind: 'holds', card: 'lasgun' }, answer: true },
      { to: 'harkonnen', question: { kind: 'holds', card: 'shield' }, answer: false },
    ]);
    // Public: every seat and the spectator see the same answers.
    for (const v of ['emperor', 'harkonnen', 'spectator'] as const) {
      expect(dune.view(s, v).flow.truthAnswers).toEqual(s.context.truthAnswers);
    }
    for (const w of worlds(s)) {
      expect(cards(w, 'harkonnen')).toContain('lasgun');
      expect(cards(w, 'harkonnen')).not.toContain('shield');
      expect(cards(w, 'harkonnen')).toHaveLength(2);
    }
  });

  it('a traitor a seat said it holds is its traitor in every world; one it said it lacks, never', () => {
    const yueh = 'atreides.dr_wellington_yueh';
    const s = asked(
      [
        ['emperor', { kind: 'traitor', leader: 'atreides.duncan_idaho' }],
        ['harkonnen', { kind: 'traitor', leader: yueh }],
      ],
      (x) => {
        let y = withPlayer(x, 'atreides', {
          traitors: ['emperor.caid'],
          rejectedTraitors: ['emperor.burseg', 'emperor.bashar', 'emperor.captain_aramsham'],
        });
        y = withPlayer(y, 'emperor', { traitors: ['atreides.duncan_idaho'] });
        return withPlayer(y, 'harkonnen', {
          traitors: [
            'atreides.thufir_hawat',
            'atreides.lady_jessica',
            'atreides.gurney_halleck',
            'emperor.hasimir_fenring',
          ],
        });
      },
    );
    expect(s.context.truthAnswers.map((a) => a.answer)).toEqual([true, false]);
    for (const w of worlds(s)) {
      expect(w.players.emperor.traitors).toEqual(['atreides.duncan_idaho']);
      expect(w.players.harkonnen.traitors).toHaveLength(4);
      expect(w.players.harkonnen.traitors).not.toContain(yueh);
    }
  });

  it('an answer about a hand is forgotten once a card enters or leaves it (public events)', () => {
    const s = asked([
      ['harkonnen', { kind: 'holds', card: 'lasgun' }],
      ['emperor', { kind: 'holds', card: 'karama' }],
    ]).context;
    const gained = giveCard(s, 'harkonnen', 'shield');
    expect(gained.truthAnswers.map((a) => a.to)).toEqual(['emperor']);
    const handle = s.players.harkonnen.hand[0]?.handle ?? '';
    const lost = discardBatch(
      s,
      'card_used',
      'movement',
      [{ faction: 'harkonnen', handle }],
      (batch) => ({ kind: 'card_used', batch, resume: 'none' }),
    );
    expect(lost.truthAnswers.map((a) => a.to)).toEqual(['emperor']);
  });

  it('an answer about a traitor is forgotten once that traitor is called (public)', () => {
    const s = asked([
      ['emperor', { kind: 'traitor', leader: 'atreides.duncan_idaho' }],
      ['harkonnen', { kind: 'holds', card: 'lasgun' }],
    ]).context;
    const called = forgetTraitorAnswers(s, 'atreides.duncan_idaho');
    expect(called.truthAnswers.map((a) => a.question.kind)).toEqual(['holds']);
    expect(forgetTraitorAnswers(s, 'atreides.thufir_hawat')).toBe(s);
  });
});

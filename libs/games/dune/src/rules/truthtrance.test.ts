import { describe, expect, it } from 'vitest';
import { RulesError } from '@veil/engine';
import { dune } from '../module.js';
import type { DuneState } from '../state/types.js';
import { duneActionKey } from '../view/keys.js';
import { act, afterSetup, edit, hand, withPlayer, type Snap } from '../testing/scenario.js';

const THREE = ['atreides', 'emperor', 'harkonnen'] as const;

/** The Atreides' movement turn, holding a Truthtrance; the Harkonnen hold a Lasgun. */
function withTruthtrance(): Snap {
  return edit(
    afterSetup(THREE),
    (st): DuneState => {
      let x: DuneState = {
        ...st,
        choice: null,
        phaseDone: false,
        cursor: { order: ['atreides'], index: 0, shipped: false },
      };
      x = withPlayer(x, 'atreides', { hand: hand(['truthtrance'], 'a') });
      x = withPlayer(x, 'harkonnen', {
        hand: hand(['lasgun'], 'h'),
        traitors: ['emperor.caid'],
        spice: 12,
      });
      return x;
    },
    'movement',
  );
}

describe('Truthtrance', () => {
  it('asks another seat a yes/no question the rules answer truthfully, in public; the card is discarded', () => {
    let s = withTruthtrance();
    const asks = dune.legalActions(s, 'atreides').filter((a) => a.type === 'truthtrance');
    expect(asks.length).toBeGreaterThan(0);
    expect(asks.every((a) => a.type === 'truthtrance' && a.to !== 'atreides')).toBe(true);
    s = act(s, 'atreides', {
      type: 'truthtrance',
      truthtrance: 'a0',
      to: 'harkonnen',
      question: { kind: 'holds', card: 'lasgun' },
    });
    const entry = s.context.log.find((e) => e.type === 'truthtrance');
    expect(entry).toMatchObject({
      type: 'truthtrance',
      data: { asker: 'atreides', to: 'harkonnen', answer: true },
    });
    // Public: the spectator's log shows the question and the answer.
    expect(dune.logView(entry!, 'spectator')?.data).toMatchObject({ answer: true });
    expect(s.context.treacheryDiscard).toEqual(['truthtrance']);
    expect(s.context.discardBatches.at(-1)).toMatchObject({
      cause: 'card_used',
      phase: 'movement',
    });
    // The Atreides' turn goes on.
    expect(dune.deciders(s)).toEqual(['atreides']);
  });

  it('answers no when no is the truth; a seat without the card cannot ask', () => {
    let s = withTruthtrance();
    expect(dune.legalActions(s, 'harkonnen').some((a) => a.type === 'truthtrance')).toBe(false);
    const spice = {
      type: 'truthtrance' as const,
      truthtrance: 'a0',
      to: 'harkonnen' as const,
      question: { kind: 'spice_at_least' as const, amount: 15 },
    };
    expect(duneActionKey(spice)).toBe(
      'truthtrance:harkonnen:{"kind":"spice_at_least","amount":15}',
    );
    s = act(s, 'atreides', spice);
    expect(s.context.log.find((e) => e.type === 'truthtrance')?.data).toMatchObject({
      answer: false,
    });
    // Asking oneself is not an action.
    expect(() => act(withTruthtrance(), 'atreides', { ...spice, to: 'atreides' })).toThrow(
      RulesError,
    );
  });
});

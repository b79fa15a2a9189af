import { playRandom } from '@veil/engine/testing';
import { dune, FACTION_IDS, type DuneView, type Faction } from '@veil/dune';
import { describe, expect, it } from 'vitest';
import { hasSentence, logSentence } from './log-sentences.js';
import { logText, type DuneLogLine } from './log-text.js';

// The Dune log in sentences. The field names are the rules' (libs/games/dune), so real games
// check them: a renamed field would leave its event without a sentence.

const SIX: readonly Faction[] = FACTION_IDS;

describe('the Dune log in sentences', () => {
  it('says every event of real six-seat games that has a sentence, as each seat and a spectator see it', () => {
    const said = new Set<string>();
    for (let seed = 0; seed < 4; seed++) {
      const { snapshots } = playRandom(dune, { factions: [...SIX], turns: 10 }, seed, 2_000);
      const last = snapshots.at(-1)!;
      for (const viewer of ['atreides', 'harkonnen', 'spectator'] as const) {
        const view = dune.view(last, viewer);
        for (const entry of dune.log(last)) {
          const e = dune.logView(entry, viewer) as DuneLogLine | null;
          if (!e || !hasSentence(e.type)) continue;
          const sentence = logSentence(view, e.type, e.data, e.secret);
          expect(sentence, `${e.type} ${JSON.stringify(e)}`).not.toBeNull();
          said.add(e.type);
        }
      }
    }
    // Most of the game's events came up (a check over a handful would prove little).
    expect(said.size).toBeGreaterThan(35);
  });

  const view = (viewer: Faction | 'spectator'): DuneView =>
    dune.view(playRandom(dune, { factions: [...SIX] }, 1, 1).snapshots[0]!, viewer);
  const line = (type: string, data: unknown, secret?: unknown): DuneLogLine =>
    secret === undefined ? { type, turn: 2, data } : { type, turn: 2, data, secret };

  it('names factions, areas, leaders and cards in words', () => {
    const v = view('atreides');
    expect(
      logText(v, line('move', { faction: 'fremen', from: 'basin:8', to: 'tsimpo:10', count: 3 })),
    ).toBe('The Fremen moved 3 forces from Basin (sector 8) to Tsimpo (sector 10).');
    expect(
      logText(
        v,
        line('battle_result', {
          territory: 'wind_pass_north',
          winner: 'emperor',
          how: 'strength',
          killed: ['bene_gesserit.wanna_yueh'],
          earned: 5,
        }),
      ),
    ).toBe(
      'The Emperor won the battle in Wind Pass North. Killed: Wanna Yueh (5). The Emperor earned 5 spice.',
    );
    expect(
      logText(
        v,
        line('storm_moved', {
          move: 4,
          sector: 7,
          killed: [{ area: 'the_minor_erg:4', faction: 'atreides', count: 9 }],
        }),
      ),
    ).toBe(
      'The storm moved 4 sectors, to sector 7. It killed 9 forces of the Atreides in The Minor Erg (sector 4).',
    );
  });

  it('says the secret part only to the viewer it was sent to', () => {
    const sold = { buyer: 'harkonnen', price: 5, karama: false, payee: 'emperor', allyPaid: 0 };
    expect(logText(view('harkonnen'), line('card_sold', sold, { card: 'kulon' }))).toBe(
      'The Harkonnen bought Kulon for 5 spice, paid to the Emperor.',
    );
    expect(logText(view('spectator'), line('card_sold', sold))).toBe(
      'The Harkonnen bought the card for 5 spice, paid to the Emperor.',
    );
  });

  it('falls back to the fields, named, for an entry of an unexpected shape', () => {
    expect(logSentence(view('atreides'), 'move', { faction: 3 }, undefined)).toBeNull();
    expect(logText(view('atreides'), line('move', { faction: 3 }))).toBe('move: faction: 3');
    expect(logText(view('atreides'), line('something_new', { count: 2 }))).toBe(
      'something new: count: 2',
    );
  });
});

import { applyAction, newGame, type GameSnapshot } from '@veil/engine';
import { dune, type DuneState, type DuneView, type Faction } from '@veil/dune';
import { fixedChoice } from '@veil/dune/testing';
import { describe, expect, it } from 'vitest';
import { choicesOf } from './choices.js';
import { logText } from './log-text.js';
import { promptText } from './prompt.js';
import { candidateLines, semutaSetting, settingChanges, type SemutaSetting } from './semuta.js';

// A real Semuta room (seed 132, three seats, Semuta dealt to the Guild at setup) played by a
// fixed choice until the first fresh-discard boundary: the Harkonnen lose a battle and discard
// Slip Tip and Kulon; the Emperor is asked first, then the Guild, the holder.

const SEATS: readonly Faction[] = ['emperor', 'harkonnen', 'spacing_guild'];
const CANDIDATES = ['Slip Tip', 'Kulon'];

function toBoundary(): GameSnapshot<DuneState> {
  let s: GameSnapshot<DuneState> = newGame(dune, { factions: SEATS, semutaDrug: true }, 132);
  for (let i = 0; i < 100; i++) {
    if (dune.view(s, 'spectator').windows.some((w) => w.kind === 'semuta' && w.status === 'open'))
      return s;
    // A seat whose hidden choice is in waits for the others.
    const seat = SEATS.find((f) => {
      const v = dune.view(s, f);
      return v.deciders.includes(f) && (v.choice?.mine ?? null) === null;
    });
    if (!seat) throw new Error('nobody to act');
    s = applyAction(dune, s, seat, fixedChoice(dune.view(s, seat).legalActions ?? []));
  }
  throw new Error('no Semuta boundary');
}

/** Every word the decision panel shows `view`: the prompt, group titles and button labels. */
function panelText(view: DuneView): string {
  const choices = choicesOf(view, view.legalActions ?? []);
  return [
    promptText(view),
    ...choices.flatMap((c) => [
      c.title,
      ...(c.kind === 'buttons' ? c.buttons.map((b) => b.label) : []),
    ]),
    ...candidateLines(view).map((c) => c.text),
  ].join('\n');
}

const boundary = toBoundary();
const atHolder = applyAction(
  dune,
  boundary,
  'emperor',
  dune.view(boundary, 'emperor').legalActions![0]!,
);

describe('Semuta Drug on the web board', () => {
  it('shows every seat asked the same Continue; only the holder also gets Commit and inspect, and no candidate before it', () => {
    const emperor = dune.view(boundary, 'emperor');
    const guild = dune.view(atHolder, 'spacing_guild');
    const buttons = (v: DuneView) =>
      choicesOf(v, v.legalActions ?? []).flatMap((c) =>
        c.kind === 'buttons' ? c.buttons.map((b) => `${c.title}: ${b.label}`) : [c.type],
      );
    expect(buttons(emperor)).toEqual(['Pass: Continue']);
    expect(buttons(guild)).toEqual(['Pass: Continue', 'Use Semuta: Commit and inspect']);
    // The prompt reads the same for every viewer at both steps, spectator included.
    for (const s of [boundary, atHolder]) {
      const prompts = new Set(
        [...SEATS, 'spectator' as const].map((f) => promptText(dune.view(s, f))),
      );
      expect([...prompts]).toEqual([
        'Cards were just discarded. Each player asked, in turn, continues when ready.',
      ]);
    }
    for (const v of [emperor, guild, dune.view(atHolder, 'emperor')]) {
      for (const name of CANDIDATES) expect(panelText(v)).not.toContain(name);
      expect(candidateLines(v)).toEqual([]);
    }
  });

  it('after the commitment shows the candidates to the claimant alone, as picks with no way back', () => {
    const use = dune
      .view(atHolder, 'spacing_guild')
      .legalActions!.find((a) => a.type === 'use_semuta')!;
    const committed = applyAction(dune, atHolder, 'spacing_guild', use);
    const guild = dune.view(committed, 'spacing_guild');
    expect(candidateLines(guild).map((c) => c.text)).toEqual([
      'Slip Tip (discarded by Harkonnen)',
      'Kulon (discarded by Harkonnen)',
    ]);
    const choices = choicesOf(guild, guild.legalActions ?? []);
    expect(choices.map((c) => c.type)).toEqual(['semuta_select']);
    expect(choices[0]!.kind === 'buttons' && choices[0]!.buttons.map((b) => b.label)).toEqual([
      'Take Slip Tip (from Harkonnen)',
      'Take Kulon (from Harkonnen)',
    ]);
    for (const f of ['emperor', 'harkonnen', 'spectator'] as const) {
      const v = dune.view(committed, f);
      expect(promptText(v)).toBe(
        'Spacing Guild played Semuta Drug and takes one of the discarded cards.',
      );
      expect(candidateLines(v)).toEqual([]);
      expect(panelText(v)).not.toMatch(/Take /);
    }
    // The log: the play, then the card taken (public: base-game discards are face up).
    const taken = applyAction(dune, committed, 'spacing_guild', guild.legalActions![1]!);
    const lines = dune
      .log(taken)
      .flatMap((e) => dune.logView(e, 'emperor') ?? [])
      .filter((e) => e.type.startsWith('semuta_'))
      .map((e) => logText(dune.view(taken, 'emperor'), e));
    expect(lines).toEqual([
      'Spacing Guild played Semuta Drug on the fresh discards.',
      'Spacing Guild took Kulon discarded by Harkonnen with Semuta Drug.',
    ]);
  });

  it('turns the shield setting into the engine policies and back, for every change', () => {
    const settings: SemutaSetting[] = ['ask', 'decline', 'commit'];
    const start: Record<SemutaSetting, Record<string, string>> = {
      ask: {},
      decline: { semuta: 'auto-pass' },
      commit: { semuta_auto_commit: 'auto-pass' },
    };
    for (const from of settings) {
      expect(semutaSetting(start[from])).toBe(from);
      for (const to of settings) {
        const policies: Record<string, string> = { ...start[from] };
        for (const [kind, policy] of settingChanges(policies, to)) {
          if (policy === null) delete policies[kind];
          else policies[kind] = policy;
          // Between two standing values, never a moment of "ask me".
          if (from !== 'ask' && to !== 'ask') expect(semutaSetting(policies)).not.toBe('ask');
        }
        expect(semutaSetting(policies), `${from} -> ${to}`).toBe(to);
      }
    }
    // Both kinds set (as the rules allow): auto-decline wins, and "ask me" clears both.
    expect(semutaSetting({ semuta: 'auto-pass', semuta_auto_commit: 'auto-pass' })).toBe('decline');
    expect(settingChanges({ semuta: 'auto-pass', semuta_auto_commit: 'auto-pass' }, 'ask')).toEqual(
      [
        ['semuta', null],
        ['semuta_auto_commit', null],
      ],
    );
  });
});

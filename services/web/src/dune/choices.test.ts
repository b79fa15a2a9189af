import { applyAction, newGame, Rng, type GameSnapshot } from '@veil/engine';
import { dune, type DuneAction, type DuneState, type DuneView, type Faction } from '@veil/dune';
import { describe, expect, it } from 'vitest';
import { choicesOf, fieldsOf, formState, valueText, type Choice } from './choices.js';

/** Every decider view of a seeded random-legal game (the seat and rng fixed by the seed). */
function deciderViews(factions: readonly Faction[], seed: number, steps: number): DuneView[] {
  const rng = Rng.from(`web-choices:${seed}`);
  let s: GameSnapshot<DuneState> = newGame(dune, { factions }, seed);
  const out: DuneView[] = [];
  for (let i = 0; i < steps && dune.outcome(s) === null; i++) {
    const seat = rng.pick(dune.deciders(s));
    const view = dune.view(s, seat);
    out.push(view);
    s = applyAction(dune, s, seat, rng.pick(view.legalActions ?? []));
  }
  return out;
}

const SIX: readonly Faction[] = [
  'atreides',
  'bene_gesserit',
  'emperor',
  'fremen',
  'spacing_guild',
  'harkonnen',
];
const views = [
  ...deciderViews(SIX, 1, 700),
  ...deciderViews(['harkonnen', 'fremen', 'atreides'], 2, 700),
  ...deciderViews(['emperor', 'bene_gesserit'], 3, 500),
];

/** How a person reaches `action`: its button, or its form with each field set to its value. */
function reached(choices: readonly Choice[], action: DuneAction): DuneAction | null {
  const choice = choices.find((c) => c.type === action.type);
  if (!choice) return null;
  if (choice.kind === 'buttons')
    return choice.buttons.find((b) => b.action === action)?.action ?? null;
  return formState(choice, Object.fromEntries(fieldsOf(action))).action;
}

/** Raw ids or handles in text a person reads. */
const RAW = /\b[a-z]+_[a-z_]+\b|\bc[0-9a-f]{12}\b|\[object|undefined/;

describe('Dune choices on the web board', () => {
  it('offer every legal action of real games, each through one button or one form', () => {
    expect(views.length).toBeGreaterThan(1000);
    const types = new Set<string>();
    for (const view of views) {
      const actions = view.legalActions ?? [];
      expect(actions.length).toBeGreaterThan(0);
      const choices = choicesOf(view, actions);
      // Each action of a short list; of a long one (shipments: hundreds), every 17th.
      const stride = actions.length > 60 ? 17 : 1;
      for (let i = 0; i < actions.length; i += stride) {
        const action = actions[i]!;
        types.add(action.type);
        expect(reached(choices, action), JSON.stringify(action)).toEqual(action);
      }
      // A form as it first shows is already one legal action (submit always works).
      for (const c of choices)
        if (c.kind === 'form') expect(formState(c, {}).action).not.toBeNull();
    }
    // The game's main decisions are among them.
    for (const type of ['setup', 'dial', 'bid', 'ship', 'move', 'plan', 'revive'])
      expect(types, type).toContain(type);
  });

  it('name every choice in words: no ids, no card handles', () => {
    for (const view of views) {
      for (const c of choicesOf(view, view.legalActions ?? [])) {
        const texts =
          c.kind === 'buttons'
            ? c.buttons.map((b) => b.label)
            : formState(c, {}).options.flatMap((o) =>
                o.values.map((v) => valueText(view, o.field, v)),
              );
        for (const text of [c.title, ...texts]) {
          expect(text.length, c.type).toBeGreaterThan(0);
          expect(text, `${c.type}: ${text}`).not.toMatch(RAW);
        }
      }
    }
  });
});

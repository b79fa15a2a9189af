import fc from 'fast-check';
import {
  newGame,
  restoreGame,
  seedRng,
  type GameSnapshot,
  applyAction,
  randomInt,
} from '@veil/engine';
import { assertProperty, checkNoStreamExposure } from '@veil/engine/testing';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { DEFAULT_CORP_DECK, DEFAULT_RUNNER_DECK, resolveDeck } from '../machine/setup-input.js';
import { netrunner } from '../module.js';
import { gameStreams, setupGame } from '../rules/setup.js';
import type { Game, Side, Viewer } from '../state/types.js';
import { PAIRINGS } from '../testing/pairings.js';

// docs/privacy.md, "Randomness": the rules' stream never shows in what a viewer observes, and
// the opaque handles are independent of it.

type Snap = GameSnapshot<Game>;
const streamsOf = (s: Snap) => [s.context.rng];

describe("Netrunner's random streams", () => {
  it("shows no output of the rules' stream to any viewer", () => {
    const reports = PAIRINGS.slice(0, 3).map((options, i) =>
      checkNoStreamExposure({
        module: netrunner,
        options,
        streams: streamsOf,
        games: 3,
        maxSteps: 250,
        stride: 5,
        seed: 11 + 10 * i,
      }),
    );
    expect(reports.reduce((n, r) => n + r.statesChecked, 0)).toBeGreaterThan(400);
  });

  it('catches a Netrunner whose handles are raw outputs of the rules stream', () => {
    // The broken variant: the handle stream is the rules stream, so every handle drawn in play
    // is a word the shuffles use too.
    const { context, ...config } = netrunner.machine.config as typeof netrunner.machine.config & {
      context: (args: { input: unknown }) => Game;
    };
    const leaky = {
      ...netrunner,
      machine: createMachine(
        {
          ...config,
          context: (args: { input: unknown }) => {
            const g = context(args);
            return { ...g, handleRng: g.rng };
          },
        } as typeof netrunner.machine.config,
        netrunner.machine.implementations,
      ),
    } as typeof netrunner;
    expect(() =>
      checkNoStreamExposure({
        module: leaky,
        options: PAIRINGS[0] ?? {},
        streams: streamsOf,
        games: 3,
        maxSteps: 250,
        stride: 5,
      }),
    ).toThrow(/stream exposure: .* an output of the rules' random stream/);
  });

  it('gives every non-owner the same views, handles included, for two different hidden deals', () => {
    const corpDeck = resolveDeck(undefined, DEFAULT_CORP_DECK);
    const runnerDeck = resolveDeck(undefined, DEFAULT_RUNNER_DECK);
    const start = newGame(netrunner, {}, 'template') as Snap;
    const world = (rules: string, handles: string, hide?: Side): Snap => {
      const streams = { rules: seedRng(rules, 'rules'), handles: seedRng(handles, 'handles') };
      const g = setupGame(corpDeck, runnerDeck, streams);
      if (hide) permuteHiddenCodes(g, hide);
      return restoreGame(netrunner, { value: start.value, context: g, status: 'active' }) as Snap;
    };
    let stepsCompared = 0;
    assertProperty(
      fc.property(
        fc.nat(),
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 0, max: 40 }),
        fc.constantFrom<Viewer>('corp', 'runner', 'spectator'),
        (ruleSeed, handleSeed, playSeed, steps, viewer) => {
          const handles = `h${handleSeed}`;
          // A spectator owns nothing: the whole deal differs. A seat: only the other side's.
          const [a, b] =
            viewer === 'spectator'
              ? [world(`a${ruleSeed}`, handles), world(`b${ruleSeed}`, handles)]
              : [
                  world(`a${ruleSeed}`, handles),
                  world(`a${ruleSeed}`, handles, viewer === 'corp' ? 'runner' : 'corp'),
                ];
          expect(a.context.cards).not.toEqual(b.context.cards);
          const pick = seedRng(`play${playSeed}`);
          let left = a;
          let right = b;
          let draw = pick;
          for (let i = 0; i <= steps; i++) {
            expect(JSON.stringify(netrunner.view(right, viewer))).toBe(
              JSON.stringify(netrunner.view(left, viewer)),
            );
            const next = publicStep(left, right, draw);
            if (next === null) break;
            [left, right, draw] = next;
            stepsCompared++;
          }
        },
      ),
      { numRuns: 40, seed: 5 },
      ([r, h, p, steps, viewer]) =>
        `rules ${r}, handles ${h}, play ${p}, ${steps} steps, ${viewer}`,
    );
    // The worlds were followed through mulligans and whole turns, not only compared at setup.
    expect(stepsCompared).toBeGreaterThan(200);
  });

  it('draws the two streams of a room from one seed, independently', () => {
    const streams = gameStreams('f'.repeat(64));
    expect(streams.rules.key).not.toBe(streams.handles.key);
    const g = newGame(netrunner, {}, 'f'.repeat(64)) as Snap;
    expect(g.context.rng.key).toBe(streams.rules.key);
    expect(g.context.handleRng.key).toBe(streams.handles.key);
  });
});

/** Swaps the printed cards among `side`'s hidden deck and hand, keeping every handle in place. */
function permuteHiddenCodes(g: Game, side: Side): void {
  const uids =
    side === 'corp' ? [...g.corp.hq, ...g.corp.rd] : [...g.runner.grip, ...g.runner.stack];
  const codes = uids.map((uid) => g.cards[uid]?.code ?? '');
  const rotated = [...codes.slice(1), codes[0] ?? ''];
  uids.forEach((uid, i) => {
    const card = g.cards[uid];
    if (card) g.cards[uid] = { ...card, code: rotated[i] ?? card.code };
  });
}

/**
 * One step that reveals no card: the decider keeps its hand or takes a credit (or passes), the
 * same action in both worlds. `null` when no such action is legal (the worlds may part there).
 */
function publicStep(
  left: Snap,
  right: Snap,
  rng: ReturnType<typeof seedRng>,
): [Snap, Snap, ReturnType<typeof seedRng>] | null {
  const seats = netrunner.deciders(left) as Side[];
  const seat = seats[0];
  if (seat === undefined) return null;
  const actions = netrunner
    .legalActions(left, seat)
    .filter(
      (a) =>
        a.type === 'pass' ||
        a.type === 'click-credit' ||
        (a.type === 'choose' && a.kind === 'mulligan'),
    );
  if (actions.length === 0) return null;
  const [index, next] = randomInt(rng, actions.length);
  const action = actions[index];
  return [
    applyAction(netrunner, left, seat, action) as Snap,
    applyAction(netrunner, right, seat, action) as Snap,
    next,
  ];
}

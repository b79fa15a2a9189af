import { createActor, createMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  applyAction,
  applyPolicy,
  newGame,
  persistGame,
  restoreGame,
  RulesError,
  snapshotBytes,
  type GameSnapshot,
} from '@veil/engine';
import { parlor } from './module.js';
import type { ParlorAction, ParlorSeat, ParlorState } from './state.js';

type Snap = GameSnapshot<ParlorState>;

function rulesErrorCode(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof RulesError) return error.code;
    throw error;
  }
  throw new Error('expected a RulesError');
}

/**
 * A scripted game that goes through every kind of pause: each step names the action type the
 * decider prefers; the first legal action of that type is played.
 */
const SCRIPT: ParlorAction['type'][] = [
  // p1: two draws, then a play that opens p2's counter window, answered by a pass.
  ...(['draw', 'draw', 'play', 'pass', 'end'] as const),
  // p2 ends its turn with 5 cards: the bury decision is pushed and answered twice.
  ...(['draw', 'draw', 'draw', 'end', 'bury', 'bury'] as const),
  // p1 plays; p2 reacts with a trap if it holds one, else passes.
  ...(['play', 'react', 'play', 'pass', 'end', 'draw', 'play', 'pass', 'end'] as const),
];

function scriptedStep(
  snapshot: Snap,
  wanted: ParlorAction['type'],
): { seat: ParlorSeat; action: ParlorAction } {
  const seat = parlor.deciders(snapshot)[0] as ParlorSeat;
  const actions = parlor.legalActions(snapshot, seat);
  const preferred = actions.find((a) => a.type === wanted);
  const fallback = actions.find((a) => a.type === 'pass') ?? actions.find((a) => a.type === 'bury');
  const action = preferred ?? fallback ?? (actions[0] as ParlorAction);
  return { seat, action };
}

describe('applyAction', () => {
  it('refuses a seat that is not a decider, with no change', () => {
    const s = newGame(parlor, {}, 1);
    const before = snapshotBytes(s);
    expect(rulesErrorCode(() => applyAction(parlor, s, 'p2', { type: 'draw' }))).toBe(
      'not_your_turn',
    );
    expect(snapshotBytes(s)).toBe(before);
  });

  it('gives a guessed private id exactly the error of a nonexistent one', () => {
    const s = newGame(parlor, {}, 1);
    const opponentCard = s.context.hands.p2[0]!;
    const guess = { type: 'play', card: opponentCard.uid, kind: opponentCard.kind };
    const nonsense = { type: 'play', card: 9999, kind: 'coin' };
    const a = rulesErrorCode(() => applyAction(parlor, s, 'p1', guess));
    const b = rulesErrorCode(() => applyAction(parlor, s, 'p1', nonsense));
    expect(a).toBe('illegal_action');
    expect(b).toBe(a);
    expect(new RulesError('illegal_action').message).not.toMatch(/\d/);
  });

  it('refuses malformed actions with bad_request', () => {
    const s = newGame(parlor, {}, 1);
    for (const bad of [null, 3, 'draw', [{ type: 'draw' }]]) {
      expect(rulesErrorCode(() => applyAction(parlor, s, 'p1', bad))).toBe('bad_request');
    }
  });

  it('accepts a client action whatever its key order', () => {
    const s = newGame(parlor, {}, 1);
    const card = s.context.hands.p1[0]!;
    const next = applyAction(parlor, s, 'p1', { kind: card.kind, card: card.uid, type: 'play' });
    expect(next.value).toBe('countering');
  });

  it('matches as canonical JSON does: undefined keys ignored, any other difference refused', () => {
    const s = newGame(parlor, {}, 1);
    const card = s.context.hands.p1[0]!;
    const play = { type: 'play', card: card.uid, kind: card.kind };
    expect(applyAction(parlor, s, 'p1', { ...play, note: undefined }).value).toBe('countering');
    for (const bad of [
      { ...play, note: null },
      { ...play, card: String(card.uid) },
      { type: 'play', card: card.uid },
      { ...play, kind: [card.kind] },
    ]) {
      expect(rulesErrorCode(() => applyAction(parlor, s, 'p1', bad))).toBe('illegal_action');
    }
  });

  it('refuses a legal action that no transition takes, instead of a new identical version', () => {
    const s = newGame(parlor, {}, 1);
    // A rules bug: the legal list offers an action the chart has no transition for.
    const leaky = {
      ...parlor,
      legalActions: (snapshot: Snap, seat: ParlorSeat) => [
        ...parlor.legalActions(snapshot, seat),
        { type: 'bury' } as unknown as ParlorAction,
      ],
    };
    expect(() => applyAction(leaky, s, 'p1', { type: 'bury' })).toThrow(
      /no transition of parlor takes "act"/,
    );
    expect(applyAction(leaky, s, 'p1', { type: 'draw' })).not.toBe(s);
  });

  it('refuses to step a chart the compiled stepping does not cover', () => {
    const s = newGame(parlor, {}, 1);
    const parallel = createMachine({ id: 'parallel', type: 'parallel', states: { a: {}, b: {} } });
    const uncompiled = { ...parlor, machine: parallel as unknown as typeof parlor.machine };
    expect(() => applyAction(uncompiled, s, 'p1', { type: 'draw' })).toThrow(
      /chart of parallel uses what compiled stepping does not cover/,
    );
  });

  it("checks against the module's list of the action's type, when it has one", () => {
    const s = newGame(parlor, {}, 1);
    const card = s.context.hands.p1[0]!;
    const asked: string[] = [];
    const typed = {
      ...parlor,
      legalActionsOfType: (snapshot: Snap, seat: ParlorSeat, type: string) => {
        asked.push(type);
        return parlor.legalActions(snapshot, seat).filter((a) => a.type === type);
      },
    };
    const play = { type: 'play', card: card.uid, kind: card.kind };
    expect(applyAction(typed, s, 'p1', play).value).toBe('countering');
    expect(rulesErrorCode(() => applyAction(typed, s, 'p1', { ...play, type: 'draw' }))).toBe(
      'illegal_action',
    );
    // A type that is not a string: the whole list decides (nothing equals it here either).
    expect(rulesErrorCode(() => applyAction(typed, s, 'p1', { ...play, type: ['play'] }))).toBe(
      'illegal_action',
    );
    expect(asked).toEqual(['play', 'draw']);
  });

  it('refuses any action once the game is over', () => {
    let s: Snap = newGame(parlor, { turns: 1 }, 1);
    s = applyAction(parlor, s, 'p1', { type: 'end' });
    expect(s.status).toBe('done');
    expect(parlor.outcome(s)).toEqual({ winners: [], reason: 'tie' });
    expect(rulesErrorCode(() => applyAction(parlor, s, 'p1', { type: 'draw' }))).toBe('game_over');
  });

  it('applies a standing policy: an auto-passed window does not pause', () => {
    let s: Snap = applyPolicy(parlor, newGame(parlor, {}, 1), 'p2', 'counter', 'auto-pass');
    const card = s.context.hands.p1[0]!;
    s = applyAction(parlor, s, 'p1', { type: 'play', card: card.uid, kind: card.kind });
    expect(s.value).toBe('turn');
    expect(parlor.deciders(s)).toEqual(['p1']);
    expect(s.context.pauses.windows).toEqual([]);
    expect(parlor.view(s, 'p1').policies).toEqual({});
    expect(parlor.view(s, 'p2').policies).toEqual({ counter: 'auto-pass' });
  });
});

describe('persisted snapshots resume exactly', () => {
  it('persisting and restoring at every step of a scripted game changes nothing', () => {
    const seed = 5;
    // Straight through.
    let straight: Snap = newGame(parlor, {}, seed);
    const visited = new Set<string>();
    for (const wanted of SCRIPT) {
      if (straight.status !== 'active') break;
      const { seat, action } = scriptedStep(straight, wanted);
      straight = applyAction(parlor, straight, seat, action);
      visited.add(String(straight.value));
    }
    // The script reaches a window and a pending decision, so both are persisted mid-pause.
    expect(visited).toContain('countering');
    expect(visited).toContain('burying');

    // Through JSON at every step, as a node that restarts between any two actions would.
    let resumed: Snap = restoreGame(
      parlor,
      JSON.parse(JSON.stringify(persistGame(newGame(parlor, {}, seed)))),
    );
    for (const wanted of SCRIPT) {
      if (resumed.status !== 'active') break;
      const { seat, action } = scriptedStep(resumed, wanted);
      const stored = JSON.stringify(persistGame(applyAction(parlor, resumed, seat, action)));
      resumed = restoreGame(parlor, JSON.parse(stored));
    }
    expect(snapshotBytes(resumed)).toBe(snapshotBytes(straight));
  });

  it('an XState actor restored from getPersistedSnapshot() continues the same way', () => {
    const seed = 9;
    const actor = createActor(parlor.machine, { input: { options: {}, seed } }).start();
    let pure: Snap = newGame(parlor, {}, seed);
    for (const wanted of SCRIPT.slice(0, 3)) {
      const { seat, action } = scriptedStep(pure, wanted);
      pure = applyAction(parlor, pure, seat, action);
      actor.send({ type: 'act', seat, action });
    }
    expect(pure.value).toBe('countering'); // stopped mid-window
    const stored = JSON.stringify(actor.getPersistedSnapshot());
    actor.stop();
    const revived = createActor(parlor.machine, { snapshot: JSON.parse(stored) }).start();
    for (const wanted of SCRIPT.slice(3)) {
      if (pure.status !== 'active') break;
      const { seat, action } = scriptedStep(pure, wanted);
      pure = applyAction(parlor, pure, seat, action);
      revived.send({ type: 'act', seat, action });
    }
    expect(snapshotBytes(revived.getSnapshot() as Snap)).toBe(snapshotBytes(pure));
  });
});

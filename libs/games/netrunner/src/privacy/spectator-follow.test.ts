import { describe, expect, it } from 'vitest';
import { applyAction, type GameSnapshot } from '@veil/engine';
import { observe, playRandom } from '@veil/engine/testing';
import type { NetrunnerOptions } from '../machine/setup-input.js';
import { netrunner } from '../module.js';
import { canSee } from '../state/handles.js';
import type { CardState, Game } from '../state/types.js';
import { PAIRINGS } from '../testing/pairings.js';
import { byteDeckOptions } from './byte-deck.js';
import { canSwap, swapCodes } from './perturb.js';

type Snap = GameSnapshot<Game>;

/*
 * Twin worlds at every access. The engine harness compares single states and follows only a
 * seat's own actions after a perturbation — a spectator has none — so a leak that shows only in
 * what happens NEXT, to a spectator, slipped through: Byte! accessed in HQ made the Corp a
 * decider, any other card did not (and no starter deck holds Byte!, so random play never met
 * it). Here, for every card random play accesses where the spectator cannot see it (HQ, a
 * facedown remote card), a second world trades that card's identity, just before the access,
 * with another hidden card the spectator could not tell apart (a Byte! when there is one); both
 * worlds then replay the recorded moves. While the spectator's log reads the same in both, all
 * it observes must be the same (who decides, windows, view). Once the logs differ, a public
 * event told the worlds apart (a steal, a trash) and the comparison stops.
 */

const BYTE = '35050';

interface Report {
  accesses: number;
  twins: number;
  withByte: number;
  compared: number;
}

function twinAccesses(options: NetrunnerOptions, games: number, report: Report): void {
  for (let seed = 1; seed <= games; seed++) {
    const { snapshots, moves } = playRandom(netrunner, options, seed, 600);
    for (let i = 0; i + 1 < snapshots.length; i++) {
      const before = snapshots[i] as Snap;
      const after = snapshots[i + 1] as Snap;
      const current = after.context.run?.breach?.current;
      if (!current || before.context.run?.breach?.current?.uid === current.uid) continue;
      const accessed = before.context.cards[current.uid];
      if (!accessed || current.from === 'rd' || canSee(accessed, 'spectator')) continue;
      report.accesses += 1;
      const g = before.context;
      const candidates = Object.values(g.cards).filter((c) => canSwap(g, accessed, c, 'spectator'));
      // A Byte! first (the card whose question once told it apart), then two other cards.
      const bytes = candidates.filter((c) => (accessed.code === BYTE) !== (c.code === BYTE));
      const others = candidates.filter((c) => !bytes.includes(c));
      for (const partner of [...bytes.slice(0, 1), ...others.slice(0, 2)]) {
        compareTwins(
          before,
          accessed,
          partner,
          moves.slice(i, i + 12),
          `seed ${seed}, access at step ${i}`,
          report,
        );
      }
    }
  }
}

function compareTwins(
  before: Snap,
  accessed: CardState,
  partner: CardState,
  moves: readonly { seat: 'corp' | 'runner'; action: unknown }[],
  at: string,
  report: Report,
): void {
  const twin = swapCodes(before, accessed.uid, partner.uid);
  if (!twin) return;
  report.twins += 1;
  if (accessed.code === BYTE || partner.code === BYTE) report.withByte += 1;
  let left = before;
  let right = twin as Snap;
  for (const [k, move] of moves.entries()) {
    const json = JSON.stringify(move.action);
    if (!netrunner.legalActions(right, move.seat).some((x) => JSON.stringify(x) === json)) break;
    left = applyAction(netrunner, left, move.seat, move.action) as Snap;
    right = applyAction(netrunner, right, move.seat, move.action) as Snap;
    // After the end every card is shown (docs/games/netrunner.md): the twins rightly differ.
    if (netrunner.outcome(left) || netrunner.outcome(right)) break;
    const a = observe(netrunner, left, 'spectator');
    const b = observe(netrunner, right, 'spectator');
    if (a.log !== b.log) break;
    const where = `${at} (${accessed.code} vs ${partner.code}), move ${k}`;
    expect(b.deciders, `spectator's deciders: ${where}`).toBe(a.deciders);
    expect(b.windows, `spectator's windows: ${where}`).toBe(a.windows);
    expect(b.view, `spectator's view: ${where}`).toBe(a.view);
    report.compared += 1;
  }
}

describe('twin worlds at every access a spectator cannot see', () => {
  it('Jinteki with Byte! vs sg-criminal', () => {
    const report: Report = { accesses: 0, twins: 0, withByte: 0, compared: 0 };
    twinAccesses(byteDeckOptions(), 100, report);
    console.log(`twin accesses (Byte! deck): ${JSON.stringify(report)}`);
    expect(report.withByte).toBeGreaterThan(10);
    expect(report.compared).toBeGreaterThan(150);
  });

  it('the starter pairings', () => {
    const report: Report = { accesses: 0, twins: 0, withByte: 0, compared: 0 };
    for (const options of PAIRINGS) twinAccesses(options, 6, report);
    console.log(`twin accesses (starter pairings): ${JSON.stringify(report)}`);
    expect(report.compared).toBeGreaterThan(150);
  });
});

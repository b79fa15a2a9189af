import { log } from '../state/log.js';
import { moveCard } from '../state/zones.js';
import type { Game, Side, TurnMemory } from '../state/types.js';
import { gainClicks } from './credits.js';
import { drawCards } from './draw.js';
import { handCount, maxHandSize } from './limits.js';
import { winGame } from './outcome.js';
import { fire, pushDecision } from './tasks.js';

export const CORP_CLICKS = 3;
export const RUNNER_CLICKS = 4;

export function freshTurnMemory(runnerSucceededLastTurn: boolean): TurnMemory {
  return {
    runsOn: [],
    successfulRunsOn: [],
    scoredPoints: [],
    runnerSucceededLastTurn,
    firsts: {},
    corpCannotScore: false,
    programsInstalled: 0,
  };
}

/** Draw phase step a (Corp) / action phase step a (Runner): a new turn, allotted clicks. */
export function startTurn(g: Game, side: Side): void {
  const runnerSucceeded =
    side === 'corp' ? g.memory.successfulRunsOn.length > 0 : g.memory.runnerSucceededLastTurn;
  g.turn += 1;
  g.active = side;
  g.memory = freshTurnMemory(runnerSucceeded);
  log(g, side, `Turn ${g.turn}: the ${side === 'corp' ? 'Corp' : 'Runner'}'s turn.`);
  gainClicks(g, side, side === 'corp' ? CORP_CLICKS : RUNNER_CLICKS);
}

/** "When your turn begins" abilities. */
export function turnBegins(g: Game): void {
  fire(g, { e: 'turn-begins', side: g.active });
}

export function mandatoryDraw(g: Game): void {
  drawCards(g, 'corp', 1);
}

/**
 * Discard phase step a. The Runner flatlines if its maximum hand size is below 0 when the
 * step begins; otherwise each player discards one card at a time down to its maximum.
 */
export function beginDiscard(g: Game): void {
  const side = g.active;
  if (side === 'runner' && maxHandSize(g, 'runner') < 0) {
    winGame(g, 'corp', 'flatline');
    return;
  }
  askDiscardIfOver(g, side);
}

export function askDiscardIfOver(g: Game, side: Side): void {
  if (handCount(g, side) > Math.max(0, maxHandSize(g, side))) {
    pushDecision(g, { kind: 'discard', seat: side });
  }
}

/** Discards a card from hand: the Corp's facedown to Archives, the Runner's to the heap. */
export function discardCard(g: Game, uid: string): void {
  const side = g.cards[uid]?.side;
  if (side === 'corp') {
    moveCard(g, uid, { zone: 'archives' }, { faceUp: false });
    log(g, 'corp', 'Corp discards {0}.', [{ uid, seenBy: ['corp'], hidden: '1 card from HQ' }]);
  } else {
    moveCard(g, uid, { zone: 'heap' });
    log(g, 'runner', 'Runner discards {0}.', [{ uid }]);
  }
}

export function loseRemainingClicks(g: Game): void {
  g[g.active].clicks = 0;
}

/** "When your discard phase ends" abilities (Corp): resolved before the Runner's turn. */
export function discardPhaseEnds(g: Game): void {
  fire(g, { e: 'discard-phase-ends', side: g.active });
}

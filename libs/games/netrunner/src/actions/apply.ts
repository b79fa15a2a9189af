import { writableMemory } from '../state/draft.js';
import { RulesError, setPolicy, type WindowPolicy } from '@veil/engine';
import { activeStatics } from '../rules/active.js';
import { uidOfHandle } from '../state/handles.js';
import { log, PUBLIC } from '../state/log.js';
import type { Game, Side } from '../state/types.js';
import { advanceCard } from '../rules/advance.js';
import { gainCredits, pay, spendClicks } from '../rules/credits.js';
import { paid, signedCredits } from '../rules/credit-text.js';
import { answerDecision, decisionOptions, pending } from '../rules/decisions.js';
import { drawCards } from '../rules/draw.js';
import { beginCorpInstall, installRunnerCard, serverLabel } from '../rules/install.js';
import { playCard } from '../rules/play.js';
import { rezCard } from '../rules/rez.js';
import { startRun } from '../rules/run.js';
import { scoreAgenda } from '../rules/score.js';
import { removeTags } from '../rules/tags.js';
import { resolveNow } from '../rules/tasks.js';
import { trashCard } from '../rules/trash.js';
import { commitTopWindow, passTopWindow } from '../rules/windows.js';
import { handleOf } from '../state/handles.js';
import { findAbility } from './abilities.js';
import type { NetrunnerAction } from './types.js';

/**
 * Applies an action already checked against `legalActions` (the engine does that). Each
 * function changes a draft of the game (see state/draft.ts).
 */

function uidFor(g: Game, seat: Side, handle: string): string {
  const uid = uidOfHandle(g, seat, handle);
  // Unreachable after the legality check; kept generic so it never names a hidden card.
  if (!uid) throw new RulesError('illegal_action');
  return uid;
}

export function applyChoose(g: Game, seat: Side, action: NetrunnerAction): void {
  if (action.type !== 'choose') return;
  const d = pending(g);
  if (!d) throw new RulesError('illegal_action');
  const option = decisionOptions(g, d).find(
    (o) => (o.card ? handleOf(g, o.card, seat) : o.value) === action.value,
  );
  if (!option) throw new RulesError('illegal_action');
  answerDecision(g, option);
}

export function applyPass(g: Game, seat: Side): void {
  passTopWindow(g, seat);
}

/** Rez, score or a paid ability in a window: the window is committed, then reopens. */
export function applyActivation(g: Game, seat: Side, action: NetrunnerAction): void {
  commitTopWindow(g, seat);
  resolveNow(g, () => {
    switch (action.type) {
      case 'rez':
        return rezCard(g, uidFor(g, seat, action.card));
      case 'score':
        return scoreAgenda(g, uidFor(g, seat, action.card));
      case 'use':
        return useAbility(g, seat, action);
      default:
        throw new RulesError('illegal_action');
    }
  });
}

function useAbility(g: Game, seat: Side, action: Extract<NetrunnerAction, { type: 'use' }>): void {
  const source = uidFor(g, seat, action.card);
  const ability = findAbility(action.code, action.ability);
  if (!ability) throw new RulesError('illegal_action');
  const clicks = ability.clicks ?? (ability.timing === 'click' ? 1 : 0);
  if (clicks > 0) spendClicks(g, seat, clicks);
  // An ability that writes its own line says what it did (`Runner uses Mayfly to break …`).
  if (!ability.ownLine) {
    log(g, seat, `${seat === 'corp' ? 'Corp' : 'Runner'} uses {0}: ${ability.label}.`, [
      { uid: source, seenBy: PUBLIC },
    ]);
  }
  ability.resolve(g, source, action.subs ? { subs: action.subs } : null);
}

/** A basic action or click ability of the active player (its action window has closed). */
export function applyClickAction(g: Game, seat: Side, action: NetrunnerAction): void {
  resolveNow(g, () => takeAction(g, seat, action));
}

function takeAction(g: Game, seat: Side, action: NetrunnerAction): void {
  const who = seat === 'corp' ? 'Corp' : 'Runner';
  switch (action.type) {
    case 'click-credit':
      spendClicks(g, seat, 1);
      gainCredits(g, seat, 1);
      log(g, seat, `${who} spends [click] to gain ${signedCredits(1)}.`);
      return;
    case 'click-draw':
      spendClicks(g, seat, 1);
      drawCards(g, seat, 1 + extraBasicDraws(g, seat), 'spends [click] to draw');
      return;
    case 'install': {
      spendClicks(g, seat, 1);
      const uid = uidFor(g, seat, action.card);
      if (seat === 'corp') beginCorpInstall(g, uid, action.server ?? 'new');
      else installRunnerCard(g, uid, { host: action.host ? uidFor(g, seat, action.host) : null });
      return;
    }
    case 'play':
      spendClicks(g, seat, 1);
      return playCard(g, uidFor(g, seat, action.card));
    case 'advance':
      spendClicks(g, seat, 1);
      pay(g, 'corp', 1);
      return advanceCard(g, uidFor(g, seat, action.card), paid(1));
    case 'purge':
      spendClicks(g, seat, 3);
      for (const c of Object.values(g.cards)) {
        if (c.counters.virus) c.counters = { ...c.counters, virus: 0 };
      }
      log(g, 'corp', 'Corp spends [click][click][click] to purge virus counters.');
      return;
    case 'trash-resource': {
      spendClicks(g, seat, 1);
      pay(g, 'corp', 2);
      const uid = uidFor(g, seat, action.card);
      log(g, 'corp', `Corp spends [click] to trash {0}${paid(2)}.`, [{ uid, seenBy: PUBLIC }]);
      return trashCard(g, uid, 'corp');
    }
    case 'remove-tag':
      spendClicks(g, seat, 1);
      pay(g, 'runner', 2);
      removeTags(g, 1);
      log(g, 'runner', `Runner spends [click] to remove 1 tag${paid(2)}.`);
      return;
    case 'run':
      spendClicks(g, seat, 1);
      return startRun(g, action.server);
    case 'use':
      return useAbility(g, seat, action);
    default:
      throw new RulesError('illegal_action');
  }
}

/** Extra cards drawn by the basic draw action (Verbal Plasticity); remembers the first. */
function extraBasicDraws(g: Game, seat: Side): number {
  const bonus = activeStatics(g, seat).reduce(
    (sum, { source, statics }) => sum + (statics.basicDrawBonus?.(g, source.uid) ?? 0),
    0,
  );
  writableMemory(g).firsts[`basic-draw:${seat}`] = true;
  return bonus;
}

export function applySeatPolicy(
  g: Game,
  seat: Side,
  kind: string,
  policy: WindowPolicy | null,
): void {
  g.pauses = { ...g.pauses, policies: setPolicy(g.pauses.policies, seat, kind, policy) };
}

export { serverLabel };

import { resolveDecision, topDecision } from '@veil/engine';
import type { CardDecision, ChoiceOption } from '../cards/behaviour.js';
import { behaviourOf } from '../cards/registry.js';
import { facts, typeOf } from '../facts.js';
import { canSee } from '../state/handles.js';
import { log, PUBLIC } from '../state/log.js';
import { card, moveCard } from '../state/zones.js';
import type { Game, NetrunnerDecision, Side, Viewer } from '../state/types.js';
import { accessChosen, breachOptions } from './access.js';
import { trashCost } from './costs.js';
import { canPay, pay } from './credits.js';
import { paid } from './credit-text.js';
import { drawCards } from './draw.js';
import { iceInstallCost, optionalInstallTrashes, serverLabel } from './install.js';
import { endTheRun } from './run.js';
import { shuffleDeck, STARTING_HAND } from './setup.js';
import {
  orderNext,
  pushDecision,
  queueRule,
  resolveNow,
  runTasks,
  simultaneous,
  withDecisions,
} from './tasks.js';
import { trashCard } from './trash.js';
import { askDiscardIfOver, discardCard } from './turn.js';
import { accessAbilities } from './access-abilities.js';

/**
 * Every decision kind: its options (for the decider only), how an answer resumes the game,
 * and its public prompt (identical for all viewers but what a viewer may see of its cards).
 */

export function pending(g: Game): NetrunnerDecision | undefined {
  return topDecision(g.pauses.decisions);
}

const literal = (value: string, isPublic = true): ChoiceOption => ({
  value,
  key: value,
  public: isPublic,
});

function cardOption(g: Game, uid: string, isPublic: boolean): ChoiceOption {
  return { value: uid, card: uid, key: card(g, uid).code, public: isPublic };
}

export function decisionOptions(g: Game, d: NetrunnerDecision): ChoiceOption[] {
  switch (d.kind) {
    case 'mulligan':
      return [literal('keep'), literal('mulligan')];
    case 'discard': {
      const hand = d.seat === 'corp' ? g.corp.hq : g.runner.grip;
      return hand.map((uid) => cardOption(g, uid, d.seat === 'runner'));
    }
    case 'install-trash':
      return [
        // The cost is paid after the trashes: ice is placed once what is left is affordable.
        ...(installAffordable(g, d) ? [literal('done')] : []),
        ...optionalInstallTrashes(g, d.server, d.ice).map((uid) => ({
          ...cardOption(g, uid, true),
          key: `trash:${card(g, uid).code}`,
        })),
      ];
    case 'jack-out':
      return [literal('continue'), literal('jack-out')];
    case 'breach-next':
      return breachOptions(g).map((o) => (o === 'pile' ? literal('pile') : cardOption(g, o, true)));
    case 'access':
      return accessOptions(g, d.card);
    case 'memory':
      return g.runner.rig
        .filter((uid) => typeOf(card(g, uid).code) === 'program')
        .map((uid) => cardOption(g, uid, true));
    case 'order': {
      const sources = [...new Set(simultaneous(g, g.tasks).map((t) => t.source))];
      return sources.map((uid) => cardOption(g, uid, true));
    }
    case 'card': {
      const choice = behaviourOf(d.code)?.choices?.[d.choice];
      if (!choice) throw new Error(`no choice ${d.code}/${d.choice}`);
      return choice.options(g, d);
    }
  }
}

function accessOptions(g: Game, uid: string): ChoiceOption[] {
  const run = g.run;
  const from = run?.breach?.current?.from;
  const options: ChoiceOption[] = [literal('continue')];
  if (!run || !from) return options;
  const canTrash = from !== 'archives' && !run.mods.noStealOrTrash;
  const cost = trashCost(g, uid);
  if (canTrash && cost !== null && canPay(g, 'runner', cost)) options.push(literal('trash'));
  if (canTrash) {
    for (const a of accessAbilities(g, uid)) options.push(literal(`use:${a.code}:${a.id}`));
  }
  return options;
}

/** Answers the top decision with one of its options and runs the game on. */
export function answerDecision(g: Game, option: ChoiceOption): void {
  const d = pending(g);
  if (!d) throw new Error('no decision pending');
  g.pauses = withDecisions(g.pauses, resolveDecision(g.pauses.decisions, d.id));
  if (d.kind === 'order') {
    // Reorders the queue itself, then the chosen ability resolves.
    orderNext(g, option.value);
    return runTasks(g);
  }
  resolveNow(g, () => resolveOption(g, d, option));
}

function resolveOption(g: Game, d: NetrunnerDecision, option: ChoiceOption): void {
  switch (d.kind) {
    case 'mulligan':
      return resolveMulligan(g, d.seat, option.value === 'mulligan');
    case 'discard':
      discardCard(g, option.value);
      return askDiscardIfOver(g, d.seat);
    case 'install-trash': {
      if (option.value === 'done') {
        queueRule(g, {
          r: 'finish-install',
          card: d.card,
          server: d.server,
          free: d.free,
          at: d.at,
        });
        return;
      }
      // The destination position was established before anything is trashed (Brân 1.0
      // ruling): trashing ice inward of it keeps the new ice at the same relative place.
      const index = d.ice ? (g.servers[d.server]?.ice.indexOf(option.value) ?? -1) : -1;
      const at = d.at !== null && index >= 0 && index < d.at ? d.at - 1 : d.at;
      trashCard(g, option.value, 'corp');
      const where = `${d.ice ? 'protecting' : 'in the root of'} ${serverLabel(d.server)}`;
      log(g, 'corp', `Corp trashes {0} ${where} while installing.`, [
        { uid: option.value, hidden: d.ice ? 'a piece of ice' : 'a card' },
      ]);
      if (optionalInstallTrashes(g, d.server, d.ice).length > 0) {
        const { id: _id, ...again } = d;
        pushDecision(g, { ...again, at });
      } else {
        queueRule(g, { r: 'finish-install', card: d.card, server: d.server, free: d.free, at });
      }
      return;
    }
    case 'jack-out':
      if (option.value === 'jack-out') endTheRun(g, true);
      return;
    case 'breach-next':
      return accessChosen(g, option.value);
    case 'access':
      return resolveAccessOption(g, d.card, option.value);
    case 'order':
      return;
    case 'memory':
      trashCard(g, option.value, 'runner');
      log(g, 'runner', 'Runner trashes {0} to free memory.', [{ uid: option.value }]);
      queueRule(g, { r: 'checkpoint' });
      return;
    case 'card': {
      const choice = behaviourOf(d.code)?.choices?.[d.choice];
      if (!choice) throw new Error(`no choice ${d.code}/${d.choice}`);
      return choice.resolve(g, d as CardDecision, option);
    }
  }
}

function resolveMulligan(g: Game, seat: Side, mulligan: boolean): void {
  g.mulligansDone.push(seat);
  const who = seat === 'corp' ? 'Corp' : 'Runner';
  if (!mulligan) {
    log(g, seat, `${who} keeps their hand.`);
    return;
  }
  const hand = seat === 'corp' ? [...g.corp.hq] : [...g.runner.grip];
  for (const uid of hand)
    moveCard(g, uid, { zone: seat === 'corp' ? 'rd' : 'stack' }, { at: 'top' });
  shuffleDeck(g, seat);
  // One line for the whole mulligan: the new hand is named to its owner only.
  drawCards(g, seat, STARTING_HAND, 'takes a mulligan and draws');
}

function resolveAccessOption(g: Game, uid: string, value: string): void {
  if (value === 'trash') {
    const cost = trashCost(g, uid) ?? 0;
    pay(g, 'runner', cost);
    log(g, 'runner', `Runner trashes {0}${paid(cost)}.`, [{ uid, seenBy: PUBLIC }]);
    trashCard(g, uid, 'runner', { accessing: true });
  } else if (value.startsWith('use:')) {
    const [, code, id] = value.split(':');
    const ability = accessAbilities(g, uid).find((a) => a.code === code && a.id === id);
    ability?.resolve(g, uid);
  }
  queueRule(g, { r: 'access-done', card: uid });
}

/** Whether `viewer` may see the card behind a decision (public, its own, or being accessed). */
export function sourceVisible(g: Game, source: string | null, viewer: Viewer): boolean {
  const c = source ? g.cards[source] : undefined;
  if (!c || canSee(c, viewer)) return true;
  const current = g.run?.breach?.current;
  if (current?.uid !== c.uid) return false;
  if (viewer === 'runner') return true;
  const revealed = !!behaviourOf(c.code)?.statics?.revealWhenAccessedFrom?.includes(current.from);
  return revealed || (viewer === 'corp' && current.from !== 'rd');
}

/** The public description of a decision for `viewer`. */
export interface DecisionView {
  readonly id: number;
  readonly seat: Side;
  readonly kind: NetrunnerDecision['kind'];
  readonly prompt: string;
  /** The card the decision is about, when this viewer may see it. */
  readonly card?: { readonly code: string; readonly title: string };
}

export function decisionView(g: Game, d: NetrunnerDecision, viewer: Viewer): DecisionView {
  const base = { id: d.id, seat: d.seat, kind: d.kind };
  const who = d.seat === 'corp' ? 'The Corp' : 'The Runner';
  switch (d.kind) {
    case 'mulligan':
      return { ...base, prompt: `${who} decides whether to take a mulligan.` };
    case 'discard':
      return { ...base, prompt: `${who} discards down to maximum hand size.` };
    case 'install-trash':
      return {
        ...base,
        prompt: `The Corp may trash cards in ${serverLabel(d.server)} while installing${d.ice ? ' ice' : ''}.`,
      };
    case 'jack-out':
      return { ...base, prompt: 'The Runner may jack out.' };
    case 'breach-next':
      return { ...base, prompt: 'The Runner chooses the next card to access.' };
    case 'access': {
      const c = card(g, d.card);
      const from = g.run?.breach?.current?.from;
      const revealed = !!behaviourOf(c.code)?.statics?.revealWhenAccessedFrom?.includes(from ?? '');
      const sees =
        viewer === 'runner' ||
        canSee(c, viewer) ||
        (viewer === 'corp' && from !== 'rd') ||
        revealed;
      return {
        ...base,
        prompt: 'The Runner is accessing a card.',
        ...(sees ? { card: { code: c.code, title: facts(c.code).title } } : {}),
      };
    }
    case 'memory':
      return { ...base, prompt: 'The Runner trashes programs down to its memory limit.' };
    case 'order':
      return { ...base, prompt: `${who} chooses which of its abilities resolves next.` };
    case 'card': {
      // A card a viewer cannot see (a Byte! accessed in HQ, for a spectator) is not named.
      if (!sourceVisible(g, d.source, viewer)) {
        return { ...base, prompt: `${who} is making a decision.` };
      }
      const choice = behaviourOf(d.code)?.choices?.[d.choice];
      return {
        ...base,
        prompt: choice?.prompt ?? '',
        card: { code: d.code, title: facts(d.code).title },
      };
    }
  }
}

/** Whether the install being made can be paid for with the cards still in place. */
function installAffordable(
  g: Game,
  d: Extract<NetrunnerDecision, { kind: 'install-trash' }>,
): boolean {
  return !d.ice || d.free || canPay(g, 'corp', iceInstallCost(g, d.server));
}

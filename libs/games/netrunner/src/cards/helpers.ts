import { writableMemory } from '../state/draft.js';
import { hasSubtype } from '../facts.js';
import { log, PUBLIC } from '../state/log.js';
import type { GameEvent } from '../state/tasks-types.js';
import type { CounterKind, Game, Json, Side } from '../state/types.js';
import { canPay, gainCredits, loseCredits, pay } from '../rules/credits.js';
import { paid, signedCredits } from '../rules/credit-text.js';
import { subroutinesOf } from '../rules/run.js';
import { endTheRun } from '../rules/run.js';
import { breakerStrength, iceStrength } from '../rules/strength.js';
import { pushDecision } from '../rules/tasks.js';
import type { AbilityDef, AbilityTarget, ChoiceOption, SubroutineDef } from './behaviour.js';

/** Shared building blocks of card behaviours. */

export const endTheRunSub: SubroutineDef = {
  label: 'End the run.',
  resolve: (g) => endTheRun(g),
};

export function gainOnPlay(n: number) {
  return (g: Game, source: string): void => {
    creditsFrom(g, source, g.cards[source]?.side ?? 'corp', n);
  };
}

/**
 * A card's effect on a pool, with its line: `Corp gains +9[credit] from Hedge Fund.` A negative
 * `n` is a payment, written like every cost: `Runner pays for Public Trail (−8[credit]).`
 */
export function creditsFrom(g: Game, source: string, side: Side, n: number): void {
  const who = side === 'corp' ? 'Corp' : 'Runner';
  if (n >= 0) gainCredits(g, side, n);
  else pay(g, side, -n);
  const text =
    n >= 0 ? `${who} gains ${signedCredits(n)} from {0}.` : `${who} pays for {0}${paid(-n)}.`;
  log(g, side, text, [{ uid: source, seenBy: PUBLIC }]);
}

/**
 * Credits a card makes a side lose from its pool, with its line and the amount lost (never more
 * than the pool held): `Runner loses credits to Whitespace (−3[credit]).`
 */
export function creditsLostTo(g: Game, source: string, side: Side, n: number): void {
  const who = side === 'corp' ? 'Corp' : 'Runner';
  const lost = Math.min(g[side].credits, Math.max(0, n));
  loseCredits(g, side, n);
  const text =
    lost > 0 ? `${who} loses credits to {0}${paid(lost)}.` : `${who} has no credits to lose.`;
  log(g, side, text, lost > 0 ? [{ uid: source, seenBy: PUBLIC }] : []);
}

/** The ice the Runner is encountering, if any. */
export function encounteredIce(g: Game): string | null {
  return g.run?.encounter?.ice ?? null;
}

/** Unbroken subroutine indices of the encountered ice. */
export function unbrokenSubs(g: Game): number[] {
  const enc = g.run?.encounter;
  if (!enc) return [];
  return enc.broken.flatMap((broken, i) => (broken ? [] : [i]));
}

/** Every non-empty subset of `items` with at most `max` elements, in a stable order. */
export function subsetsUpTo(items: readonly number[], max: number): number[][] {
  const out: number[][] = [];
  walkSubsets(items, max, 0, [], out);
  return out;
}

// A function of the module, not a closure made per call (named per call under tsx's keepNames).
function walkSubsets(
  items: readonly number[],
  max: number,
  start: number,
  chosen: number[],
  out: number[][],
): void {
  if (chosen.length > 0) out.push([...chosen]);
  if (chosen.length === max) return;
  for (let i = start; i < items.length; i++) {
    walkSubsets(items, max, i + 1, [...chosen, items[i] as number], out);
  }
}

/**
 * Breaks subroutines of the encountered ice, with the line of the use: `Runner uses Mayfly to
 * break “End the run” on Palisade (−1[credit]).` `cost` is the line's suffix.
 */
export function breakSubroutines(
  g: Game,
  source: string,
  subs: readonly number[],
  cost = '',
): void {
  const enc = g.run?.encounter;
  if (!enc) return;
  for (const i of subs) enc.broken[i] = true;
  const labels = subroutinesOf(g, enc.ice);
  const quoted = subs.map((i) => `“${(labels[i]?.label ?? '').replace(/\.$/, '')}”`);
  const what =
    quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}` : quoted[0];
  // The ice's own ability (Ansel 1.0) breaks "on this ice": the card is named once.
  const by = source === enc.ice ? 'Runner breaks' : 'Runner uses {0} to break';
  log(g, 'runner', `${by} ${what ?? ''} on {1}${cost}.`, [
    { uid: source, seenBy: PUBLIC },
    { uid: enc.ice, seenBy: PUBLIC },
  ]);
}

export interface BreakSpec {
  readonly id?: string;
  /** Ice subtype it breaks; `null` breaks any subroutine (AI). */
  readonly subtype: string | null;
  /** Up to this many subroutines per use. */
  readonly upTo: number;
  /** Credits per use (may depend on the game: Marjanah). */
  readonly cost: (g: Game, source: string) => number;
  /** Also exactly `upTo` (Botulus-style "break 1") rather than "up to". */
  readonly after?: (g: Game, source: string) => void;
}

/**
 * An icebreaker's interface ability: usable while encountering ice of its subtype whose
 * strength is not above the breaker's; breaks up to N unbroken subroutines for a cost.
 */
export function breakAbility(spec: BreakSpec): AbilityDef {
  const label =
    `${'Break'} ${spec.upTo === 1 ? '1' : `up to ${spec.upTo}`} ` +
    `${spec.subtype ? `${spec.subtype.toLowerCase()} ` : ''}subroutine${spec.upTo === 1 ? '' : 's'}`;
  return {
    id: spec.id ?? 'break',
    label,
    timing: 'encounter',
    ownLine: true,
    credits: spec.cost,
    breaks: { subtype: spec.subtype, upTo: spec.upTo },
    targets: (g) => subsetsUpTo(unbrokenSubs(g), spec.upTo).map((subs) => ({ subs })),
    usable: (g, source, target) => {
      const ice = encounteredIce(g);
      if (!ice || !target || target.subs.length === 0) return false;
      if (spec.subtype && !hasSubtype(g.cards[ice]?.code ?? '', spec.subtype)) return false;
      if (breakerStrength(g, source) < iceStrength(g, ice)) return false;
      return canPay(g, 'runner', spec.cost(g, source));
    },
    resolve: (g, source, target) => {
      const cost = spec.cost(g, source);
      pay(g, 'runner', cost);
      breakSubroutines(g, source, target?.subs ?? [], paid(cost));
      spec.after?.(g, source);
    },
  };
}

/** "N[credit]: +X strength" for the rest of the encounter. */
export function pumpAbility(
  cost: number,
  amount: (g: Game, source: string) => number,
  label: string,
): AbilityDef {
  return {
    id: 'pump',
    label,
    timing: 'encounter',
    ownLine: true,
    credits: () => cost,
    pumps: amount,
    usable: (g) => encounteredIce(g) !== null && canPay(g, 'runner', cost),
    resolve: (g, source) => {
      pay(g, 'runner', cost);
      const enc = g.run?.encounter;
      if (!enc) return;
      const added = amount(g, source);
      enc.pumps[source] = (enc.pumps[source] ?? 0) + added;
      log(g, 'runner', `Runner uses {0}: +${added} strength${paid(cost)}.`, [
        { uid: source, seenBy: PUBLIC },
      ]);
    },
  };
}

/** Installed icebreakers of the Runner (Echelon, Unity). */
export function installedIcebreakers(g: Game): number {
  return g.runner.rig.filter((uid) => hasSubtype(g.cards[uid]?.code ?? '', 'Icebreaker')).length;
}

export function madeSuccessfulRunThisTurn(g: Game): boolean {
  return g.memory.successfulRunsOn.length > 0;
}

export const NO_TARGET: AbilityTarget = null;

/** Pushes a card decision (`choices[choice]` of the card `code`). */
export function ask(
  g: Game,
  seat: Side,
  code: string,
  choice: string,
  source: string | null,
  data: Json = null,
): void {
  pushDecision(g, { kind: 'card', seat, code, choice, source, data });
}

export const yes: ChoiceOption = { value: 'yes', key: 'yes', public: true };
export const no: ChoiceOption = { value: 'no', key: 'no', public: true };

export function option(value: string, isPublic = true): ChoiceOption {
  return { value, key: value, public: isPublic };
}

export function cardChoice(g: Game, uid: string, isPublic: boolean): ChoiceOption {
  return { value: uid, card: uid, key: g.cards[uid]?.code ?? '', public: isPublic };
}

/** "Load N[credit] onto it." */
export function loadCredits(g: Game, uid: string, n: number): void {
  const c = g.cards[uid];
  if (c) c.counters = { ...c.counters, credit: (c.counters.credit ?? 0) + n };
}

export function hostedCredits(g: Game, uid: string): number {
  return g.cards[uid]?.counters.credit ?? 0;
}

/**
 * Takes up to `n` hosted credits into `side`'s pool; returns how many. The line reads
 * `Corp takes +3[credit] from …`, or with `how` in place of `takes` (`spends [click] to take`
 * when it is a click ability's own line).
 */
export function takeHostedCredits(
  g: Game,
  uid: string,
  n: number,
  side: Side,
  how = 'takes',
): number {
  const c = g.cards[uid];
  if (!c) return 0;
  const taken = Math.min(n, c.counters.credit ?? 0);
  c.counters = { ...c.counters, credit: (c.counters.credit ?? 0) - taken };
  gainCredits(g, side, taken);
  log(g, side, `${side === 'corp' ? 'Corp' : 'Runner'} ${how} ${signedCredits(taken)} from {0}.`, [
    { uid, seenBy: PUBLIC },
  ]);
  return taken;
}

export function addCounters(g: Game, uid: string, kind: CounterKind, n: number): void {
  const c = g.cards[uid];
  if (!c) return;
  c.counters = { ...c.counters, [kind]: Math.max(0, (c.counters[kind] ?? 0) + n) };
}

export function countersOn(g: Game, uid: string, kind: CounterKind): number {
  return g.cards[uid]?.counters[kind] ?? 0;
}

/** Once-per-turn bookkeeping on a card. */
export function usedThisTurn(g: Game, uid: string, id: string): boolean {
  return g.cards[uid]?.used[id] === g.turn;
}

export function markUsed(g: Game, uid: string, id: string): void {
  const c = g.cards[uid];
  if (c) c.used = { ...c.used, [id]: g.turn };
}

/** "The first time each turn …": true the first time it is asked this turn. */
export function firstThisTurn(g: Game, key: string): boolean {
  if (g.memory.firsts[key]) return false;
  writableMemory(g).firsts[key] = true;
  return true;
}

export function isRunnerInstalled(g: Game, uid: string): boolean {
  return g.cards[uid]?.loc.zone === 'rig';
}

/** Trigger condition: the event is about this very card. */
export function aboutSelf(_g: Game, source: string, event: GameEvent): boolean {
  return 'card' in event && event.card === source;
}

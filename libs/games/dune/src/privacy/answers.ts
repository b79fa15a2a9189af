import type { TreacheryCardId } from '../data/treachery.js';
import type { Faction, TruthAnswer } from '../state/types.js';
import type { DuneView } from '../view/view.js';

/**
 * What the determinizer needs of the public Truthtrance answers (rules/truth-answers.ts): the
 * cards and traitors a seat said it holds are dealt to it before anything else is dealt, and
 * what it said it does not hold is never dealt to it.
 */

/** Takes up to `n` items that pass `keep` out of `pool` (shuffled already), first come first. */
export function takeWhere<T>(pool: T[], n: number, keep: (item: T) => boolean): T[] {
  const out: T[] = [];
  for (let i = 0; i < pool.length && out.length < n;) {
    if (keep(pool[i] as T)) out.push(...pool.splice(i, 1));
    else i++;
  }
  return out;
}

const heldCards = (answers: readonly TruthAnswer[], f: Faction, said: boolean) =>
  answers.flatMap((a) =>
    a.to === f && a.answer === said && a.question.kind === 'holds' ? [a.question.card] : [],
  );

const heldTraitors = (answers: readonly TruthAnswer[], f: Faction, said: boolean) =>
  answers.flatMap((a) =>
    a.to === f && a.answer === said && a.question.kind === 'traitor' ? [a.question.leader] : [],
  );

/** Per other seat: the cards it said it holds that the viewer has not seen there, out of the pool. */
export function reserveHeld(
  answers: readonly TruthAnswer[],
  pool: TreacheryCardId[],
  factions: readonly Faction[],
  viewer: Faction,
  view: DuneView,
): Map<Faction, TreacheryCardId[]> {
  const out = new Map<Faction, TreacheryCardId[]>();
  for (const f of factions) {
    if (f === viewer) continue;
    const known = (view.players[f]?.hand ?? []).map((c) => c.card);
    const wanted = heldCards(answers, f, true).filter((card) => !known.includes(card));
    out.set(
      f,
      wanted.flatMap((card) => takeWhere(pool, 1, (c) => c === card)),
    );
  }
  return out;
}

/** The card kinds `f` said it does not hold. */
export function heldNot(answers: readonly TruthAnswer[], f: Faction): Set<TreacheryCardId> {
  return new Set(heldCards(answers, f, false));
}

/** Per other seat: the traitor cards it said it holds, out of the leader pool. */
export function reserveTraitors(
  answers: readonly TruthAnswer[],
  leaderPool: string[],
  factions: readonly Faction[],
  viewer: Faction,
): Map<Faction, string[]> {
  const out = new Map<Faction, string[]>();
  for (const f of factions) {
    if (f === viewer) continue;
    const wanted = heldTraitors(answers, f, true);
    out.set(
      f,
      wanted.flatMap((leader) => takeWhere(leaderPool, 1, (l) => l === leader)),
    );
  }
  return out;
}

/** The traitor cards `f` said it does not hold. */
export function traitorNot(answers: readonly TruthAnswer[], f: Faction): Set<string> {
  return new Set(heldTraitors(answers, f, false));
}

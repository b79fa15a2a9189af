import { restoreGame, type GameSnapshot, type Rng } from '@veil/engine';
import { behaviourOf } from '../cards/registry.js';
import { facts, typeOf } from '../facts.js';
import { netrunner } from '../module.js';
import { canSee, uidOfHandle } from '../state/handles.js';
import { draft } from '../state/draft.js';
import type { LoggedCard } from '../state/log-types.js';
import type { CardState, Game, Viewer } from '../state/types.js';

/**
 * The privacy harness' perturbation: swaps the identities (codes) of two card instances that
 * are both unseen by `viewer`, keeping every zone, position, count, counter, handle and public
 * fact as it was, and trades the two codes in the log lines `viewer` was not shown
 * (`renameInHiddenLog`). Only swaps a careful observer could not rule out are made:
 *  - same "shape" where the shape is public: installed ice with ice, a card in a root with a
 *    card of the same type (a remote holds one agenda or asset), hand/deck cards freely;
 *  - cards that would change who decides as soon as the viewer's own next action reveals
 *    them are kept out (see docs: Urtica Cipher reacts when accessed, and Byte! in R&D, where
 *    it is revealed; elsewhere Byte!'s question is asked at every access, so it may move;
 *    Diviner reads the printed cost parity of the grip card net damage trashes);
 *  - the card being accessed, for those it is shown to (`shownByAccess`);
 *  - the card of the active player's held action (`heldCard`).
 * Returns null when fewer than two candidates exist.
 */
export function perturb(
  snapshot: GameSnapshot<Game>,
  viewer: Viewer,
  rng: Rng,
): GameSnapshot<Game> | null {
  return swapTwo(snapshot, viewer, rng, 'followed');
}

/**
 * What a perturbed world is checked by: compared, then followed through the viewer's own
 * actions (`followed`, `perturb`), or only compared as it is (`single`, `perturbSingleState`).
 * Only a followed world must keep out what the viewer's own next action would rightly reveal.
 */
type Use = 'followed' | 'single';

/** Swaps two cards `viewer` cannot see, compatible as `compatible` says for `use`. */
function swapTwo(
  snapshot: GameSnapshot<Game>,
  viewer: Viewer,
  rng: Rng,
  use: Use,
): GameSnapshot<Game> | null {
  const g = snapshot.context;
  const hidden = Object.values(g.cards).filter((c) => isSwappable(g, c, viewer, use));
  const pairs: [CardState, CardState][] = [];
  for (let i = 0; i < hidden.length; i++) {
    for (let j = i + 1; j < hidden.length; j++) {
      const a = hidden[i] as CardState;
      const b = hidden[j] as CardState;
      if (a.code !== b.code && compatible(a, b, use)) pairs.push([a, b]);
    }
  }
  if (pairs.length === 0) return null;
  const [a, b] = rng.pick(pairs);
  const swapped = swapCodes(snapshot, a.uid, b.uid);
  return swapped && renameInHiddenLog(swapped, a.code, b.code, viewer);
}

/**
 * For the check of single states only (`followSteps: 0`): `perturb`'s swaps without what it
 * keeps out for the viewer's next action (Urtica Cipher, Byte! in R&D, grip cards of another
 * cost parity), and two more things it keeps:
 *  - other PRNG states: the game's and the handles' are hidden from everyone (they tell every
 *    later shuffle and random trash, and the handle a card will take when it next hides), so a
 *    view, log or legal action that showed one would differ between the two worlds; but after
 *    a seat's own action a random event drawn from another PRNG may rightly differ (a random
 *    grip card trashed by net damage is public once trashed);
 *  - a bare facedown card in a root may trade an agenda for an asset or an asset for an agenda
 *    (`sameRootKind`), the Corp's bluff; but once the Runner accesses it, a steal prompt and a
 *    trash prompt rightly differ.
 */
export function perturbSingleState(
  snapshot: GameSnapshot<Game>,
  viewer: Viewer,
  rng: Rng,
): GameSnapshot<Game> {
  const swapped = swapTwo(snapshot, viewer, rng, 'single') ?? snapshot;
  return restoreGame(netrunner, {
    value: swapped.value,
    context: { ...swapped.context, rng: rng.fork(), handleRng: rng.fork() },
    status: swapped.status,
  });
}

/**
 * The log lines name cards by code: where `viewer` was not shown a card, the two codes trade
 * places there too, so that a log line which would show a hidden card to `viewer` (a wrong
 * `seenBy`, a redaction that fails) differs between the two worlds and is caught. A line
 * naming another copy of the same card is renamed as well; that is still a world that differs
 * only in what `viewer` cannot see, which is all the check needs. Lines `viewer` saw are kept.
 */
function renameInHiddenLog(
  snapshot: GameSnapshot<Game>,
  codeA: string,
  codeB: string,
  viewer: Viewer,
): GameSnapshot<Game> {
  const g = snapshot.context;
  const hiddenMention = (c: LoggedCard) =>
    (c.code === codeA || c.code === codeB) && !c.seenBy.includes(viewer);
  if (!g.log.some((entry) => entry.cards.some(hiddenMention))) return snapshot;
  const log = g.log.map((entry) =>
    entry.cards.some(hiddenMention)
      ? {
          ...entry,
          cards: entry.cards.map((c) =>
            hiddenMention(c) ? { ...c, code: c.code === codeA ? codeB : codeA } : c,
          ),
        }
      : entry,
  );
  return restoreGame(netrunner, {
    value: snapshot.value,
    context: { ...g, log },
    status: snapshot.status,
  });
}

/**
 * Two cards of one kind in a root, bare: agendas and assets stand alike in a remote (which holds
 * one of them), upgrades apart; something public on the card (counters, a turn it cannot be
 * scored on) only some types may carry, so such a card keeps its type.
 */
function sameRootKind(a: CardState, b: CardState): boolean {
  const bare = (c: CardState) =>
    c.loc.zone !== 'root' || (Object.keys(c.counters).length === 0 && c.noScoreTurn === null);
  const kind = (c: CardState) => {
    const type = typeOf(c.code);
    return type === 'agenda' || type === 'asset' ? 'agenda or asset' : type;
  };
  const rootKinds = ['agenda or asset', 'upgrade'];
  return bare(a) && bare(b) && rootKinds.includes(kind(a)) && kind(a) === kind(b);
}

/** Whether `perturb` could trade the identities of these two cards for `viewer`. */
export function canSwap(g: Game, a: CardState, b: CardState, viewer: Viewer): boolean {
  return (
    a.uid !== b.uid &&
    a.code !== b.code &&
    isSwappable(g, a, viewer, 'followed') &&
    isSwappable(g, b, viewer, 'followed') &&
    compatible(a, b, 'followed')
  );
}

/** The same state with the codes of two cards traded (everything else kept). */
export function swapCodes(
  snapshot: GameSnapshot<Game>,
  a: string,
  b: string,
): GameSnapshot<Game> | null {
  const next = draft(snapshot.context);
  const ca = next.cards[a];
  const cb = next.cards[b];
  if (!ca || !cb) return null;
  [ca.code, cb.code] = [cb.code, ca.code];
  return restoreGame(netrunner, { value: snapshot.value, context: next, status: snapshot.status });
}

function isSwappable(g: Game, c: CardState, viewer: Viewer, use: Use): boolean {
  if (canSee(c, viewer)) return false;
  // Cards reacting on access change who decides once accessed (in a followed world). Byte!
  // asks a same-looking question at every access it could hide in (maskAccess), so it may
  // trade places there, but not in R&D, where it is revealed (see `compatible`). Urtica
  // Cipher's damage is public.
  const b = behaviourOf(c.code);
  if (use === 'followed' && b?.onAccess && !b.maskAccess) return false;
  if (shownByAccess(g, c, viewer)) return false;
  // The card of the active player's held action is its choice, carried out on the viewer's
  // own pass: another card there would be another choice, not another hidden world.
  if (use === 'followed' && heldCard(g) === c.uid) return false;
  return ['hq', 'rd', 'archives', 'grip', 'stack', 'ice', 'root'].includes(c.loc.zone);
}

/** The card the held action names (rules/windows.ts), if any. */
function heldCard(g: Game): string | undefined {
  const held = g.held;
  if (!held || !('card' in held.action)) return undefined;
  return uidOfHandle(g, held.seat, held.action.card);
}

/**
 * The card being accessed is shown, where it lies, to the Runner — and to everyone when it is
 * revealed on access from there (Byte! in R&D). The Corp and spectators are not shown an R&D card
 * the Runner accesses, nor spectators a facedown card in HQ or a root, so for them it stays a
 * candidate: a view or log naming it to them is a leak the swap must expose. Said here from the
 * rules text, not from the rules' own visibility code, so that a wrong one is caught.
 */
function shownByAccess(g: Game, c: CardState, viewer: Viewer): boolean {
  const current = g.run?.breach?.current;
  if (current?.uid !== c.uid) return false;
  if (viewer === 'runner') return true;
  return !!behaviourOf(c.code)?.statics?.revealWhenAccessedFrom?.includes(current.from);
}

/**
 * Whether two unseen cards can trade identities without contradicting public facts; with
 * `single`, a card in a root keeps only its kind (`sameRootKind`), not its type.
 */
function compatible(a: CardState, b: CardState, use: Use): boolean {
  if (a.side !== b.side) return false;
  const masked = (c: CardState) => !!behaviourOf(c.code)?.maskAccess;
  const inRd = a.loc.zone === 'rd' || b.loc.zone === 'rd';
  if (use === 'followed' && (masked(a) || masked(b)) && inRd) return false;
  const installed = (c: CardState) => c.loc.zone === 'ice' || c.loc.zone === 'root';
  if (installed(a) || installed(b)) {
    const shape = (c: CardState) => (c.loc.zone === 'ice' ? 'ice' : typeOf(c.code));
    if (a.loc.zone === 'root' || b.loc.zone === 'root') {
      // The other card must be able to stand where the installed one is.
      if (!(use === 'single' && sameRootKind(a, b)) && typeOf(a.code) !== typeOf(b.code)) {
        return false;
      }
    } else if (shape(a) !== shape(b)) return false;
  }
  const inGrip = (c: CardState) => c.loc.zone === 'grip';
  if (use === 'followed' && inGrip(a) !== inGrip(b)) {
    // Diviner: net damage reveals the parity of the trashed card's printed cost.
    const parity = (c: CardState) => (facts(c.code).cost ?? 0) % 2;
    if (parity(a) !== parity(b)) return false;
  }
  return true;
}

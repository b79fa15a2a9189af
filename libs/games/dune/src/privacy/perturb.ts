import { restoreGame, varyOthersCommitments, type GameSnapshot, type Rng } from '@veil/engine';
import type { TreacheryCardId } from '../data/treachery.js';
import { duneLegalActions } from '../rules/legal.js';
import { phaseOf } from '../rules/phase.js';
import type { DuneAction } from '../state/actions.js';
import type {
  DuneChoice,
  DuneState,
  Faction,
  PlayerState,
  SpiceCard,
  Viewer,
} from '../state/types.js';
import type { DuneModule } from '../module.js';

/**
 * The privacy harness' perturbation: a state that differs from `snapshot` only in what `viewer`
 * cannot see — two hidden Treachery cards swapped (deck, auction, others' unseen hand cards;
 * handles stay where they are; the Semuta every other time in a room with it), two hidden traitor cards swapped, two hidden Spice cards
 * swapped, another BG prediction, other commitments (made or not) in an open hidden choice,
 * and fresh random streams. `null` when nothing is hidden from the viewer.
 */
export function perturbDune(
  module: DuneModule,
  snapshot: GameSnapshot<DuneState>,
  viewer: Viewer,
  rng: Rng,
): GameSnapshot<DuneState> | null {
  let s = snapshot.context;
  const renames: Array<[string, string]> = [];
  [s, renames[0]] = swapTreachery(s, viewer, rng);
  [s, renames[1]] = swapTraitors(s, viewer, rng);
  s = varySpice(s, viewer, rng);
  s = swapSpice(s, viewer, rng, phaseOf(snapshot.value));
  if (viewer !== 'bene_gesserit' && s.prediction) {
    const targets = s.options.factions.filter((f) => f !== 'bene_gesserit');
    s = { ...s, prediction: { faction: rng.pick(targets), turn: 1 + rng.int(s.options.turns) } };
  }
  if (s.choice && s.choice.choice.status === 'collecting') s = varyChoice(s, snapshot, viewer, rng);
  s = { ...s, rng: rng.fork(), handleRng: rng.fork(), log: renameHidden(s, viewer, renames) };
  return restoreGame(module, { value: snapshot.value, context: s, status: snapshot.status });
}

type CardSpot =
  | { zone: 'deck'; index: number }
  | { zone: 'auction'; index: number }
  | { zone: 'hand'; seat: Faction; index: number };

function swapTreachery(state: DuneState, viewer: Viewer, rng: Rng): [DuneState, [string, string]] {
  const spots: CardSpot[] = state.treacheryDeck.map((_, index) => ({ zone: 'deck', index }));
  const auction = state.auction?.cards ?? [];
  auction.forEach((_, index) => {
    if (!(index === 0 && viewer === 'atreides')) spots.push({ zone: 'auction', index });
  });
  for (const seat of state.options.factions) {
    if (seat === viewer) continue;
    state.players[seat].hand.forEach((c, index) => {
      const known =
        viewer === 'spectator'
          ? c.seenBy.length === state.options.factions.length - 1
          : c.seenBy.includes(viewer);
      if (!known) spots.push({ zone: 'hand', seat, index });
    });
  }
  if (spots.length < 2) return [state, ['', '']];
  const [a, b] = state.options.semutaDrug ? semutaFirst(state, spots, rng) : twoOf(spots, rng);
  const ca = cardAt(state, a);
  const cb = cardAt(state, b);
  return [withCard(withCard(state, a, cb), b, ca), [ca, cb]];
}

/**
 * In a room with Semuta Drug, every other perturbation moves the Semuta (when the viewer cannot
 * see it) — held by another seat, in the deck or the auction: where it is must never show.
 */
function semutaFirst(state: DuneState, spots: readonly CardSpot[], rng: Rng): [CardSpot, CardSpot] {
  const at = spots.findIndex((spot) => cardAt(state, spot) === 'semuta_drug');
  if (at < 0 || rng.int(2) === 0) return twoOf(spots, rng);
  return [spots[at] as CardSpot, rng.pick(spots.filter((_, i) => i !== at))];
}

function cardAt(s: DuneState, spot: CardSpot): TreacheryCardId {
  if (spot.zone === 'deck') return s.treacheryDeck[spot.index] as TreacheryCardId;
  if (spot.zone === 'auction') return s.auction?.cards[spot.index] as TreacheryCardId;
  return s.players[spot.seat].hand[spot.index]?.card as TreacheryCardId;
}

function withCard(s: DuneState, spot: CardSpot, card: TreacheryCardId): DuneState {
  const put = <T>(list: readonly T[], i: number, x: T) => list.map((y, j) => (j === i ? x : y));
  if (spot.zone === 'deck') return { ...s, treacheryDeck: put(s.treacheryDeck, spot.index, card) };
  if (spot.zone === 'auction' && s.auction)
    return { ...s, auction: { ...s.auction, cards: put(s.auction.cards, spot.index, card) } };
  if (spot.zone !== 'hand') return s;
  const p = s.players[spot.seat];
  const hand = p.hand.map((c, j) => (j === spot.index ? { ...c, card } : c));
  return { ...s, players: { ...s.players, [spot.seat]: { ...p, hand } } };
}

type TraitorSpot =
  { zone: 'deck'; index: number } | { zone: 'kept' | 'rejected'; seat: Faction; index: number };

function swapTraitors(state: DuneState, viewer: Viewer, rng: Rng): [DuneState, [string, string]] {
  const spots: TraitorSpot[] = state.traitorDeck.map((_, index) => ({ zone: 'deck', index }));
  for (const seat of state.options.factions) {
    if (seat === viewer) continue;
    const p = state.players[seat];
    p.traitors.forEach((_, index) => spots.push({ zone: 'kept', seat, index }));
    p.rejectedTraitors.forEach((_, index) => spots.push({ zone: 'rejected', seat, index }));
  }
  if (spots.length < 2) return [state, ['', '']];
  const [a, b] = twoOf(spots, rng);
  const ta = traitorAt(state, a);
  const tb = traitorAt(state, b);
  return [withTraitor(withTraitor(state, a, tb), b, ta), [ta, tb]];
}

function traitorAt(s: DuneState, spot: TraitorSpot): string {
  if (spot.zone === 'deck') return s.traitorDeck[spot.index] as string;
  const p = s.players[spot.seat];
  return (spot.zone === 'kept' ? p.traitors : p.rejectedTraitors)[spot.index] as string;
}

function withTraitor(s: DuneState, spot: TraitorSpot, id: string): DuneState {
  const put = (list: readonly string[], i: number) => list.map((y, j) => (j === i ? id : y));
  if (spot.zone === 'deck') return { ...s, traitorDeck: put(s.traitorDeck, spot.index) };
  const p: PlayerState = s.players[spot.seat];
  const next =
    spot.zone === 'kept'
      ? { ...p, traitors: put(p.traitors, spot.index) }
      : { ...p, rejectedTraitors: put(p.rejectedTraitors, spot.index) };
  return { ...s, players: { ...s.players, [spot.seat]: next } };
}

function swapSpice(state: DuneState, viewer: Viewer, rng: Rng, phase: string): DuneState {
  const from = viewer === 'atreides' && phase === 'movement' ? 1 : 0;
  const indexes = state.spiceDeck.map((_, i) => i).filter((i) => i >= from);
  if (indexes.length < 2) return state;
  const [i, j] = twoOf(indexes, rng);
  const deck = [...state.spiceDeck];
  [deck[i], deck[j]] = [deck[j] as SpiceCard, deck[i] as SpiceCard];
  return { ...state, spiceDeck: deck };
}

/** Every other participant: not committed, or committed to one of its legal choices. */
function varyChoice(
  state: DuneState,
  snapshot: GameSnapshot<DuneState>,
  viewer: Viewer,
  rng: Rng,
): DuneState {
  const open = state.choice as DuneChoice;
  const phase = phaseOf(snapshot.value);
  const draw = (seat: Faction): unknown => {
    if (rng.int(2) === 0) return undefined;
    const actions = duneLegalActions(state, phase, seat);
    if (actions.length === 0) return undefined;
    return commitmentOf(rng.pick(actions));
  };
  const choice = varyOthersCommitments(open.choice as never, viewer, draw as never);
  return { ...state, choice: { kind: open.kind, choice } as DuneChoice };
}

function commitmentOf(action: DuneAction): unknown {
  switch (action.type) {
    case 'setup':
      return { traitor: action.traitor, prediction: action.prediction };
    case 'dial':
      return action.value;
    case 'plan':
      return action.plan;
    case 'traitor':
      return action.call;
    default:
      return undefined;
  }
}

function twoOf<T>(items: readonly T[], rng: Rng): [T, T] {
  const i = rng.int(items.length);
  let j = rng.int(items.length - 1);
  if (j >= i) j += 1;
  return [items[i] as T, items[j] as T];
}

/** Another seat's spice behind its shield: some other amount. */
function varySpice(state: DuneState, viewer: Viewer, rng: Rng): DuneState {
  const others = state.options.factions.filter((f) => f !== viewer);
  const seat = rng.pick(others);
  const p = state.players[seat];
  return {
    ...state,
    players: { ...state.players, [seat]: { ...p, spice: p.spice + 1 + rng.int(5) } },
  };
}

/**
 * The private parts of the log the viewer does not receive follow the swaps: the two swapped
 * cards (and the two swapped traitors) trade names there, so the hidden record matches the
 * perturbed world.
 */
function renameHidden(
  state: DuneState,
  viewer: Viewer,
  renames: ReadonlyArray<[string, string]>,
): DuneState['log'] {
  const rename = (value: unknown): unknown => {
    if (typeof value === 'string') {
      for (const [a, b] of renames) {
        if (a === '' || a === b) continue;
        if (value === a) return b;
        if (value === b) return a;
      }
      return value;
    }
    if (Array.isArray(value)) return value.map(rename);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rename(v)]));
    }
    return value;
  };
  return state.log.map((entry) =>
    entry.secret && (viewer === 'spectator' || !entry.secret.to.includes(viewer))
      ? {
          ...entry,
          secret: {
            to: entry.secret.to,
            data: rename(entry.secret.data) as Record<string, unknown>,
          },
        }
      : entry,
  );
}

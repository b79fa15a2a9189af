import {
  openChoice,
  restoreGame,
  type GameSnapshot,
  type Rng,
  type SimultaneousChoice,
} from '@veil/engine';
import { FACTIONS } from '../data/factions.js';
import type { TreacheryCardId } from '../data/treachery.js';
import { SPICE_DECK, treacheryDeckFor } from '../rules/setup.js';
import type {
  DuneChoice,
  DuneState,
  Faction,
  HandCard,
  PlayerState,
  SpiceCard,
} from '../state/types.js';
import type { DuneView } from '../view/view.js';
import { pendingPayment } from '../rules/karama-powers.js';
import type { DuneModule } from '../module.js';
import { heldNot, reserveHeld, reserveTraitors, takeWhere, traitorNot } from './answers.js';

/**
 * A full state consistent with `viewer`'s view (AI sampling). Known: everything public and the
 * viewer's own shield. Sampled: the cards the viewer has not seen (from the 33-card deck minus
 * every card it has seen) into the deck, the auction and others' hands; others' traitors (from
 * the leaders whose cards it has not seen); the Spice deck order; the BG prediction — all keeping to the public
 * Truthtrance answers about hands and traitors that still hold (`flow.truthAnswers`). Made up:
 * others' spice (the public log would bound it; the view does not carry the log, so each gets
 * its starting amount, or enough for its standing high bid), others' commitments in an open hidden choice (none made yet), the
 * random streams, and an empty log.
 */
export function duneDeterminize(
  module: DuneModule,
  view: DuneView,
  viewer: Faction,
  rng: Rng,
): GameSnapshot<DuneState> {
  const { options } = view.flow;
  const factions = options.factions;

  // Treachery cards the viewer has not seen.
  const seen: TreacheryCardId[] = [...view.treacheryDiscard];
  for (const f of factions) for (const c of view.players[f]?.hand ?? []) seen.push(c.card);
  if (view.auction?.card) seen.push(view.auction.card);
  const unseen = [...treacheryDeckFor(options)];
  for (const card of seen) {
    const i = unseen.indexOf(card);
    if (i >= 0) unseen.splice(i, 1);
  }
  const pool = rng.shuffle(unseen);
  // Public Truthtrance answers: a card a seat said it holds is dealt to it first, and none of
  // the kinds it said it does not hold; the same for the traitor cards it was asked about.
  const answers = view.flow.truthAnswers;
  const required = reserveHeld(answers, pool, factions, viewer, view);
  let handleCount = 0;
  // Opaque handles for the made-up hidden cards; the viewer's own keep theirs.
  const newHandle = () => `d${(handleCount++).toString(16)}.${rng.int(0x1_0000_0000).toString(16)}`;

  const players = {} as Record<Faction, PlayerState>;
  // Traitor cards: the viewer knows its own four; the others come from the rest.
  const me = view.players[viewer];
  const mine = [...(me?.traitors ?? []), ...(me?.rejectedTraitors ?? [])];
  const leaderPool = rng.shuffle(
    factions
      .flatMap((f) => FACTIONS[f].leaders.map((l) => l.id))
      .filter((id) => !mine.includes(id)),
  );
  const traitorsKept = reserveTraitors(answers, leaderPool, factions, viewer);
  for (const f of factions) {
    const pv = view.players[f];
    if (!pv) throw new Error(`view lacks ${f}`);
    let hand: HandCard[];
    let traitors: readonly string[];
    let rejected: readonly string[];
    if (f === viewer) {
      hand = pv.hand.map((c) => ({ card: c.card, handle: c.handle as string, seenBy: [] }));
      traitors = pv.traitors ?? [];
      rejected = pv.rejectedTraitors ?? [];
    } else {
      const known = pv.hand.map((c) => c.card);
      const held = required.get(f) ?? [];
      const refused = heldNot(answers, f);
      const drawn = [
        ...held,
        ...takeWhere(pool, pv.handCount - known.length - held.length, (c) => !refused.has(c)),
      ];
      hand = [
        ...known.map((card) => ({ card, handle: newHandle(), seenBy: [viewer] })),
        ...drawn.map((card) => ({ card, handle: newHandle(), seenBy: [] })),
      ];
      const kept = traitorsKept.get(f) ?? [];
      const notKept = traitorNot(answers, f);
      const setupOpen = view.phase === 'setup' && view.choice?.kind === 'setup';
      if (f === 'harkonnen') {
        traitors = [...kept, ...takeWhere(leaderPool, 4 - kept.length, (l) => !notKept.has(l))];
        rejected = [];
      } else {
        // The kept card first (one it was said to hold, else one it was not said not to).
        const [first] = kept.length ? kept : takeWhere(leaderPool, 1, (l) => !notKept.has(l));
        const dealt = [...(first ? [first] : []), ...leaderPool.splice(0, first ? 3 : 4)];
        traitors = setupOpen ? [] : dealt.slice(0, 1);
        rejected = setupOpen ? dealt : dealt.slice(1);
      }
    }
    players[f] = {
      // Unknown: the starting amount, or the high bid or pending payment it must be able to pay.
      spice:
        pv.spice ??
        Math.max(
          FACTIONS[f].startingSpice,
          view.auction?.highBidder === f ? view.auction.highBid : 0,
          pendingPayment(view.windows, f, view.decision),
        ),
      bribes: pv.bribes,
      support: pv.support,
      reserves: pv.reserves,
      tanks: pv.tanks,
      hand,
      traitors,
      rejectedTraitors: rejected,
      leaders: pv.leaders,
      leadersDied: pv.leadersDied,
      leadersUsed: pv.leadersUsed as PlayerState['leadersUsed'],
    };
  }
  // While the Harkonnen's free card is asked about, the card just sold has left the auction.
  const sold = view.windows.some((w) => w.status === 'open' && w.cause.power === 'top_card');
  const auctionLeft = view.auction
    ? view.auction.totalCards - view.auction.cardNumber + (sold ? 0 : 1)
    : 0;
  const auctionCards = view.auction
    ? view.auction.card
      ? [view.auction.card, ...pool.splice(0, auctionLeft - 1)]
      : pool.splice(0, auctionLeft)
    : [];
  const treacheryDeck = pool.splice(0, view.treacheryDeckCount);

  const spiceLeft = [...SPICE_DECK];
  for (const card of view.spiceDiscard) {
    const i = spiceLeft.indexOf(card);
    if (i >= 0) spiceLeft.splice(i, 1);
  }
  let spiceDeck: SpiceCard[] = rng.shuffle(spiceLeft).slice(0, view.spiceDeckCount);
  if (view.topSpiceCard) {
    const rest = [...spiceDeck];
    const i = rest.indexOf(view.topSpiceCard);
    if (i >= 0) rest.splice(i, 1);
    else rest.pop();
    spiceDeck = [view.topSpiceCard, ...rest];
  }

  const predictionTargets = factions.filter((f) => f !== 'bene_gesserit');
  const prediction =
    viewer === 'bene_gesserit'
      ? view.prediction
      : factions.includes('bene_gesserit') && view.phase !== 'setup'
        ? { faction: rng.pick(predictionTargets), turn: 1 + rng.int(options.turns) }
        : null;

  const state: DuneState = {
    options,
    turn: view.turn,
    storm: view.storm,
    stormOrder: view.stormOrder,
    dialers: view.dialers,
    rng: rng.fork(),
    handleRng: rng.fork(),
    players,
    forces: view.forces,
    spice: view.spice,
    treacheryDeck,
    treacheryDiscard: view.treacheryDiscard,
    spiceDeck,
    spiceDiscard: view.spiceDiscard,
    traitorDeck: leaderPool,
    alliances: view.alliances,
    nexusActed: view.flow.nexusActed,
    prediction,
    choice: view.choice ? rebuildChoice(view, viewer) : null,
    cursor: view.flow.cursor,
    auction: view.auction
      ? {
          cards: auctionCards,
          cardNumber: view.auction.cardNumber,
          totalCards: view.auction.totalCards,
          opener: view.auction.bidder,
          bidder: view.auction.bidder,
          highBid: view.auction.highBid,
          highBidder: view.auction.highBidder,
          passed: view.auction.passed,
          peek: view.auction.peek,
        }
      : null,
    battle: view.battle ? { ...view.battle, played: playedHandles(view, players) } : null,
    nexus: view.flow.nexus,
    wormTerritories: view.flow.wormTerritories,
    atomics: view.flow.atomics,
    wormsign: view.flow.wormsign,
    bribed: view.flow.bribed,
    discardBatches: view.flow.discardBatches,
    pendingDiscard: view.flow.pendingDiscard ?? null,
    ...(view.decision?.kind === 'semuta_select'
      ? { semuta: rebuildSemuta(view, view.decision.seat, view.decision.event, newHandle) }
      : {}),
    phaseDone: view.flow.phaseDone,
    pauses: {
      decisions: view.decision ? [view.decision] : [],
      windows: view.windows,
      policies: { [viewer]: view.policies },
      nextId: view.flow.nextPauseId,
    },
    log: [],
    result: view.result,
    truthAnswers: answers,
  };
  return restoreGame(module, {
    value: view.phase,
    context: state,
    status: view.phase === 'over' ? 'done' : 'active',
  });
}

/**
 * A Semuta inspection waiting on its selection: the claimant's own as it sees it; for anyone
 * else the batch's other-owner cards (public faces) under made-up handles.
 */
function rebuildSemuta(
  view: DuneView,
  claimant: Faction,
  event: number,
  newHandle: () => string,
): NonNullable<DuneState['semuta']> {
  if (view.semuta) return view.semuta;
  const batch = view.flow.discardBatches[event - 1];
  const candidates = (batch?.entries ?? [])
    .filter((e) => e.discardedBy !== claimant)
    .map((e) => ({ handle: newHandle(), card: e.card, discardedBy: e.discardedBy }));
  return { event, claimant, candidates };
}

/** An open hidden choice: the viewer's own commitment kept, nobody else's known. */
function rebuildChoice(view: DuneView, viewer: Faction): DuneChoice {
  const c = view.choice;
  if (!c) throw new Error('no choice');
  const base = openChoice<Faction, unknown>({
    id: c.id,
    kind: c.kind,
    cause: {},
    participants: c.participants,
  });
  const choice: SimultaneousChoice<Faction, unknown> =
    c.mine === null
      ? base
      : { ...base, commitments: { [viewer]: c.mine } as Partial<Record<Faction, unknown>> };
  return { kind: c.kind, choice } as DuneChoice;
}

/** After the reveal, the played cards are face up in hand: point the cleanup at them. */
function playedHandles(
  view: DuneView,
  players: Record<Faction, PlayerState>,
): NonNullable<DuneState['battle']>['played'] {
  const plans = view.battle?.plans;
  if (!plans) return null;
  const out: Record<
    string,
    {
      leader: string | null;
      hero: string | null;
      dial: number;
      weapon: string | null;
      defense: string | null;
    }
  > = {};
  for (const [f, plan] of Object.entries(plans)) {
    if (!plan) continue;
    const hand = [...players[f as Faction].hand];
    const take = (card: TreacheryCardId | null): string | null => {
      if (!card) return null;
      const i = hand.findIndex((c) => c.card === card);
      if (i < 0) return null;
      const [found] = hand.splice(i, 1);
      return found?.handle ?? null;
    };
    out[f] = {
      leader: plan.leader,
      hero: plan.hero ? take('cheap_hero') : null,
      dial: plan.dial,
      weapon: take(plan.weapon),
      defense: take(plan.defense),
    };
  }
  return out;
}

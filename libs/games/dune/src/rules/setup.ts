import { emptyPauses, nextPauseId, openChoice, Rng, shuffle, type GameInput } from '@veil/engine';
import { FACTIONS } from '../data/factions.js';
import { SHAI_HULUD_COPIES, SPICE_TERRITORY_CARDS } from '../data/spice.js';
import { TREACHERY, type TreacheryCardId } from '../data/treachery.js';
import { FACTION_IDS } from '../data/types.js';
import type {
  DuneOptions,
  DuneState,
  Faction,
  PlayerState,
  ResolvedOptions,
  SetupCommitment,
  SpiceCard,
} from '../state/types.js';
import { addForces, computeStormOrder } from './board.js';
import { drawTreachery, log } from './common.js';

export function resolveOptions(options: DuneOptions | undefined): ResolvedOptions {
  const factions = options?.factions ?? FACTION_IDS;
  if (!Array.isArray(factions) || factions.some((f) => !FACTION_IDS.includes(f))) {
    throw new Error('dune: unknown faction');
  }
  if (factions.length < 2 || factions.length > 6 || new Set(factions).size !== factions.length) {
    throw new Error('dune: choose 2 to 6 different factions');
  }
  const turns = options?.turns ?? 10;
  if (!Number.isInteger(turns) || turns < 1 || turns > 20)
    throw new Error('dune: turns must be 1..20');
  const pick = <T extends string | number | boolean>(
    name: string,
    value: T | undefined,
    allowed: readonly T[],
  ): T => {
    if (value === undefined) return allowed[0] as T;
    if (!allowed.includes(value))
      throw new Error(`dune: option ${name} must be one of ${allowed.join(', ')}`);
    return value;
  };
  const semutaDrug = pick('semutaDrug', options?.semutaDrug, [false, true] as const);
  const semutaFullHand = pick('semutaFullHand', options?.semutaFullHand, [
    'take_then_discard',
    'barred',
  ] as const);
  if (options?.semutaFullHand !== undefined && !semutaDrug)
    throw new Error('dune: option semutaFullHand needs semutaDrug');
  return {
    factions: [...factions],
    turns,
    spiceCollection: pick('spiceCollection', options?.spiceCollection, [
      'same_sector',
      'territory',
    ] as const),
    twoPlayerStrongholds: pick('twoPlayerStrongholds', options?.twoPlayerStrongholds, [
      3, 4,
    ] as const),
    bgCharity: pick('bgCharity', options?.bgCharity, ['basic', 'always'] as const),
    mostStrongholdsTie: pick('mostStrongholdsTie', options?.mostStrongholdsTie, [
      'storm_order',
      'nobody',
    ] as const),
    predictionOnDefault: pick('predictionOnDefault', options?.predictionOnDefault, [
      false,
      true,
    ] as const),
    harkonnenMulligan: pick('harkonnenMulligan', options?.harkonnenMulligan, [
      false,
      true,
    ] as const),
    // Only a room with Semuta carries these, so every other room resolves (and views) as before.
    ...(semutaDrug ? { semutaDrug: true as const, semutaFullHand } : {}),
  };
}

export const TREACHERY_DECK: readonly TreacheryCardId[] = (
  Object.keys(TREACHERY) as TreacheryCardId[]
).flatMap((id) => Array.from({ length: TREACHERY[id].copies }, () => id));

/** The room's Treachery deck: the base 33, plus the one Semuta Drug when the room has it. */
export function treacheryDeckFor(options: ResolvedOptions): readonly TreacheryCardId[] {
  return options.semutaDrug ? [...TREACHERY_DECK, 'semuta_drug'] : TREACHERY_DECK;
}

export const SPICE_DECK: readonly SpiceCard[] = [
  ...SPICE_TERRITORY_CARDS.map((c) => c.territory),
  ...Array.from({ length: SHAI_HULUD_COPIES }, (): SpiceCard => 'shai_hulud'),
];

function newPlayer(faction: Faction): PlayerState {
  const facts = FACTIONS[faction];
  return {
    spice: facts.startingSpice,
    bribes: 0,
    support: 0,
    // The Fremen's ten to be split are held here until their split decision places them.
    reserves: facts.reserves + (faction === 'fremen' ? 10 : 0),
    tanks: 0,
    hand: [],
    traitors: [],
    rejectedTraitors: [],
    leaders: Object.fromEntries(facts.leaders.map((l) => [l.id, 'available' as const])),
    leadersDied: [],
    leadersUsed: {},
  };
}

/**
 * The game as set up before anyone decides: shields, forces, shuffled decks, four traitors
 * dealt to each, starting Treachery cards; then the setup choice (traitor picks and the BG
 * prediction) opens as one simultaneous hidden choice.
 */
export function setupDune(input: GameInput<DuneOptions>): DuneState {
  const options = resolveOptions(input.options);
  const root = Rng.from(`dune:${String(input.seed)}`);
  let rng = root.fork();
  const handleRng = root.fork();
  const factions = options.factions;
  const players = Object.fromEntries(factions.map((f) => [f, newPlayer(f)])) as Record<
    Faction,
    PlayerState
  >;

  let traitors: string[];
  [traitors, rng] = shuffle(
    rng,
    factions.flatMap((f) => FACTIONS[f].leaders.map((l) => l.id)),
  );
  for (const f of factions) {
    const dealt = traitors.slice(0, 4);
    traitors = traitors.slice(4);
    players[f] =
      f === 'harkonnen'
        ? { ...players[f], traitors: dealt }
        : { ...players[f], rejectedTraitors: dealt };
  }
  const [treacheryDeck, afterTreachery] = shuffle(rng, treacheryDeckFor(options));
  rng = afterTreachery;
  const [spiceDeck, afterSpice] = shuffle(rng, SPICE_DECK);
  rng = afterSpice;

  let forces: DuneState['forces'] = {};
  for (const f of factions) {
    for (const { area, count } of FACTIONS[f].startingForces)
      forces = addForces(forces, area, f, count);
  }
  const participants = factions.filter((f) => f !== 'harkonnen');
  let state: DuneState = {
    options,
    turn: 1,
    storm: 0,
    stormOrder: [],
    dialers: [factions[0] as Faction, factions[factions.length - 1] as Faction],
    rng,
    handleRng,
    players,
    forces,
    spice: {},
    treacheryDeck,
    treacheryDiscard: [],
    spiceDeck,
    spiceDiscard: [],
    traitorDeck: traitors,
    alliances: [],
    nexusActed: [],
    prediction: null,
    choice: {
      kind: 'setup',
      choice: openChoice<Faction, SetupCommitment>({
        id: 1,
        kind: 'setup',
        cause: { step: 'traitors' },
        participants,
      }),
    },
    cursor: null,
    auction: null,
    battle: null,
    nexus: false,
    wormTerritories: [],
    atomics: false,
    bribed: [],
    discardBatches: [],
    pendingDiscard: null,
    phaseDone: false,
    pauses: { ...emptyPauses(), nextId: 2 },
    log: [],
    result: null,
    wormsign: 'waiting',
    truthAnswers: [],
  };
  state = { ...state, stormOrder: computeStormOrder(state) };
  state = log(state, 'setup', { factions: [...factions], turns: options.turns });
  for (const f of factions) {
    state = log(
      state,
      'traitors_dealt',
      { faction: f, count: 4 },
      {
        to: [f],
        data: {
          traitors: players[f].traitors.length ? players[f].traitors : players[f].rejectedTraitors,
        },
      },
    );
  }
  for (const f of factions) state = drawTreachery(state, f, FACTIONS[f].startingCards, 'setup');
  if (options.harkonnenMulligan && factions.includes('harkonnen')) {
    // Asked whether or not the redraw is allowed, so being asked tells nobody anything.
    const [id, pauses] = nextPauseId(state.pauses);
    state = {
      ...state,
      pauses: { ...pauses, decisions: [{ id, seat: 'harkonnen', kind: 'harkonnen_mulligan' }] },
    };
  }
  return state;
}

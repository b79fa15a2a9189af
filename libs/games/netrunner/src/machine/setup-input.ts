import type { GameInput } from '@veil/engine';
import { deckById, type Deck } from '../decks/index.js';
import { blankGame, gameStreams, setupGame, type DeckList } from '../rules/setup.js';
import type { Game } from '../state/types.js';

/** Room options: each side's deck (a starter deck id or an explicit list), points to win. */
export interface NetrunnerOptions {
  readonly corpDeck?: string | DeckList;
  readonly runnerDeck?: string | DeckList;
  /** Agenda points that win (default 7; the beginner tutorial game plays to 6). */
  readonly agendaPointsToWin?: number;
}

/** The decks a room gets when it names none: the System Gateway intermediate tutorial pair. */
export const DEFAULT_CORP_DECK = 'sg-tutorial-syndicate-intermediate';
export const DEFAULT_RUNNER_DECK = 'sg-tutorial-catalyst-intermediate';

export function resolveDeck(option: string | DeckList | undefined, fallback: string): DeckList {
  if (option !== undefined && typeof option !== 'string') return option;
  const deck: Deck | undefined = deckById(option ?? fallback);
  if (!deck) throw new Error(`unknown deck ${option ?? fallback}`);
  return deck;
}

/**
 * The machine's context. The engine always starts games with an input, but XState's own
 * `transition()` helper (used directly by some tests) builds a throwaway actor per call whose
 * initial snapshot runs this factory with no `input`. Without input there is no game to set up:
 * an empty, already-finished game is returned (the machine goes straight to `over`).
 */
export function createGame(input: GameInput<NetrunnerOptions> | undefined): Game {
  if (!input) return inertGame();
  const options = input.options ?? {};
  return setupGame(
    resolveDeck(options.corpDeck, DEFAULT_CORP_DECK),
    resolveDeck(options.runnerDeck, DEFAULT_RUNNER_DECK),
    gameStreams(input.seed),
    options.agendaPointsToWin ?? 7,
  );
}

function inertGame(): Game {
  const noDeck: DeckList = { identity: '', cards: [] };
  // Never drawn from: the game is over before it starts.
  const zero = { key: '00'.repeat(32), drawn: 0 };
  return {
    ...blankGame(noDeck, noDeck, 7, zero, zero),
    outcome: { winner: null, reason: 'no_game' },
  };
}

import { cardByCode } from '../catalog/index.js';
import type { CardData } from '../catalog/index.js';
import { agendaPointBand } from './agenda-points.js';
import type { DeckError } from './deck-error.js';
import { isOutOfFaction } from './deck-stats.js';
import type { Deck } from './deck.js';
import { FACTION_NAMES, SIDE_NAMES, TYPE_PHRASES } from './names.js';

export interface ValidateDeckOptions {
  /**
   * Also require that a single System Gateway box holds the deck: no card from another product,
   * and no more copies of a card than the box contains.
   */
  readonly singleSystemGatewayBox?: boolean;
}

export type DeckValidation =
  { readonly ok: true } | { readonly ok: false; readonly errors: readonly DeckError[] };

/** A card of the deck with all its copies (entries listing the same code are added up). */
interface Holding {
  readonly card: CardData;
  readonly count: number;
}

/**
 * Checks a deck against the Netrunner deckbuilding rules: one identity, cards of its side only,
 * the identity's minimum size and influence limit, each title's deck limit, and for the Corp
 * in-faction agendas and the agenda-point band for the deck's size. Every broken rule is
 * reported, each once.
 */
export function validateDeck(deck: Deck, opts: ValidateDeckOptions = {}): DeckValidation {
  const errors: DeckError[] = [];
  const holdings = collectHoldings(deck, errors);
  errors.push(...deckLimitErrors(holdings));
  if (opts.singleSystemGatewayBox) errors.push(...systemGatewayBoxErrors(holdings));

  const identity = checkIdentity(deck.identity, errors);
  if (identity !== undefined) {
    const playable = holdings.filter(({ card }) => card.side === identity.side);
    for (const { card } of holdings) {
      if (card.side !== identity.side) {
        errors.push({
          kind: 'wrong-side',
          code: card.code,
          message: `'${card.title}' is a ${SIDE_NAMES[card.side]} card; this is a ${SIDE_NAMES[identity.side]} deck.`,
        });
      }
    }
    // The size counts only cards the deck may hold, so a wrong-side card cannot hide a short deck.
    const size = playable.reduce((sum, { count }) => sum + count, 0);
    const minimum = identity.minimumDeckSize ?? 0;
    if (size < minimum) {
      errors.push({
        kind: 'too-few-cards',
        size,
        minimum,
        message: `The deck has ${size} cards; ${identity.title} needs at least ${minimum}.`,
      });
    }
    errors.push(...influenceErrors(identity, playable));
    if (identity.side === 'corp') errors.push(...agendaErrors(identity, playable, size));
  }
  return errors.length === 0 ? { ok: true } : { ok: false, errors };
}

function collectHoldings(deck: Deck, errors: DeckError[]): Holding[] {
  const counts = new Map<string, number>();
  for (const { code, count } of deck.cards) {
    const card = cardByCode(code);
    if (!Number.isInteger(count) || count < 1) {
      errors.push({
        kind: 'invalid-count',
        code,
        count,
        message: `'${card?.title ?? code}' is listed with count ${count}; a count is a whole number of at least 1.`,
      });
    } else if (card === undefined) {
      errors.push({ kind: 'unknown-card', code, message: `Unknown card code '${code}'.` });
    } else if (card.type === 'identity') {
      errors.push({
        kind: 'identity-in-deck',
        code,
        message: `'${card.title}' is an identity; a deck has exactly one identity, and it is not one of the deck's cards.`,
      });
    } else {
      counts.set(code, (counts.get(code) ?? 0) + count);
    }
  }
  return [...counts].flatMap(([code, count]) => {
    const card = cardByCode(code);
    return card === undefined ? [] : [{ card, count }];
  });
}

function deckLimitErrors(holdings: readonly Holding[]): DeckError[] {
  // The limit is per title: two printings of one card share it.
  const byTitle = new Map<string, Holding>();
  for (const holding of holdings) {
    const seen = byTitle.get(holding.card.title);
    byTitle.set(holding.card.title, {
      card: holding.card,
      count: (seen?.count ?? 0) + holding.count,
    });
  }
  return [...byTitle.values()]
    .filter(({ card, count }) => count > card.deckLimit)
    .map(({ card, count }) => ({
      kind: 'over-deck-limit',
      title: card.title,
      count,
      limit: card.deckLimit,
      message: `${count} copies of '${card.title}'; a deck may hold at most ${card.deckLimit}.`,
    }));
}

function systemGatewayBoxErrors(holdings: readonly Holding[]): DeckError[] {
  return holdings.flatMap(({ card, count }): DeckError[] => {
    if (card.pack !== 'sg') {
      return [
        {
          kind: 'not-in-system-gateway',
          code: card.code,
          message: `'${card.title}' is not in the System Gateway box.`,
        },
      ];
    }
    if (count > card.setQuantity) {
      return [
        {
          kind: 'over-set-quantity',
          code: card.code,
          count,
          setQuantity: card.setQuantity,
          message: `${count} copies of '${card.title}'; one System Gateway box holds ${card.setQuantity}.`,
        },
      ];
    }
    return [];
  });
}

function checkIdentity(code: string, errors: DeckError[]): CardData | undefined {
  if (!code) {
    errors.push({ kind: 'missing-identity', message: 'The deck has no identity.' });
    return undefined;
  }
  const identity = cardByCode(code);
  if (identity === undefined) {
    errors.push({
      kind: 'unknown-card',
      code,
      message: `Unknown card code '${code}' given as the identity.`,
    });
    return undefined;
  }
  if (identity.type !== 'identity') {
    errors.push({
      kind: 'not-an-identity',
      code,
      message: `'${identity.title}' is ${TYPE_PHRASES[identity.type]}, not an identity.`,
    });
    return undefined;
  }
  return identity;
}

function influenceErrors(identity: CardData, playable: readonly Holding[]): DeckError[] {
  // The starter-game identities print no influence limit: their decks mix factions freely.
  const limit = identity.influenceLimit;
  if (limit === undefined) return [];
  const spent = playable.filter(({ card }) => isOutOfFaction(card, identity) && card.influence > 0);
  const used = spent.reduce((sum, { card, count }) => sum + card.influence * count, 0);
  if (used <= limit) return [];
  const breakdown = spent
    .map(({ card, count }) => `${count}× ${card.title} at ${card.influence}`)
    .join(', ');
  return [
    {
      kind: 'over-influence',
      used,
      limit,
      message: `Out-of-faction cards use ${used} influence (${breakdown}); ${identity.title} allows ${limit}.`,
    },
  ];
}

function agendaErrors(identity: CardData, playable: readonly Holding[], size: number): DeckError[] {
  const errors: DeckError[] = [];
  const agendas = playable.filter(({ card }) => card.type === 'agenda');
  for (const { card } of agendas) {
    if (isOutOfFaction(card, identity)) {
      errors.push({
        kind: 'out-of-faction-agenda',
        code: card.code,
        message: `'${card.title}' is a ${FACTION_NAMES[card.faction]} agenda; a Corp deck may include only its own faction's agendas and neutral ones.`,
      });
    }
  }
  const points = agendas.reduce(
    (sum, { card, count }) => sum + (card.agendaPoints ?? 0) * count,
    0,
  );
  const { min, max } = agendaPointBand(size);
  if (points < min || points > max) {
    const low = Math.floor(size / 5) * 5;
    errors.push({
      kind: 'agenda-points',
      points,
      min,
      max,
      message: `The deck has ${size} cards and ${points} agenda points; a deck of ${low}–${low + 4} cards needs ${min} or ${max}.`,
    });
  }
  return errors;
}

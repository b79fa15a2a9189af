/**
 * The printed facts of one Netrunner card: what is on the card face, nothing about how its
 * abilities work (that is the card's behaviour, in cards/). One record per card code.
 */
export type Side = 'corp' | 'runner';

export type Faction =
  | 'anarch'
  | 'criminal'
  | 'shaper'
  | 'neutral-runner'
  | 'haas-bioroid'
  | 'jinteki'
  | 'nbn'
  | 'weyland-consortium'
  | 'neutral-corp';

export type CardType =
  | 'identity'
  | 'agenda'
  | 'asset'
  | 'upgrade'
  | 'operation'
  | 'ice'
  | 'event'
  | 'hardware'
  | 'program'
  | 'resource';

export interface CardData {
  /** NetrunnerDB code, e.g. `30001`. */
  readonly code: string;
  readonly title: string;
  readonly side: Side;
  readonly faction: Faction;
  readonly type: CardType;
  /** Subtypes as printed, e.g. `['Icebreaker', 'Fracter']`; other cards read these. */
  readonly subtypes: readonly string[];
  /** Play / install / rez cost; `null` where the card has none (identities, agendas). */
  readonly cost: number | null;
  /** Influence cost in a deck of another faction (0 for neutral cards). */
  readonly influence: number;
  readonly unique: boolean;
  /** Copies allowed in one deck. */
  readonly deckLimit: number;
  /** Copies in the System Gateway set (how many a collection of one core set holds). */
  readonly setQuantity: number;
  readonly strength?: number;
  readonly memoryCost?: number;
  readonly trashCost?: number;
  readonly advancementCost?: number;
  readonly agendaPoints?: number;
  /** Identities only. */
  readonly baseLink?: number;
  readonly influenceLimit?: number;
  readonly minimumDeckSize?: number;
  /**
   * NetrunnerDB code of the product the card comes from: `'sg'` (System Gateway) or `'elev'`
   * (Elevation). `setQuantity` counts copies in that product, so this says whether one System
   * Gateway box holds the card at all.
   */
  readonly pack?: string;
  /** The card text, for display (card text on hover). */
  readonly text: string;
}

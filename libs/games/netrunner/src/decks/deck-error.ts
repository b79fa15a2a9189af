/**
 * Why a deck may not be played. Every error names what is wrong and by how much; `message` says
 * it in a sentence for the player (it is the player's own deck: nothing here is hidden).
 */
export type DeckError =
  | { readonly kind: 'unknown-card'; readonly code: string; readonly message: string }
  | {
      readonly kind: 'invalid-count';
      readonly code: string;
      readonly count: number;
      readonly message: string;
    }
  | { readonly kind: 'missing-identity'; readonly message: string }
  | { readonly kind: 'not-an-identity'; readonly code: string; readonly message: string }
  | { readonly kind: 'identity-in-deck'; readonly code: string; readonly message: string }
  | { readonly kind: 'wrong-side'; readonly code: string; readonly message: string }
  | {
      readonly kind: 'too-few-cards';
      readonly size: number;
      readonly minimum: number;
      readonly message: string;
    }
  | {
      readonly kind: 'over-deck-limit';
      readonly title: string;
      readonly count: number;
      readonly limit: number;
      readonly message: string;
    }
  | {
      readonly kind: 'over-influence';
      readonly used: number;
      readonly limit: number;
      readonly message: string;
    }
  | { readonly kind: 'out-of-faction-agenda'; readonly code: string; readonly message: string }
  | {
      readonly kind: 'agenda-points';
      readonly points: number;
      readonly min: number;
      readonly max: number;
      readonly message: string;
    }
  | { readonly kind: 'not-in-system-gateway'; readonly code: string; readonly message: string }
  | {
      readonly kind: 'over-set-quantity';
      readonly code: string;
      readonly count: number;
      readonly setQuantity: number;
      readonly message: string;
    };

export type DeckErrorKind = DeckError['kind'];

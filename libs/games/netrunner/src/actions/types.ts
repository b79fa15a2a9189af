import type { PassAction } from '@veil/engine';
import type { ServerId } from '../state/types.js';

/**
 * A seat's action, as plain JSON. Cards are named by the acting seat's own handle (`card`),
 * with the printed code the actor can see (`code`) so that keys need no state (docs/architecture.md, "The parts").
 */
export type NetrunnerAction =
  | PassAction
  /** Answer the decision on top of the stack. `value` is a literal or the decider's handle. */
  | {
      readonly type: 'choose';
      readonly decision: number;
      /** The decision kind (`card` decisions: `<code>:<choice>`), public. */
      readonly kind: string;
      readonly value: string;
      /** The decider's key of the option, and whether the other seat learns which it was. */
      readonly key: string;
      readonly public: boolean;
      /** The other seat's key, when the card names it (see `ChoiceOption.observed`). */
      readonly observed?: string;
    }
  | { readonly type: 'click-credit' }
  | { readonly type: 'click-draw' }
  | {
      readonly type: 'install';
      readonly card: string;
      readonly code: string;
      /** Corp: destination server (`new` for a new remote). */
      readonly server?: ServerId | 'new';
      /** Runner: the handle of the ice to host on (Botulus, Tranquilizer). */
      readonly host?: string;
      /** Runner, hosting: the public position of that ice. */
      readonly hostAt?: string;
    }
  | { readonly type: 'play'; readonly card: string; readonly code: string }
  | {
      readonly type: 'advance';
      readonly card: string;
      readonly code: string;
      /** Public position of the card: `<server>:<ice|root>:<index>`. */
      readonly at: string;
    }
  | { readonly type: 'purge' }
  | { readonly type: 'trash-resource'; readonly card: string; readonly code: string }
  | { readonly type: 'remove-tag' }
  | { readonly type: 'run'; readonly server: ServerId }
  /** A click ability or a paid ability of a card. */
  | {
      readonly type: 'use';
      readonly card: string;
      readonly code: string;
      readonly ability: string;
      readonly subs?: readonly number[];
    }
  | { readonly type: 'rez'; readonly card: string; readonly code: string }
  | { readonly type: 'score'; readonly card: string; readonly code: string };

/** The basic click actions (a `use` of an ability is one too when its timing is `click`). */
export const CLICK_ACTION_TYPES = [
  'click-credit',
  'click-draw',
  'install',
  'play',
  'advance',
  'purge',
  'trash-resource',
  'remove-tag',
  'run',
] as const;

export type ClickActionType = (typeof CLICK_ACTION_TYPES)[number];

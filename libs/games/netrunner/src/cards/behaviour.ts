import type { GameEvent } from '../state/tasks-types.js';
import type { Game, Json, NetrunnerDecision, Side } from '../state/types.js';

/** The card behaviour decision record (`kind: 'card'`). */
export type CardDecision = Extract<NetrunnerDecision, { kind: 'card' }>;

/** One answer to a decision. `card` options are shown to the decider by its handle. */
export interface ChoiceOption {
  /** For non-card options: the literal value the action carries. */
  readonly value: string;
  /** A card option: the uid (shown as the decider's handle). */
  readonly card?: string;
  /** The decider's own tree key for the option (docs/architecture.md, "The parts"). */
  readonly key: string;
  /** Whether the other seat learns which option was taken (else it learns only the kind). */
  readonly public: boolean;
  /**
   * The other seat's key of this option (docs/architecture.md, "The parts"), when the card names it: only what the
   * redacted log tells that seat (`hansei_trash`, `archives_recur:archives_fd`). Default: the
   * full key if public, else `choose:<kind>`.
   */
  readonly observed?: string;
}

/** A named decision a card can push: who answers, the options, and what resumes. */
export interface ChoiceDef {
  /** Public prompt, identical for every viewer. */
  readonly prompt: string;
  options(g: Game, d: CardDecision): ChoiceOption[];
  resolve(g: Game, d: CardDecision, option: ChoiceOption): void;
}

export interface SubroutineDef {
  readonly label: string;
  resolve(g: Game, ice: string): void;
}

/** When an ability may be used. */
export type AbilityTiming =
  /** An action: spends clicks, taken in the action phase. */
  | 'click'
  /** A paid ability usable in any paid ability window in which its controller has priority. */
  | 'paid'
  /** A paid ability that only makes sense while the Runner encounters ice (interface, pumps). */
  | 'encounter';

/** A target of an ability: a set of subroutine indices to break, or nothing. */
export type AbilityTarget = { readonly subs: readonly number[] } | null;

export interface AbilityDef {
  /** Stable id within the card, used in actions and once-per-turn memory. */
  readonly id: string;
  readonly label: string;
  readonly timing: AbilityTiming;
  /** Clicks the ability costs (click abilities; default 1 for `click`). */
  readonly clicks?: number;
  /** Who may use it, when not the card's controller (Ansel 1.0: only the Runner). */
  readonly user?: Side;
  /** Its resolve writes the line of the use itself (what it broke or took, and the cost). */
  readonly ownLine?: boolean;
  /**
   * The credits one use costs now, for the seat's view (view/action-notes.ts); `resolve` pays
   * the same. Absent: the ability costs no credits, or its label says what it costs.
   */
  credits?(g: Game, source: string): number;
  /** An icebreaker's break: the ice subtype it breaks (null: any) and subroutines per use. */
  readonly breaks?: { readonly subtype: string | null; readonly upTo: number };
  /** A strength pump: the strength one use adds (for the view's break planning). */
  pumps?(g: Game, source: string): number;
  /** Whether the other seat learns the target (break targets are public). */
  targets?(g: Game, source: string): AbilityTarget[];
  usable(g: Game, source: string, target: AbilityTarget): boolean;
  resolve(g: Game, source: string, target: AbilityTarget): void;
}

/** Where a card's abilities are active. */
export type ActiveWhere = 'installed' | 'scored' | 'identity' | 'accessed';

export interface TriggerDef {
  readonly on: GameEvent['e'];
  /**
   * Its resolution only asks its controller a question (a decision). Such abilities that
   * trigger together are all put on the decision stack at once, and resolve last-in first-out.
   */
  readonly stacks?: boolean;
  /** Where the source must be for the ability to be active (default `installed`). */
  readonly where?: ActiveWhere;
  when?(g: Game, source: string, event: GameEvent): boolean;
  resolve(g: Game, source: string, event: GameEvent): void;
}

export interface StaticDef {
  /** Memory units added while installed. */
  readonly memory?: number;
  /** Maximum hand size added for the controller while active. */
  handSize?(g: Game, source: string): number;
  /** Strength modifier of this ice or icebreaker (while installed). */
  strength?(g: Game, source: string): number;
  /** This card may be advanced (besides agendas). */
  readonly advanceable?: boolean;
  /** Install-cost change for `installing` (a card code) while this card is active; negative lowers. */
  installCost?(g: Game, source: string, installing: string): number;
  /** Install-cost change of this very card when installed from the grip. */
  selfInstallCost?(g: Game): number;
  /** Extra cards drawn by a basic draw action (read before that action is remembered). */
  basicDrawBonus?(g: Game, source: string): number;
  /** Play-restriction of an operation or event. */
  canPlay?(g: Game): boolean;
  /** Install only on a piece of ice (Botulus, Tranquilizer). */
  readonly hostOnIce?: boolean;
  /** Additional cards to access when breaching `server`; `first`: first breach of it this turn. */
  extraAccess?(g: Game, source: string, server: string, first: boolean): number;
  /** Persistent: if the Runner trashes it while accessing it, active until the run ends. */
  readonly persistent?: boolean;
  /** The Runner must reveal this card when accessing it from these zones (Byte! in R&D). */
  readonly revealWhenAccessedFrom?: readonly string[];
}

/** A mid-access ability of an installed Runner card (Carnivore). */
export interface AccessAbilityDef {
  readonly id: string;
  readonly label: string;
  usable(g: Game, source: string, accessed: string): boolean;
  resolve(g: Game, source: string, accessed: string): void;
}

/** Everything a card does, keyed by its code in the registry. */
export interface CardBehaviour {
  readonly code: string;
  /** Operations and events: the effect of playing it. */
  play?(g: Game, source: string): void;
  readonly subroutines?: readonly SubroutineDef[];
  readonly abilities?: readonly AbilityDef[];
  readonly triggers?: readonly TriggerDef[];
  readonly statics?: StaticDef;
  /** Named decisions this card pushes. */
  readonly choices?: Readonly<Record<string, ChoiceDef>>;
  /** Named continuation steps this card queues (task `step`). */
  readonly steps?: Readonly<Record<string, (g: Game, source: string | null, data: Json) => void>>;
  readonly accessAbilities?: readonly AccessAbilityDef[];
  /** When the Runner accesses it (Urtica Cipher, Byte!): active even if unrezzed. */
  onAccess?(g: Game, source: string, from: string): void;
  /**
   * For a card whose `onAccess` asks its controller a question where an observer may not see
   * the accessed card (Byte! in HQ or a remote, for a spectator): called when the Runner
   * accesses any OTHER card, while this card is in the Corp's (public) deck list, so that it can
   * ask the same-looking question there too. The question's existence then says nothing about
   * which card was accessed (cards/access-masks.ts, docs: "Byte!").
   */
  maskAccess?(g: Game, accessed: string, from: string): void;
  /** Who controls the card's decisions when not its owner (rare); default owner. */
  readonly controller?: Side;
}

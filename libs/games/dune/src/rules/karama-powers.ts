import { nextPauseId, openWindow, type PublicCause, type ReactionWindow } from '@veil/engine';
import type { DuneDecision, DuneState, Faction } from '../state/types.js';
import { discardBatch, log } from './common.js';

/**
 * Faction powers a Karama may stop (the card: "stop one use of a faction power"). Each use is
 * asked about in one neutral window kind, `karama_power`, parameterized by the power: it opens
 * from the power's public use for every seat but the power's owner, in storm order, whether or
 * not anyone holds a Karama, and closes by passes, standing policies, or a Karama.
 */
export type KaramaPower =
  /** The Atreides' look at the card up for auction (prevented before they see it). */
  | 'card_peek'
  /** The spice paid for a card going to the Emperor (cancelled: it goes to the bank). */
  | 'emperor_payment'
  /** The Harkonnen's free extra card after a purchase. */
  | 'top_card'
  /** The BG's free force to the Polar Sink after another faction's shipment. */
  | 'spiritual_advisor'
  /** The spice paid for a shipment going to the Guild (cancelled: it goes to the bank). */
  | 'guild_payment'
  /** The Guild's own half-price shipment (cancelled: the Guild ships again at full price). */
  | 'half_price'
  /** The Guild's territory-to-territory shipment (cancelled: the Guild ships again without it). */
  | 'cross_ship'
  /** The Guild's shipment back to reserves (cancelled: the Guild ships again without it). */
  | 'ship_back'
  /**
   * A Fremen move beyond one territory, a Hajr move too (cancelled: the Fremen move again,
   * range 1; a stopped Hajr move leaves the Hajr in hand).
   */
  | 'desert_movement'
  /** Fremen forces sparing a Shai-Hulud (cancelled: they are devoured too). */
  | 'worm_immunity'
  // Alliance powers, used by or for the ally; their owner is the faction granting them.
  /** The Fremen sparing their ally's forces from a Shai-Hulud (cancelled: devoured). */
  | 'ally_worm_immunity'
  /** The Fremen raising the ally's free revival to 3 (cancelled: the ally revives again without). */
  | 'ally_free_revival'
  /** The Emperor paying for the ally's extra revivals (cancelled: none, nothing paid). */
  | 'ally_revival'
  /** The Guild's ally shipping at half price (cancelled: the ally ships again at full price). */
  | 'ally_half_price'
  /** The Guild's ally cross-shipping (cancelled: the ally ships again without it). */
  | 'ally_cross_ship';

/**
 * What a stopped power bars for the rest of the seat's turn: the power itself, or — a stopped
 * Hajr move — the desert range of Hajr moves only (the seat's own move is another use).
 */
export type Barred = KaramaPower | 'hajr_desert_movement';

export const POWER_OWNER: Readonly<Record<KaramaPower, Faction>> = {
  card_peek: 'atreides',
  emperor_payment: 'emperor',
  top_card: 'harkonnen',
  spiritual_advisor: 'bene_gesserit',
  guild_payment: 'spacing_guild',
  half_price: 'spacing_guild',
  cross_ship: 'spacing_guild',
  ship_back: 'spacing_guild',
  desert_movement: 'fremen',
  worm_immunity: 'fremen',
  ally_worm_immunity: 'fremen',
  ally_free_revival: 'fremen',
  ally_revival: 'emperor',
  ally_half_price: 'spacing_guild',
  ally_cross_ship: 'spacing_guild',
};

/**
 * How the power's use goes on once the window closes, from the window's cause alone (plain
 * data): `stopped` when a Karama stopped it. One named function per power (rules/karama-resume.ts).
 */
export type PowerResume = (state: DuneState, cause: PublicCause, stopped: boolean) => DuneState;

/**
 * A power is about to be used: opens the `karama_power` window with the use's public facts as
 * its cause. If the standing policies close it at once, `resume` runs now (the power applies);
 * otherwise the window waits, and when it closes `resumePower` (rules/karama-resume.ts) calls
 * the same function for the power with the window's cause — no closure is ever stored.
 */
export function askKarama(
  state: DuneState,
  power: KaramaPower,
  cause: PublicCause,
  resume: PowerResume,
): DuneState {
  const participants = state.stormOrder.filter((f) => f !== POWER_OWNER[power]);
  const [id, pauses] = nextPauseId(state.pauses);
  const window = openWindow(
    { id, kind: 'karama_power', cause: { ...cause, power }, participants },
    state.pauses.policies,
  );
  if (window.status !== 'open') return resume({ ...state, pauses }, window.cause, false);
  return { ...state, pauses: { ...pauses, windows: [...pauses.windows, window] } };
}

/** The innermost window, if it is a `karama_power` one. */
export function powerWindow(state: DuneState): ReactionWindow<Faction> | null {
  const w = state.pauses.windows.at(-1);
  return w && w.kind === 'karama_power' ? w : null;
}

/** A Karama stops the power asked about: logged, discarded at the boundary, resumed after it. */
export function karamaAgainstPower(
  state: DuneState,
  seat: Faction,
  handle: string,
  phase: string,
): DuneState {
  const w = powerWindow(state);
  if (!w) throw new Error('no karama window');
  const s = log(state, 'karama', { faction: seat, cancels: String(w.cause.power) });
  return discardBatch(s, 'karama', phase, [{ faction: seat, handle }], (batch) => ({
    kind: 'karama_power',
    batch,
  }));
}

/** Closes the window (answered or not) and returns it with the state without it. */
export function dropPowerWindow(state: DuneState): [ReactionWindow<Faction>, DuneState] {
  const w = powerWindow(state);
  if (!w) throw new Error('no karama window');
  const windows = state.pauses.windows.slice(0, -1);
  return [w, { ...state, pauses: { ...state.pauses, windows } }];
}

/** A Karama stopped a power the seat then uses again without it, this Shipment and Movement turn. */
export function bar(state: DuneState, power: Barred): DuneState {
  const c = state.cursor;
  if (!c) return state;
  return { ...state, cursor: { ...c, barred: [...(c.barred ?? []), power] } };
}

export function barred(state: DuneState, power: Barred): boolean {
  return state.cursor?.barred?.includes(power) ?? false;
}

/**
 * The spice `seat` must pay once the open `karama_power` windows close (the price or cost is
 * in each cause, public) — or, the Fremen asked to raise its free revival, once they raise it:
 * a determinized world gives the payer at least this much.
 */
export function pendingPayment(
  windows: readonly ReactionWindow<Faction>[],
  seat: Faction,
  decision: DuneDecision | null = null,
): number {
  let total = decision?.kind === 'ally_free_revival' && decision.ally === seat ? decision.cost : 0;
  for (const w of windows) {
    if (w.kind !== 'karama_power' || w.status !== 'open' || payerOf(w.cause) !== seat) continue;
    total += Number(w.cause.cost ?? w.cause.price ?? 0);
  }
  return total;
}

function payerOf(cause: PublicCause): Faction | null {
  switch (cause.power) {
    case 'emperor_payment':
      return cause.buyer as Faction;
    case 'guild_payment':
    case 'ally_half_price':
    case 'ally_cross_ship':
      return cause.shipper as Faction;
    case 'ally_free_revival':
      return cause.faction as Faction;
    case 'ally_revival':
      return 'emperor';
    case 'half_price':
    case 'cross_ship':
    case 'ship_back':
      return 'spacing_guild';
    default:
      return null;
  }
}

import type { DuneState } from '../state/types.js';
import { resumeEmperorPayment, resumePeek, resumeTopCard } from './bidding.js';
import { resumeWormImmunity } from './blow.js';
import { dropPowerWindow, type KaramaPower, type PowerResume } from './karama-powers.js';
import {
  resumeCrossShip,
  resumeDesertMovement,
  resumeGuildPayment,
  resumeHalfPrice,
  resumeShipBack,
  resumeSpiritualAdvisor,
} from './movement.js';

/** Each power's use, resumed from its window's cause (the same function `askKarama` was given). */
const RESUME: Readonly<Record<KaramaPower, PowerResume>> = {
  card_peek: resumePeek,
  emperor_payment: resumeEmperorPayment,
  top_card: resumeTopCard,
  spiritual_advisor: resumeSpiritualAdvisor,
  guild_payment: resumeGuildPayment,
  half_price: resumeHalfPrice,
  cross_ship: resumeCrossShip,
  ship_back: resumeShipBack,
  desert_movement: resumeDesertMovement,
  worm_immunity: resumeWormImmunity,
};

/** The `karama_power` window closed (all passed, or a Karama was played): the use goes on. */
export function resumePower(state: DuneState, stopped: boolean): DuneState {
  const [window, s] = dropPowerWindow(state);
  return RESUME[window.cause.power as KaramaPower](s, window.cause, stopped);
}

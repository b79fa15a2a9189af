import type { DuneState } from '../state/types.js';
import { resumeEmperorPayment, resumePeek, resumeTopCard } from './bidding.js';
import { resumeAllyWormImmunity, resumeWormImmunity } from './blow.js';
import { dropPowerWindow, type KaramaPower, type PowerResume } from './karama-powers.js';
import {
  resumeAllyCrossShip,
  resumeAllyHalfPrice,
  resumeCrossShip,
  resumeDesertMovement,
  resumeGuildPayment,
  resumeHalfPrice,
  resumeShipBack,
  resumeSpiritualAdvisor,
} from './movement.js';
import { resumeAllyFreeRevival, resumeAllyRevival } from './revival.js';

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
  ally_worm_immunity: resumeAllyWormImmunity,
  ally_free_revival: resumeAllyFreeRevival,
  ally_revival: resumeAllyRevival,
  ally_half_price: resumeAllyHalfPrice,
  ally_cross_ship: resumeAllyCrossShip,
};

/** The `karama_power` window closed (all passed, or a Karama was played): the use goes on. */
export function resumePower(state: DuneState, stopped: boolean): DuneState {
  const [window, s] = dropPowerWindow(state);
  return RESUME[window.cause.power as KaramaPower](s, window.cause, stopped);
}

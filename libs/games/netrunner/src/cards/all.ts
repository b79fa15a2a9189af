import type { CardBehaviour } from './behaviour.js';
import { buzzsaw } from './anarch/30005-buzzsaw.js';
import { cleaver } from './anarch/30006-cleaver.js';
import { carmen } from './criminal/30015-carmen.js';
import { marjanah } from './criminal/30016-marjanah.js';
import { ping } from './nbn/30055-ping.js';
import { pharos } from './weyland/30063-pharos.js';
import { governmentSubsidy } from './neutral-corp/30064-government-subsidy.js';
import { palisade } from './neutral-corp/30072-palisade.js';
import { tithe } from './neutral-corp/30073-tithe.js';
import { whitespace } from './neutral-corp/30074-whitespace.js';
import { hedgeFund } from './neutral-corp/30075-hedge-fund.js';
import { sureGamble } from './neutral-runner/30030-sure-gamble.js';
import { mayfly } from './neutral-runner/30032-mayfly.js';
import { echelon } from './shaper/30025-echelon.js';
import { unity } from './shaper/30026-unity.js';

/** Every implemented card behaviour, one file per card under its faction folder. */
export const ALL_BEHAVIOURS: readonly CardBehaviour[] = [
  buzzsaw,
  cleaver,
  carmen,
  marjanah,
  echelon,
  unity,
  sureGamble,
  mayfly,
  ping,
  pharos,
  governmentSubsidy,
  palisade,
  tithe,
  whitespace,
  hedgeFund,
];

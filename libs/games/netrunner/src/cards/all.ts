import type { CardBehaviour } from './behaviour.js';
import { loup } from './anarch/30001-rene-loup-arcemont-party-animal.js';
import { wildcatStrike } from './anarch/30002-wildcat-strike.js';
import { carnivore } from './anarch/30003-carnivore.js';
import { botulus } from './anarch/30004-botulus.js';
import { buzzsaw } from './anarch/30005-buzzsaw.js';
import { cleaver } from './anarch/30006-cleaver.js';
import { fermenter } from './anarch/30007-fermenter.js';
import { leech } from './anarch/30008-leech.js';
import { cookbook } from './anarch/30009-cookbook.js';
import { zahya } from './criminal/30010-zahya-sadeghi-versatile-smuggler.js';
import { mutualFavor } from './criminal/30011-mutual-favor.js';
import { treadLightly } from './criminal/30012-tread-lightly.js';
import { docklandsPass } from './criminal/30013-docklands-pass.js';
import { pennyshaver } from './criminal/30014-pennyshaver.js';
import { carmen } from './criminal/30015-carmen.js';
import { marjanah } from './criminal/30016-marjanah.js';
import { tranquilizer } from './criminal/30017-tranquilizer.js';
import { redTeam } from './criminal/30018-red-team.js';
import { taoSalonga } from './shaper/30019-tao-salonga-telepresence-magician.js';
import { creativeCommission } from './shaper/30020-creative-commission.js';
import { vrcation } from './shaper/30021-vrcation.js';
import { dzmzOptimizer } from './shaper/30022-dzmz-optimizer.js';
import { pantograph } from './shaper/30023-pantograph.js';
import { conduit } from './shaper/30024-conduit.js';
import { echelon } from './shaper/30025-echelon.js';
import { unity } from './shaper/30026-unity.js';
import { teleworkContract } from './shaper/30027-telework-contract.js';
import { jailbreak } from './neutral-runner/30028-jailbreak.js';
import { overclock } from './neutral-runner/30029-overclock.js';
import { sureGamble } from './neutral-runner/30030-sure-gamble.js';
import { t400MemoryDiamond } from './neutral-runner/30031-t400-memory-diamond.js';
import { mayfly } from './neutral-runner/30032-mayfly.js';
import { smartwareDistributor } from './neutral-runner/30033-smartware-distributor.js';
import { verbalPlasticity } from './neutral-runner/30034-verbal-plasticity.js';
import { haasBioroidPrecisionDesign } from './haas-bioroid/30035-haas-bioroid-precision-design.js';
import { luminalTransubstantiation } from './haas-bioroid/30036-luminal-transubstantiation.js';
import { nicoCampaign } from './haas-bioroid/30037-nico-campaign.js';
import { ansel } from './haas-bioroid/30038-ansel-1-0.js';
import { bran } from './haas-bioroid/30039-bran-1-0.js';
import { seamlessLaunch } from './haas-bioroid/30040-seamless-launch.js';
import { sprint } from './haas-bioroid/30041-sprint.js';
import { manegarmSkunkworks } from './haas-bioroid/30042-manegarm-skunkworks.js';
import { jintekiRestoringHumanity } from './jinteki/30043-jinteki-restoring-humanity.js';
import { longevitySerum } from './jinteki/30044-longevity-serum.js';
import { urticaCipher } from './jinteki/30045-urtica-cipher.js';
import { diviner } from './jinteki/30046-diviner.js';
import { karuna } from './jinteki/30047-karuna.js';
import { hanseiReview } from './jinteki/30048-hansei-review.js';
import { neurospike } from './jinteki/30049-neurospike.js';
import { anoeticVoid } from './jinteki/30050-anoetic-void.js';
import { nbnRealityPlus } from './nbn/30051-nbn-reality-plus.js';
import { tomorrowsHeadline } from './nbn/30052-tomorrows-headline.js';
import { spinDoctor } from './nbn/30053-spin-doctor.js';
import { funhouse } from './nbn/30054-funhouse.js';
import { ping } from './nbn/30055-ping.js';
import { predictivePlanogram } from './nbn/30056-predictive-planogram.js';
import { publicTrail } from './nbn/30057-public-trail.js';
import { amazeAmusements } from './nbn/30058-amaze-amusements.js';
import { weylandBuiltToLast } from './weyland/30059-weyland-consortium-built-to-last.js';
import { aboveTheLaw } from './weyland/30060-above-the-law.js';
import { clearinghouse } from './weyland/30061-clearinghouse.js';
import { ballista } from './weyland/30062-ballista.js';
import { pharos } from './weyland/30063-pharos.js';
import { governmentSubsidy } from './neutral-corp/30064-government-subsidy.js';
import { retribution } from './weyland/30065-retribution.js';
import { malapertDataVault } from './weyland/30066-malapert-data-vault.js';
import { offworldOffice } from './neutral-corp/30067-offworld-office.js';
import { orbitalSuperiority } from './neutral-corp/30068-orbital-superiority.js';
import { sendAMessage } from './neutral-corp/30069-send-a-message.js';
import { superconductingHub } from './neutral-corp/30070-superconducting-hub.js';
import { regolithMiningLicense } from './neutral-corp/30071-regolith-mining-license.js';
import { palisade } from './neutral-corp/30072-palisade.js';
import { tithe } from './neutral-corp/30073-tithe.js';
import { whitespace } from './neutral-corp/30074-whitespace.js';
import { hedgeFund } from './neutral-corp/30075-hedge-fund.js';
import { theCatalyst } from './neutral-runner/30076-the-catalyst-convention-breaker.js';
import { theSyndicate } from './neutral-corp/30077-the-syndicate-profit-over-principle.js';
import { sericultureExpansion } from './jinteki/35049-sericulture-expansion.js';
import { byte } from './jinteki/35050-byte.js';

/** Every implemented card behaviour, one file per card under its faction folder. */
export const ALL_BEHAVIOURS: readonly CardBehaviour[] = [
  loup,
  wildcatStrike,
  carnivore,
  botulus,
  buzzsaw,
  cleaver,
  fermenter,
  leech,
  cookbook,
  zahya,
  mutualFavor,
  treadLightly,
  docklandsPass,
  pennyshaver,
  carmen,
  marjanah,
  tranquilizer,
  redTeam,
  taoSalonga,
  creativeCommission,
  vrcation,
  dzmzOptimizer,
  pantograph,
  conduit,
  echelon,
  unity,
  teleworkContract,
  jailbreak,
  overclock,
  sureGamble,
  t400MemoryDiamond,
  mayfly,
  smartwareDistributor,
  verbalPlasticity,
  haasBioroidPrecisionDesign,
  luminalTransubstantiation,
  nicoCampaign,
  ansel,
  bran,
  seamlessLaunch,
  sprint,
  manegarmSkunkworks,
  jintekiRestoringHumanity,
  longevitySerum,
  urticaCipher,
  diviner,
  karuna,
  hanseiReview,
  neurospike,
  anoeticVoid,
  nbnRealityPlus,
  tomorrowsHeadline,
  spinDoctor,
  funhouse,
  ping,
  predictivePlanogram,
  publicTrail,
  amazeAmusements,
  weylandBuiltToLast,
  aboveTheLaw,
  clearinghouse,
  ballista,
  pharos,
  governmentSubsidy,
  retribution,
  malapertDataVault,
  offworldOffice,
  orbitalSuperiority,
  sendAMessage,
  superconductingHub,
  regolithMiningLicense,
  palisade,
  tithe,
  whitespace,
  hedgeFund,
  theCatalyst,
  theSyndicate,
  sericultureExpansion,
  byte,
];

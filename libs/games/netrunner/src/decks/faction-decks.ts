import { deckFromTitles } from './deck-from-titles.js';

/*
 * One starter deck for each System Gateway faction identity: four Corp, three Runner (System
 * Gateway has three Runner factions; the fourth Runner identity, The Catalyst, has its tutorial
 * decks instead). OUR OWN LISTS, not official ones: we know of no published official list for
 * these that we could verify. Each is built from the identity's faction cards plus neutral
 * cards of its side, spends no influence, has 40 cards and at most the copies one System Gateway
 * box holds. Sericulture Expansion and Byte! (Elevation) are in none of them. Each Corp deck
 * holds 18 agenda points: its faction's own agenda (limit 1 per deck) and neutral ones.
 */

/** Our own list. Bioroid ice taxes the Runner's clicks; Seamless Launch and Sprint speed scoring. */
export const HAAS_BIOROID_STARTER = deckFromTitles(
  'sg-haas-bioroid',
  'Haas-Bioroid: Precision Design (starter)',
  'Haas-Bioroid: Precision Design',
  {
    'Luminal Transubstantiation': 1,
    'Offworld Office': 3,
    'Send a Message': 3,
    'Superconducting Hub': 1,
    'Nico Campaign': 3,
    'Regolith Mining License': 3,
    'Hedge Fund': 3,
    'Seamless Launch': 3,
    Sprint: 3,
    'Manegarm Skunkworks': 2,
    'Ansel 1.0': 3,
    'Brân 1.0': 3,
    Palisade: 3,
    Whitespace: 3,
    Tithe: 3,
  },
);

/** Our own list. Net damage from ice and traps; Hansei Review fills Archives facedown. */
export const JINTEKI_STARTER = deckFromTitles(
  'sg-jinteki',
  'Jinteki: Restoring Humanity (starter)',
  'Jinteki: Restoring Humanity',
  {
    'Longevity Serum': 1,
    'Send a Message': 3,
    'Offworld Office': 2,
    'Superconducting Hub': 3,
    'Urtica Cipher': 3,
    'Regolith Mining License': 3,
    'Hedge Fund': 3,
    'Hansei Review': 3,
    Neurospike: 2,
    'Anoetic Void': 2,
    Diviner: 3,
    Karunā: 3,
    Palisade: 3,
    Whitespace: 3,
    Tithe: 3,
  },
);

/** Our own list. Tags from ice and operations, then Orbital Superiority and AMAZE punish them. */
export const NBN_STARTER = deckFromTitles(
  'sg-nbn',
  'NBN: Reality Plus (starter)',
  'NBN: Reality Plus',
  {
    'Tomorrowʼs Headline': 1,
    'Orbital Superiority': 3,
    'Send a Message': 2,
    'Offworld Office': 2,
    'Spin Doctor': 3,
    'Regolith Mining License': 3,
    'Hedge Fund': 3,
    'Predictive Planogram': 3,
    'Public Trail': 3,
    'AMAZE Amusements': 2,
    Funhouse: 3,
    Ping: 3,
    Palisade: 3,
    Whitespace: 3,
    Tithe: 3,
  },
);

/** Our own list. Advanceable Pharos and Clearinghouse feed the identity's credits. */
export const WEYLAND_STARTER = deckFromTitles(
  'sg-weyland',
  'Weyland Consortium: Built to Last (starter)',
  'Weyland Consortium: Built to Last',
  {
    'Above the Law': 1,
    'Offworld Office': 3,
    'Send a Message': 2,
    'Orbital Superiority': 2,
    Clearinghouse: 3,
    'Regolith Mining License': 3,
    'Hedge Fund': 3,
    'Government Subsidy': 3,
    Retribution: 3,
    'Malapert Data Vault': 2,
    Ballista: 3,
    Pharos: 3,
    Palisade: 3,
    Whitespace: 3,
    Tithe: 3,
  },
);

/** Our own list. Viruses and trashing on access; Mayfly covers the missing killer. */
export const ANARCH_STARTER = deckFromTitles(
  'sg-anarch',
  'René “Loup” Arcemont (starter)',
  'René “Loup” Arcemont: Party Animal',
  {
    'Wildcat Strike': 3,
    Carnivore: 2,
    Botulus: 2,
    Buzzsaw: 3,
    Cleaver: 3,
    Fermenter: 3,
    Leech: 3,
    Cookbook: 2,
    Jailbreak: 3,
    Overclock: 3,
    'Sure Gamble': 3,
    'T400 Memory Diamond': 2,
    Mayfly: 3,
    'Smartware Distributor': 3,
    'Verbal Plasticity': 2,
  },
);

/** Our own list. Central-server pressure on HQ and R&D; Mayfly covers the missing decoder. */
export const CRIMINAL_STARTER = deckFromTitles(
  'sg-criminal',
  'Zahya Sadeghi (starter)',
  'Zahya Sadeghi: Versatile Smuggler',
  {
    'Mutual Favor': 3,
    'Tread Lightly': 3,
    'Docklands Pass': 2,
    Pennyshaver: 2,
    Carmen: 3,
    Marjanah: 3,
    Tranquilizer: 2,
    'Red Team': 3,
    Jailbreak: 3,
    Overclock: 3,
    'Sure Gamble': 3,
    'T400 Memory Diamond': 2,
    Mayfly: 3,
    'Smartware Distributor': 3,
    'Verbal Plasticity': 2,
  },
);

/** Our own list. Big draw and economy turns, Conduit on R&D; Mayfly covers the missing fracter. */
export const SHAPER_STARTER = deckFromTitles(
  'sg-shaper',
  'Tāo Salonga (starter)',
  'Tāo Salonga: Telepresence Magician',
  {
    'Creative Commission': 3,
    VRcation: 3,
    'DZMZ Optimizer': 2,
    Pantograph: 2,
    Conduit: 2,
    Echelon: 3,
    Unity: 3,
    'Telework Contract': 3,
    Jailbreak: 3,
    Overclock: 3,
    'Sure Gamble': 3,
    'T400 Memory Diamond': 2,
    Mayfly: 3,
    'Smartware Distributor': 3,
    'Verbal Plasticity': 2,
  },
);

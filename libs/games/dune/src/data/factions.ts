/** The six factions' setup facts and leaders, as our own data (summaries of the fact sheet). */
import type { FactionId } from './types.js';

export interface LeaderFacts {
  /** Stable id, also the id of the leader's traitor card. */
  readonly id: string;
  readonly name: string;
  readonly strength: number;
}

export interface FactionFacts {
  readonly name: string;
  readonly startingSpice: number;
  /** Forces placed at setup (the Fremen's ten are split by their own decision instead). */
  readonly startingForces: ReadonlyArray<{ readonly area: string; readonly count: number }>;
  readonly reserves: number;
  readonly freeRevival: number;
  readonly handLimit: number;
  readonly startingCards: number;
  readonly leaders: readonly LeaderFacts[];
}

export const FACTIONS: Readonly<Record<FactionId, FactionFacts>> = {
  atreides: {
    name: 'Atreides',
    startingSpice: 10,
    startingForces: [{ area: 'arrakeen:9', count: 10 }],
    reserves: 10,
    freeRevival: 2,
    handLimit: 4,
    startingCards: 1,
    leaders: [
      { id: 'atreides.thufir_hawat', name: 'Thufir Hawat', strength: 5 },
      { id: 'atreides.lady_jessica', name: 'Lady Jessica', strength: 5 },
      { id: 'atreides.gurney_halleck', name: 'Gurney Halleck', strength: 4 },
      { id: 'atreides.duncan_idaho', name: 'Duncan Idaho', strength: 2 },
      { id: 'atreides.dr_wellington_yueh', name: 'Dr. Wellington Yueh', strength: 1 },
    ],
  },
  bene_gesserit: {
    name: 'Bene Gesserit',
    startingSpice: 5,
    startingForces: [{ area: 'polar_sink', count: 1 }],
    reserves: 19,
    freeRevival: 1,
    handLimit: 4,
    startingCards: 1,
    leaders: [
      { id: 'bene_gesserit.alia', name: 'Alia', strength: 5 },
      { id: 'bene_gesserit.margot_lady_fenring', name: 'Margot Lady Fenring', strength: 5 },
      { id: 'bene_gesserit.mother_ramallo', name: 'Mother Ramallo', strength: 5 },
      { id: 'bene_gesserit.princess_irulan', name: 'Princess Irulan', strength: 5 },
      { id: 'bene_gesserit.wanna_yueh', name: 'Wanna Yueh', strength: 5 },
    ],
  },
  emperor: {
    name: 'Emperor',
    startingSpice: 10,
    startingForces: [],
    reserves: 20,
    freeRevival: 1,
    handLimit: 4,
    startingCards: 1,
    leaders: [
      { id: 'emperor.hasimir_fenring', name: 'Hasimir Fenring', strength: 6 },
      { id: 'emperor.captain_aramsham', name: 'Captain Aramsham', strength: 5 },
      { id: 'emperor.caid', name: 'Caid', strength: 3 },
      { id: 'emperor.burseg', name: 'Burseg', strength: 3 },
      { id: 'emperor.bashar', name: 'Bashar', strength: 2 },
    ],
  },
  fremen: {
    name: 'Fremen',
    startingSpice: 3,
    startingForces: [],
    reserves: 10,
    freeRevival: 3,
    handLimit: 4,
    startingCards: 1,
    leaders: [
      { id: 'fremen.stilgar', name: 'Stilgar', strength: 7 },
      { id: 'fremen.chani', name: 'Chani', strength: 6 },
      { id: 'fremen.otheym', name: 'Otheym', strength: 5 },
      { id: 'fremen.shadout_mapes', name: 'Shadout Mapes', strength: 3 },
      { id: 'fremen.jamis', name: 'Jamis', strength: 2 },
    ],
  },
  spacing_guild: {
    name: 'Spacing Guild',
    startingSpice: 5,
    startingForces: [{ area: 'tueks_sietch:4', count: 5 }],
    reserves: 15,
    freeRevival: 1,
    handLimit: 4,
    startingCards: 1,
    leaders: [
      { id: 'spacing_guild.staban_tuek', name: 'Staban Tuek', strength: 5 },
      { id: 'spacing_guild.master_bewt', name: 'Master Bewt', strength: 3 },
      { id: 'spacing_guild.esmar_tuek', name: 'Esmar Tuek', strength: 3 },
      { id: 'spacing_guild.soo_soo_sook', name: 'Soo-Soo Sook', strength: 2 },
      { id: 'spacing_guild.guild_rep', name: 'Guild Rep.', strength: 1 },
    ],
  },
  harkonnen: {
    name: 'Harkonnen',
    startingSpice: 10,
    startingForces: [{ area: 'carthag:10', count: 10 }],
    reserves: 10,
    freeRevival: 2,
    handLimit: 8,
    startingCards: 2,
    leaders: [
      { id: 'harkonnen.feyd_rautha', name: 'Feyd-Rautha', strength: 6 },
      { id: 'harkonnen.beast_rabban', name: 'Beast Rabban', strength: 4 },
      { id: 'harkonnen.piter_de_vries', name: 'Piter de Vries', strength: 3 },
      { id: 'harkonnen.captain_iakin_nefud', name: 'Captain Iakin Nefud', strength: 2 },
      { id: 'harkonnen.umman_kudu', name: 'Umman Kudu', strength: 1 },
    ],
  },
};

/** The base Spice deck as our own data: 15 territory cards and 6 Shai-Hulud. */
import type { TerritoryId } from './map.js';

export const SPICE_TERRITORY_CARDS: ReadonlyArray<{
  readonly territory: TerritoryId;
  readonly area: string;
  readonly amount: number;
}> = [
  { territory: 'cielago_south', area: 'cielago_south:1', amount: 12 },
  { territory: 'cielago_north', area: 'cielago_north:2', amount: 8 },
  { territory: 'south_mesa', area: 'south_mesa:4', amount: 10 },
  { territory: 'red_chasm', area: 'red_chasm:6', amount: 8 },
  { territory: 'the_minor_erg', area: 'the_minor_erg:7', amount: 8 },
  { territory: 'sihaya_ridge', area: 'sihaya_ridge:8', amount: 6 },
  { territory: 'old_gap', area: 'old_gap:9', amount: 6 },
  { territory: 'broken_land', area: 'broken_land:11', amount: 8 },
  { territory: 'hagga_basin', area: 'hagga_basin:12', amount: 6 },
  { territory: 'rock_outcroppings', area: 'rock_outcroppings:13', amount: 6 },
  { territory: 'funeral_plain', area: 'funeral_plain:14', amount: 6 },
  { territory: 'the_great_flat', area: 'the_great_flat:14', amount: 10 },
  { territory: 'habbanya_erg', area: 'habbanya_erg:15', amount: 8 },
  { territory: 'wind_pass_north', area: 'wind_pass_north:16', amount: 6 },
  { territory: 'habbanya_ridge_flat', area: 'habbanya_ridge_flat:17', amount: 10 },
];
export const SHAI_HULUD_COPIES = 6;

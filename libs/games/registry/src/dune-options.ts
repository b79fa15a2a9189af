import { FACTION_IDS, type DuneOptions } from '@veil/dune';
import { z } from 'zod';

/**
 * Dune's room options (docs/games/dune.md): strict, so a misspelt option is refused rather than
 * silently played by its default, and bounded. The rules' own checks (2–6 different factions,
 * Semuta's hand guard only with Semuta) come on top, when the game is set up.
 */
export const duneOptionsSchema: z.ZodType<DuneOptions> = z.strictObject({
  factions: z.array(z.enum(FACTION_IDS)).min(2).max(FACTION_IDS.length).optional(),
  turns: z.int().min(1).max(20).optional(),
  spiceCollection: z.enum(['same_sector', 'territory']).optional(),
  twoPlayerStrongholds: z.union([z.literal(3), z.literal(4)]).optional(),
  bgCharity: z.enum(['basic', 'always']).optional(),
  mostStrongholdsTie: z.enum(['storm_order', 'nobody']).optional(),
  predictionOnDefault: z.boolean().optional(),
  harkonnenMulligan: z.boolean().optional(),
  semutaDrug: z.boolean().optional(),
  semutaFullHand: z.enum(['take_then_discard', 'barred']).optional(),
});

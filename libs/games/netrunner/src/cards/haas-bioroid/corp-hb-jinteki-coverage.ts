/**
 * Coverage of the Haas-Bioroid and Jinteki cards (and the Elevation ones, Sericulture
 * Expansion and Byte!, kept in `jinteki/`), merged into `coverage.ts`: `full` only when the
 * whole text and every ruling are implemented and tested (tests beside each card file).
 */
export const HB_JINTEKI_COVERAGE: Readonly<
  Record<string, { status: 'full' | 'partial'; notes: string }>
> = {
  '30035': { status: 'full', notes: '' },
  '30036': { status: 'full', notes: '' },
  '30037': { status: 'full', notes: '' },
  '30038': { status: 'full', notes: '' },
  '30039': { status: 'full', notes: '' },
  '30040': { status: 'full', notes: '' },
  '30041': { status: 'full', notes: '' },
  '30042': { status: 'full', notes: '' },
  '30043': { status: 'full', notes: '' },
  '30044': {
    status: 'full',
    notes:
      'Spoilers ruling tested with Pantograph, a Runner card triggering on the same score: it resolves only after Longevity Serum.',
  },
  '30045': { status: 'full', notes: '' },
  '30046': {
    status: 'full',
    notes: 'No card of the pool costs X; the X ruling is tested on the printed-cost predicate.',
  },
  '30047': {
    status: 'full',
    notes:
      'Mid-breach jack-out ruling tested by arranging the opportunity (no Ganked! in the pool).',
  },
  '30048': { status: 'full', notes: '' },
  '30049': {
    status: 'full',
    notes: 'Forfeit ruling tested by removing the scored agenda by hand (no forfeit in the pool).',
  },
  '30050': { status: 'full', notes: '' },
  '35049': { status: 'full', notes: '' },
  '35050': { status: 'full', notes: '' },
};

/**
 * Coverage of the Runner cards (anarch, criminal, shaper, neutral-runner), merged into
 * `coverage.ts`: `full` only when the whole text and every ruling are implemented and tested
 * (tests beside each card file).
 */
export const RUNNER_COVERAGE: Readonly<
  Record<string, { status: 'full' | 'partial'; notes: string }>
> = {
  '30001': { status: 'full', notes: '' },
  '30002': { status: 'full', notes: '' },
  '30003': { status: 'full', notes: '' },
  '30004': { status: 'full', notes: '' },
  '30007': { status: 'full', notes: '' },
  '30008': { status: 'full', notes: '' },
  '30009': { status: 'full', notes: '' },
  '30010': {
    status: 'full',
    notes:
      'Rulings on repeat and out-of-breach accesses tested by arranging the access count (no such card in the pool).',
  },
  '30011': { status: 'full', notes: '' },
  '30012': {
    status: 'full',
    notes:
      'Ruling (increases before decreases) tested with the pool; no ice in it lowers rez costs.',
  },
  '30013': { status: 'full', notes: '' },
  '30014': { status: 'full', notes: '' },
  '30017': {
    status: 'full',
    notes: 'Hivemind ruling: the shared counter is placed by hand (no Hivemind in the pool).',
  },
  '30018': {
    status: 'full',
    notes:
      'Sneakdoor Beta ruling: tested as "the announced server counts" (no Sneakdoor in the pool).',
  },
  '30019': {
    status: 'full',
    notes:
      'Any two installed pieces of ice; the Awakening Center ruling has no counterpart in this pool.',
  },
  '30020': { status: 'full', notes: '' },
  '30021': { status: 'full', notes: '' },
  '30022': { status: 'full', notes: '' },
  '30023': {
    status: 'full',
    notes:
      'eXer and Mystic Maemi rulings tested with pool analogues (Docklands Pass, a second Pantograph).',
  },
  '30024': {
    status: 'full',
    notes:
      'Cyberdex purge ruling: counters removed by hand mid-breach (the pool purges only by the basic action).',
  },
  '30027': { status: 'full', notes: '' },
  '30028': {
    status: 'full',
    notes:
      'Crisium Grid ruling tested with a run that never becomes successful (Palisade ends it).',
  },
  '30029': { status: 'full', notes: '' },
  '30031': { status: 'full', notes: '' },
  '30033': { status: 'full', notes: '' },
  '30034': { status: 'full', notes: '' },
  '30076': { status: 'full', notes: 'Starter game only: no game text.' },
};

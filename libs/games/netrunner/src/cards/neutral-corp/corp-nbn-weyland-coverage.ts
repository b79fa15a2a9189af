/**
 * Coverage of the NBN, Weyland and neutral Corp cards, merged into `coverage.ts`: `full` only
 * when the whole text and every ruling are implemented and tested (tests beside each card
 * file: one `<code>-<name>.test.ts` per card: its text, its rulings and its key halves).
 */
export const CORP_NBN_WEYLAND_COVERAGE: Readonly<
  Record<string, { status: 'full' | 'partial'; notes: string }>
> = {
  '30051': {
    status: 'full',
    notes:
      'No card of the pool prevents tags: the prevention rulings are tested with tags not taken (a paid-off Public Trail); the Snare! ruling is tested with Byte! (tag mid-access in R&D, drawn by the reward).',
  },
  '30052': { status: 'full', notes: '' },
  '30053': { status: 'full', notes: '' },
  '30054': {
    status: 'full',
    notes:
      'The encounter ability resolves only while that encounter goes on (Inside Job ruling, tested directly: no bypass in the pool); no card of the pool prevents tags (Jesminder ruling).',
  },
  '30056': { status: 'full', notes: '' },
  '30057': { status: 'full', notes: '' },
  '30058': {
    status: 'full',
    notes:
      'Political Operative ruling: trashed by hand outside an access (no such card in the pool).',
  },
  '30059': { status: 'full', notes: '' },
  '30060': { status: 'full', notes: '' },
  '30061': { status: 'full', notes: '' },
  '30062': { status: 'full', notes: '' },
  '30065': { status: 'full', notes: '' },
  '30066': { status: 'full', notes: '' },
  '30067': { status: 'full', notes: '' },
  '30068': { status: 'full', notes: '' },
  '30069': {
    status: 'full',
    notes: 'No ice of the pool has an additional rez cost; the rez is free of every cost.',
  },
  '30070': { status: 'full', notes: '' },
  '30071': { status: 'full', notes: '' },
  '30077': { status: 'full', notes: 'Starter game only: no game text.' },
};

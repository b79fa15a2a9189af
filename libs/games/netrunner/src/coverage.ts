import { CARDS } from './catalog/index.js';
import { behaviourOf } from './cards/registry.js';
import { RUNNER_COVERAGE } from './cards/neutral-runner/runner-coverage.js';
import { HB_JINTEKI_COVERAGE } from './cards/haas-bioroid/corp-hb-jinteki-coverage.js';
import { CORP_NBN_WEYLAND_COVERAGE } from './cards/neutral-corp/corp-nbn-weyland-coverage.js';

export type CoverageStatus = 'full' | 'partial';

export interface CardCoverage {
  readonly code: string;
  readonly title: string;
  readonly status: CoverageStatus;
  readonly notes: string;
}

/**
 * What is implemented of each card, honestly: `full` only when the whole text and its rulings
 * are implemented and tested. A card not listed is `partial`.
 */
const NOTES: Readonly<Record<string, { status: CoverageStatus; notes: string }>> = {
  // Core-tested breakers, ice and economy (the card helpers' lists below take precedence).
  '30005': { status: 'full', notes: '' },
  '30006': { status: 'full', notes: '' },
  '30015': { status: 'full', notes: '' },
  '30016': { status: 'full', notes: '' },
  '30025': { status: 'full', notes: '' },
  '30026': { status: 'full', notes: '' },
  '30030': { status: 'full', notes: '' },
  '30032': { status: 'full', notes: '' },
  '30055': { status: 'full', notes: '' },
  '30063': { status: 'full', notes: '' },
  '30064': { status: 'full', notes: '' },
  '30072': { status: 'full', notes: '' },
  '30073': { status: 'full', notes: '' },
  '30074': { status: 'full', notes: '' },
  '30075': { status: 'full', notes: '' },
  ...RUNNER_COVERAGE,
  ...HB_JINTEKI_COVERAGE,
  ...CORP_NBN_WEYLAND_COVERAGE,
};

/** One entry per card of the pool, in catalog order (`veil cards netrunner --json`). */
export const CARD_COVERAGE: readonly CardCoverage[] = CARDS.map((card) => {
  const note = NOTES[card.code];
  if (note && behaviourOf(card.code)) return { code: card.code, title: card.title, ...note };
  if (note && card.type === 'identity') return { code: card.code, title: card.title, ...note };
  return {
    code: card.code,
    title: card.title,
    status: 'partial',
    notes: behaviourOf(card.code)
      ? 'Behaviour implemented; not yet reviewed as full against every ruling.'
      : 'No behaviour yet: the card can be drawn, installed or played but its text does nothing.',
  };
});

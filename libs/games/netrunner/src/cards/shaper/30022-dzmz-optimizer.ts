import { typeOf } from '../../facts.js';
import type { CardBehaviour } from '../behaviour.js';

/** DZMZ Optimizer — +1[mu]. The first program you install each turn costs 1[credit] less. */
export const dzmzOptimizer: CardBehaviour = {
  code: '30022',
  statics: {
    memory: 1,
    installCost: (g, _source, installing) =>
      typeOf(installing) === 'program' && g.memory.programsInstalled === 0 ? -1 : 0,
  },
};

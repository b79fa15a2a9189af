import { giveTags } from '../../rules/tags.js';
import type { CardBehaviour, TriggerDef } from '../behaviour.js';
import { aboutSelf } from '../helpers.js';

const tag = (on: 'score' | 'steal'): TriggerDef => ({
  on,
  where: 'scored',
  when: aboutSelf,
  resolve: (g) => giveTags(g, 1),
});

/** Tomorrow's Headline — When this agenda is scored or stolen, give the Runner 1 tag. */
export const tomorrowsHeadline: CardBehaviour = {
  code: '30052',
  triggers: [tag('score'), tag('steal')],
};

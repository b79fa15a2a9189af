import { behaviourOf } from '../registry.js';
import { typeOf } from '../../facts.js';
import { canSee } from '../../state/handles.js';
import { runnerInstallCost } from '../../rules/costs.js';
import { canPay } from '../../rules/credits.js';
import { installRunnerCard } from '../../rules/install.js';
import type { Game } from '../../state/types.js';
import type { CardBehaviour, ChoiceOption, TriggerDef } from '../behaviour.js';
import { ask, cardChoice, creditsFrom, no } from '../helpers.js';

const CODE = '30023';

const installedIce = (g: Game): string[] => g.serverOrder.flatMap((id) => g.servers[id]?.ice ?? []);

const hostsOnIce = (g: Game, uid: string): boolean =>
  behaviourOf(g.cards[uid]?.code ?? '')?.statics?.hostOnIce === true;

/** Grip cards the Runner could install now (a program that installs only on ice needs ice). */
const installable = (g: Game) =>
  g.runner.grip.filter((uid) => {
    const code = g.cards[uid]?.code ?? '';
    if (!['program', 'hardware', 'resource'].includes(typeOf(code))) return false;
    if (hostsOnIce(g, uid) && installedIce(g).length === 0) return false;
    return canPay(g, 'runner', runnerInstallCost(g, uid));
  });

/** A piece of ice to host on: keyed by code only if the Runner can see it, else by position. */
function iceOption(g: Game, uid: string): ChoiceOption {
  const c = g.cards[uid];
  if (!c || c.loc.zone !== 'ice' || canSee(c, 'runner')) return cardChoice(g, uid, true);
  const index = g.servers[c.loc.server]?.ice.indexOf(uid) ?? -1;
  return { value: uid, card: uid, key: `ice:${c.loc.server}:${index}`, public: true };
}

const onAgenda = (on: 'score' | 'steal'): TriggerDef => ({
  on,
  resolve: (g, source) => {
    creditsFrom(g, source, 'runner', 1);
    ask(g, 'runner', CODE, 'install', source);
  },
});

/**
 * Pantograph — +1[mu]. Whenever an agenda is scored or stolen, gain 1[credit]. Then, you may
 * install 1 card from your grip (paying its cost; a Trojan is hosted on a piece of ice of the
 * Runner's choice). Limit 1 console per player. Rulings: a card installed this way does not
 * change a breach already begun, nor meet the trigger condition it was installed during.
 */
export const pantograph: CardBehaviour = {
  code: CODE,
  statics: { memory: 1 },
  triggers: [onAgenda('score'), onAgenda('steal')],
  choices: {
    install: {
      prompt: 'The Runner may install 1 card from its grip.',
      options: (g) => [no, ...installable(g).map((uid) => cardChoice(g, uid, true))],
      resolve: (g, d, o) => {
        if (!o.card) return;
        if (hostsOnIce(g, o.card)) return ask(g, 'runner', CODE, 'host', d.source, o.card);
        installRunnerCard(g, o.card);
      },
    },
    host: {
      prompt: 'The Runner chooses the piece of ice to install the program on.',
      options: (g) => installedIce(g).map((uid) => iceOption(g, uid)),
      resolve: (g, d, o) => {
        if (o.card && typeof d.data === 'string') installRunnerCard(g, d.data, { host: o.card });
      },
    },
  },
};

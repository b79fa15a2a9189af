import { typeOf } from '../../facts.js';
import { log, PUBLIC } from '../../state/log.js';
import { canHostInRoot, iceInstallCost, beginCorpInstall } from '../../rules/install.js';
import { canPay } from '../../rules/credits.js';
import { trashCard } from '../../rules/trash.js';
import type { Game, Json, ServerId } from '../../state/types.js';
import type { CardBehaviour } from '../behaviour.js';
import { ask, cardChoice, no, option } from '../helpers.js';
import { clickToBreak } from './bioroid.js';

const CODE = '30038';

const installable = (g: Game) =>
  [...g.corp.hq, ...g.corp.archives].filter((uid) =>
    ['agenda', 'asset', 'upgrade', 'ice'].includes(typeOf(g.cards[uid]?.code ?? '')),
  );

/** Destinations a card may be installed in now (ice: only where its cost can be paid). */
export function installTargets(g: Game, uid: string): (ServerId | 'new')[] {
  const code = g.cards[uid]?.code ?? '';
  const targets = [...g.serverOrder, 'new'] as (ServerId | 'new')[];
  return typeOf(code) === 'ice'
    ? targets.filter((s) => canPay(g, 'corp', iceInstallCost(g, s)))
    : targets.filter((s) => canHostInRoot(code, s));
}

/**
 * Ansel 1.0 — Lose [click]: Break 1 subroutine on this ice (Runner only).
 * [sub] Trash 1 installed Runner card. [sub] You may install 1 card from HQ or Archives
 * (paying its costs; ice goes outermost, per ruling it cannot leapfrog the Runner).
 * [sub] The Runner cannot steal or trash Corp cards for the remainder of this run (ruling:
 * any way of trashing, Carnivore included).
 */
export const ansel: CardBehaviour = {
  code: CODE,
  abilities: [clickToBreak],
  subroutines: [
    {
      label: 'Trash 1 installed Runner card.',
      resolve: (g, ice) => {
        if (g.runner.rig.length > 0) ask(g, 'corp', CODE, 'trash', ice);
      },
    },
    {
      label: 'You may install 1 card from HQ or Archives.',
      // Always asked: whether HQ holds something installable is not public.
      resolve: (g, ice) => ask(g, 'corp', CODE, 'install', ice),
    },
    {
      label: 'The Runner cannot steal or trash Corp cards for the remainder of this run.',
      // The fired line quotes it: a line of its own would say it twice.
      resolve: (g) => {
        if (g.run) g.run.mods.noStealOrTrash = true;
      },
    },
  ],
  choices: {
    trash: {
      prompt: 'The Corp trashes 1 installed Runner card.',
      options: (g) => g.runner.rig.map((uid) => cardChoice(g, uid, true)),
      resolve: (g, _d, o) => {
        if (!o.card) return;
        log(g, 'corp', 'Ansel 1.0 trashes {0}.', [{ uid: o.card, seenBy: PUBLIC }]);
        trashCard(g, o.card, 'corp');
      },
    },
    install: {
      prompt: 'The Corp may install 1 card from HQ or Archives.',
      options: (g) => [
        no,
        ...installable(g)
          .filter((uid) => installTargets(g, uid).length > 0)
          .map((uid) =>
            cardChoice(g, uid, g.cards[uid]?.loc.zone === 'archives' && !!g.cards[uid]?.faceUp),
          ),
      ],
      resolve: (g, d, o) => {
        if (o.card) ask(g, 'corp', CODE, 'where', d.source, o.card);
      },
    },
    where: {
      prompt: 'The Corp chooses where to install the card.',
      options: (g, d) => installTargets(g, asUid(d.data)).map((s) => option(s)),
      resolve: (g, d, o) => beginCorpInstall(g, asUid(d.data), o.value as ServerId | 'new'),
    },
  },
};

function asUid(data: Json): string {
  return typeof data === 'string' ? data : '';
}

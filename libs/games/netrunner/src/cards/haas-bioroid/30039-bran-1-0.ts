import { typeOf } from '../../facts.js';
import { beginCorpInstall } from '../../rules/install.js';
import type { Game } from '../../state/types.js';
import type { CardBehaviour } from '../behaviour.js';
import { ask, cardChoice, endTheRunSub, no } from '../helpers.js';
import { clickToBreak } from './bioroid.js';

const CODE = '30039';

const iceInHand = (g: Game) =>
  [...g.corp.hq, ...g.corp.archives].filter((uid) => typeOf(g.cards[uid]?.code ?? '') === 'ice');

/**
 * Brân 1.0 — Lose [click]: Break 1 subroutine on this ice (Runner only). [sub] You may
 * install 1 piece of ice from HQ or Archives directly inward from this ice, ignoring all
 * costs. [sub] End the run. [sub] End the run. Rulings: the usual install procedure applies
 * (other ice may be trashed); the Runner's position follows Brân, so it will approach the new
 * ice next; the new ice still costs its rez cost.
 */
export const bran: CardBehaviour = {
  code: CODE,
  abilities: [clickToBreak],
  subroutines: [
    {
      label:
        'You may install 1 piece of ice from HQ or Archives directly inward from this ice, ignoring all costs.',
      // Always asked: whether HQ holds ice is not public.
      resolve: (g, ice) => ask(g, 'corp', CODE, 'install', ice),
    },
    endTheRunSub,
    endTheRunSub,
  ],
  choices: {
    install: {
      prompt: 'The Corp may install 1 piece of ice from HQ or Archives inward from Brân 1.0.',
      options: (g) => [
        no,
        ...iceInHand(g).map((uid) =>
          cardChoice(g, uid, g.cards[uid]?.loc.zone === 'archives' && !!g.cards[uid]?.faceUp),
        ),
      ],
      resolve: (g, d, o) => {
        const bran = d.source ? g.cards[d.source] : undefined;
        if (!o.card || !bran || bran.loc.zone !== 'ice') return;
        const server = bran.loc.server;
        const at = g.servers[server]?.ice.indexOf(bran.uid) ?? 0;
        beginCorpInstall(g, o.card, server, { free: true, at });
      },
    },
  },
};

import type { NetrunnerAction } from '../actions/types.js';
import { findAbility } from '../actions/abilities.js';
import { behaviourOf } from '../cards/registry.js';
import { hasSubtype, typeOf } from '../facts.js';
import { isActiveFor } from '../rules/tasks.js';
import { playCost, rezCost, runnerInstallCost } from '../rules/costs.js';
import { iceInstallCost } from '../rules/install.js';
import { breakerStrength } from '../rules/strength.js';
import { cardHandle, handleOf } from '../state/handles.js';
import { cardsForReading } from '../state/draft.js';
import { installedCorpCards } from '../state/zones.js';
import type { Game, Side } from '../state/types.js';

/**
 * What the seat's client shows beside each legal action: its cost now and, for a card ability,
 * its printed words. Read from the same cost functions the rules pay with; nothing here is
 * hidden from the seat (its own legal actions and public costs). docs/games/netrunner.md, "Views".
 */

export interface ActionCost {
  readonly clicks: number;
  readonly credits: number;
}

export interface ActionNote {
  readonly cost: ActionCost;
  /** A card ability's own words (`use`), e.g. `Break up to 2 code gate subroutines`. */
  readonly text?: string;
}

/** A Runner icebreaker able to break the encountered ice: what its abilities do and cost now. */
export interface BreakerView {
  /** The Runner's handle of the breaker. */
  readonly card: string;
  readonly strength: number;
  readonly breaks: { readonly ability: string; readonly upTo: number; readonly credits: number };
  readonly pump: {
    readonly ability: string;
    readonly strength: number;
    readonly credits: number;
  } | null;
}

const CLICK_ONLY: Readonly<Record<string, ActionCost>> = {
  'click-credit': { clicks: 1, credits: 0 },
  'click-draw': { clicks: 1, credits: 0 },
  run: { clicks: 1, credits: 0 },
  purge: { clicks: 3, credits: 0 },
  'remove-tag': { clicks: 1, credits: 2 },
  'trash-resource': { clicks: 1, credits: 2 },
  advance: { clicks: 1, credits: 1 },
};

const FREE: ActionCost = { clicks: 0, credits: 0 };

/** The notes of the seat's legal actions, in their order. */
export function actionNotes(
  g: Game,
  seat: Side,
  actions: readonly NetrunnerAction[],
): ActionNote[] {
  // The cards a legal action can name: the seat's hand and installed cards, the encountered
  // ice; indexed once per view by the seat's handle (not one search per action).
  let uids: Map<string, string> | null = null;
  const uidOf = (handle: string) => {
    if (!uids) {
      const cards = cardsForReading(g);
      const ice = g.run?.encounter?.ice;
      const named =
        seat === 'corp'
          ? [...g.corp.hq, ...installedCorpCards(g)]
          : [...g.runner.grip, ...g.runner.rig, ...(ice ? [ice] : [])];
      uids = new Map();
      for (const uid of named) {
        const c = cards[uid];
        if (c) uids.set(cardHandle(c, seat), uid);
      }
    }
    return uids.get(handle);
  };
  return actions.map((a) => actionNote(g, seat, a, uidOf));
}

function actionNote(
  g: Game,
  seat: Side,
  action: NetrunnerAction,
  uidOf: (handle: string) => string | undefined,
): ActionNote {
  const fixed = CLICK_ONLY[action.type];
  if (fixed) return { cost: fixed };
  const uid = 'card' in action ? uidOf(action.card) : undefined;
  switch (action.type) {
    case 'install': {
      if (!uid) return { cost: { clicks: 1, credits: 0 } };
      const credits =
        seat === 'runner'
          ? runnerInstallCost(g, uid)
          : typeOf(g.cards[uid]?.code ?? '') === 'ice'
            ? iceInstallCost(g, action.server ?? 'new')
            : 0;
      return { cost: { clicks: 1, credits } };
    }
    case 'play':
      return { cost: { clicks: 1, credits: uid ? playCost(g, uid) : 0 } };
    case 'rez':
      return { cost: { clicks: 0, credits: uid ? rezCost(g, uid) : 0 } };
    case 'use': {
      const ability = findAbility(action.code, action.ability);
      if (!ability) return { cost: FREE };
      const clicks = ability.clicks ?? (ability.timing === 'click' ? 1 : 0);
      const credits = uid ? (ability.credits?.(g, uid) ?? 0) : 0;
      return { cost: { clicks, credits }, text: ability.label };
    }
    default:
      // pass, choose, score: nothing to pay (a choice that costs says so in its prompt).
      return { cost: FREE };
  }
}

/**
 * The Runner's installed icebreakers that break the encountered ice's subtype, with their break
 * and pump figures now; empty outside an encounter.
 */
export function breakersView(g: Game): BreakerView[] {
  const ice = g.run?.encounter?.ice;
  const iceCode = ice ? g.cards[ice]?.code : undefined;
  if (!ice || !iceCode) return [];
  const out: BreakerView[] = [];
  for (const uid of g.runner.rig) {
    const c = g.cards[uid];
    if (!c || !isActiveFor(g, c, 'installed')) continue;
    const abilities = behaviourOf(c.code)?.abilities ?? [];
    const breaks = abilities.find(
      (a) => a.breaks && (a.breaks.subtype === null || hasSubtype(iceCode, a.breaks.subtype)),
    );
    if (!breaks?.breaks) continue;
    const pump = abilities.find((a) => a.pumps);
    out.push({
      card: handleOf(g, uid, 'runner'),
      strength: breakerStrength(g, uid),
      breaks: {
        ability: breaks.id,
        upTo: breaks.breaks.upTo,
        credits: breaks.credits?.(g, uid) ?? 0,
      },
      pump: pump
        ? {
            ability: pump.id,
            strength: pump.pumps?.(g, uid) ?? 0,
            credits: pump.credits?.(g, uid) ?? 0,
          }
        : null,
    });
  }
  return out;
}

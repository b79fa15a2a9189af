import {
  decidersOf,
  openWindowOf,
  passAction,
  windowActions,
  windowDecider,
  type ReactionWindow,
} from '@veil/engine';
import { behaviourOf } from '../cards/registry.js';
import { facts, typeOf } from '../facts.js';
import { handleOf } from '../state/handles.js';
import { installedCorpCards } from '../state/zones.js';
import type { Game, NetrunnerDecision, Side } from '../state/types.js';
import type { ChoiceOption } from '../cards/behaviour.js';
import { isAdvanceable } from '../rules/advance.js';
import { runnerInstallCost } from '../rules/costs.js';
import { canPay } from '../rules/credits.js';
import { decisionOptions, pending } from '../rules/decisions.js';
import { canHostInRoot } from '../rules/install.js';
import { canPlayCard } from '../rules/play.js';
import { canRez } from '../rules/rez.js';
import { iceAtPosition } from '../rules/run.js';
import { canScore } from '../rules/score.js';
import { isTagged } from '../rules/tags.js';
import { actionWindowActor, allowsRez, allowsScore } from '../rules/windows.js';
import { usableAbilities, type UsableAbility } from './abilities.js';
import type { NetrunnerAction } from './types.js';

/** Who the game waits on: top decision, else innermost open window, else nobody. */
export function decidersOfGame(g: Game): Side[] {
  if (g.outcome) return [];
  return decidersOf(g.pauses, () => []);
}

export function legalActionsOf(g: Game, seat: Side): NetrunnerAction[] {
  if (!decidersOfGame(g).includes(seat)) return [];
  const d = pending(g);
  if (d) return decisionOptions(g, d).map((o) => chooseAction(g, d, o, seat));
  const w = openWindowOf(g.pauses.windows);
  if (!w) return [];
  const activations = windowActivations(g, seat, w);
  if (actionWindowActor(w.kind) === seat && windowDecider(w) === seat) {
    return g[seat].clicks > 0
      ? [...clickActions(g, seat), ...activations]
      : [passAction(w), ...activations];
  }
  return windowActions(w, seat, activations) as NetrunnerAction[];
}

/**
 * `legalActionsOf` filtered to one action type, without listing what cannot have that type:
 * the decision's options only for `choose`, the seat's activations only for their types, the
 * click actions not for a pass, a choice or an activation other than `use`.
 */
export function legalActionsOfType(g: Game, seat: Side, type: string): NetrunnerAction[] {
  if (!decidersOfGame(g).includes(seat)) return [];
  const d = pending(g);
  if (d) return type === 'choose' ? legalActionsOf(g, seat) : [];
  const w = openWindowOf(g.pauses.windows);
  if (!w) return [];
  const activations = ACTIVATION_TYPES.has(type) ? windowActivations(g, seat, w, type) : [];
  let list: NetrunnerAction[];
  if (actionWindowActor(w.kind) === seat && windowDecider(w) === seat) {
    const clicks = NOT_CLICK_TYPES.has(type) ? [] : clickActions(g, seat, type);
    list = g[seat].clicks > 0 ? [...clicks, ...activations] : [passAction(w), ...activations];
  } else {
    list = windowActions(w, seat, activations) as NetrunnerAction[];
  }
  return list.filter((a) => a.type === type);
}

/**
 * The listings below take an optional `only`: the type of action wanted (`applyAction` checks an
 * action against the list of its type). They then skip what cannot have that type — a scan of
 * the hand for a `run`, the abilities for a `click-credit` — and list the rest in the same
 * order, so the result is the full list filtered to that type.
 */

/** The types `windowActivations` lists. */
const ACTIVATION_TYPES: ReadonlySet<string> = new Set(['rez', 'score', 'use']);
/** Types `clickActions` never lists. */
const NOT_CLICK_TYPES: ReadonlySet<string> = new Set(['pass', 'choose', 'rez', 'score']);

/** The action form of a decision option, naming cards by the decider's handle. */
export function chooseAction(
  g: Game,
  d: NetrunnerDecision,
  o: ChoiceOption,
  seat: Side,
): NetrunnerAction {
  return {
    type: 'choose',
    decision: d.id,
    kind: d.kind === 'card' ? `${d.code}:${d.choice}` : d.kind,
    value: o.card ? handleOf(g, o.card, seat) : o.value,
    key: o.key,
    public: o.public,
    ...(o.observed !== undefined ? { observed: o.observed } : {}),
  };
}

function useAction(g: Game, seat: Side, u: UsableAbility): NetrunnerAction {
  return {
    type: 'use',
    card: handleOf(g, u.source, seat),
    code: u.code,
    ability: u.ability.id,
    ...(u.target ? { subs: [...u.target.subs] } : {}),
  };
}

/**
 * Rez, score and paid abilities the seat may use in this window (its private activations):
 * actions of the `ACTIVATION_TYPES` only.
 */
export function windowActivations(
  g: Game,
  seat: Side,
  w: ReactionWindow<Side>,
  only?: string,
): NetrunnerAction[] {
  const out: NetrunnerAction[] = [];
  if (seat === 'corp') {
    if (only === undefined || only === 'rez') {
      if (allowsRez(w.kind)) {
        for (const uid of installedCorpCards(g)) {
          const type = typeOf(g.cards[uid]?.code ?? '');
          if (type !== 'ice' && canRez(g, uid)) out.push(cardAction(g, 'rez', uid, seat));
        }
      }
      const approached = w.kind === 'run-approach-ice' ? iceAtPosition(g) : null;
      if (approached && canRez(g, approached)) out.push(cardAction(g, 'rez', approached, seat));
    }
    if ((only === undefined || only === 'score') && allowsScore(w.kind) && !g.run) {
      for (const uid of installedCorpCards(g)) {
        if (canScore(g, uid)) out.push(cardAction(g, 'score', uid, seat));
      }
    }
  }
  if (only !== undefined && only !== 'use') return out;
  const timings =
    w.kind === 'run-encounter' ? (['paid', 'encounter'] as const) : (['paid'] as const);
  for (const u of usableAbilities(g, seat, timings)) out.push(useAction(g, seat, u));
  return out;
}

function cardAction(g: Game, type: 'rez' | 'score', uid: string, seat: Side): NetrunnerAction {
  return { type, card: handleOf(g, uid, seat), code: g.cards[uid]?.code ?? '' };
}

/** Basic actions and click abilities of the active player with clicks left. */
export function clickActions(g: Game, seat: Side, only?: string): NetrunnerAction[] {
  const basic = seat === 'corp' ? corpClickActions(g, only) : runnerClickActions(g, only);
  if (only !== undefined && only !== 'use') return basic;
  const abilities = usableAbilities(g, seat, ['click']).map((u) => useAction(g, seat, u));
  return [...basic, ...abilities];
}

function corpClickActions(g: Game, only: string | undefined): NetrunnerAction[] {
  const all = only === undefined;
  const out: NetrunnerAction[] = all || only === 'click-credit' ? [{ type: 'click-credit' }] : [];
  if ((all || only === 'click-draw') && g.corp.rd.length > 0) out.push({ type: 'click-draw' });
  if (all || only === 'play' || only === 'install') corpHandActions(g, only, out);
  if ((all || only === 'advance') && g.corp.credits >= 1) {
    for (const id of g.serverOrder) {
      const s = g.servers[id];
      if (!s) continue;
      for (const [slot, list] of [
        ['ice', s.ice],
        ['root', s.root],
      ] as const) {
        list.forEach((uid, index) => {
          if (!isAdvanceable(g, uid)) return;
          out.push({
            type: 'advance',
            card: handleOf(g, uid, 'corp'),
            code: g.cards[uid]?.code ?? '',
            at: `${id}:${slot}:${index}`,
          });
        });
      }
    }
  }
  if (all || only === 'purge') {
    const anyVirus = Object.values(g.cards).some((c) => (c.counters.virus ?? 0) > 0);
    if (g.corp.clicks >= 3 && anyVirus) out.push({ type: 'purge' });
  }
  if ((all || only === 'trash-resource') && isTagged(g) && canPay(g, 'corp', 2)) {
    for (const uid of g.runner.rig) {
      const code = g.cards[uid]?.code ?? '';
      if (typeOf(code) === 'resource') {
        out.push({ type: 'trash-resource', card: handleOf(g, uid, 'corp'), code });
      }
    }
  }
  return out;
}

/** The Corp's plays and installs from HQ, in hand order (`only`: one of the two). */
function corpHandActions(g: Game, only: string | undefined, out: NetrunnerAction[]): void {
  const targets = [...g.serverOrder, 'new'] as const;
  for (const uid of g.corp.hq) {
    const code = g.cards[uid]?.code ?? '';
    const type = typeOf(code);
    if (type === 'operation') {
      if (only !== 'install' && canPlayCard(g, uid)) {
        out.push({ type: 'play', card: handleOf(g, uid, 'corp'), code });
      }
      continue;
    }
    if (only === 'play') continue;
    const card = handleOf(g, uid, 'corp');
    for (const server of targets) {
      // Ice may go on any server: the Corp may trash ice there as part of the install, down to
      // a cost it can pay (the install-trash decision offers `done` only then).
      const ok = type === 'ice' || canHostInRoot(code, server);
      if (ok) out.push({ type: 'install', card, code, server });
    }
  }
}

function runnerClickActions(g: Game, only: string | undefined): NetrunnerAction[] {
  const all = only === undefined;
  const out: NetrunnerAction[] = all || only === 'click-credit' ? [{ type: 'click-credit' }] : [];
  if ((all || only === 'click-draw') && g.runner.stack.length > 0) out.push({ type: 'click-draw' });
  if (all || only === 'play' || only === 'install') runnerGripActions(g, only, out);
  if ((all || only === 'remove-tag') && g.runner.tags > 0 && canPay(g, 'runner', 2)) {
    out.push({ type: 'remove-tag' });
  }
  if (all || only === 'run') for (const server of g.serverOrder) out.push({ type: 'run', server });
  return out;
}

/** The Runner's plays and installs from the grip, in grip order (`only`: one of the two). */
function runnerGripActions(g: Game, only: string | undefined, out: NetrunnerAction[]): void {
  for (const uid of g.runner.grip) {
    const code = g.cards[uid]?.code ?? '';
    const type = typeOf(code);
    if (type === 'event') {
      if (only !== 'install' && canPlayCard(g, uid)) {
        out.push({ type: 'play', card: handleOf(g, uid, 'runner'), code });
      }
      continue;
    }
    if (only === 'play' || !canPay(g, 'runner', runnerInstallCost(g, uid))) continue;
    const card = handleOf(g, uid, 'runner');
    if (behaviourOf(code)?.statics?.hostOnIce) {
      for (const id of g.serverOrder) {
        g.servers[id]?.ice.forEach((ice, index) => {
          out.push({
            type: 'install',
            card,
            code,
            host: handleOf(g, ice, 'runner'),
            hostAt: `${id}:ice:${index}`,
          });
        });
      }
    } else if (facts(code).type !== 'identity') {
      out.push({ type: 'install', card, code });
    }
  }
}

import { choiceDeciders, decidersOf, openWindowOf, topDecision, windowActions } from '@veil/engine';
import { KARAMA_WINDOW_KINDS } from '../data/windows.js';
import type { DuneAction } from '../state/actions.js';
import type { DuneState, Faction, VoiceKind } from '../state/types.js';
import { allyOf, areasOf, forcesIn, inStorm, territoryOf } from './board.js';
import { spendable } from './common.js';
import { ANY_TIME, anyTimeCardActions } from './any-time.js';
import { canBid, maxBid } from './bidding.js';
import { canCallTraitor, keepableHandles, nextAggressor, pendingBattles } from './battle.js';
import { cursorSeat } from './cursor.js';
import { offerTargets, rideTargets } from './nexus.js';
import type { Phase } from './phase.js';
import { planOptions } from './plans.js';
import { mulliganAllowed } from './setup-choices.js';
import {
  emperorRevivalOptions,
  forceRevivalCost,
  leaderStrength,
  MAX_FORCE_REVIVAL,
  revivableLeaders,
} from './revival.js';
import { canCrossShip, canShipBack, moveTargets, shipmentAreas, shipmentCost } from './movement.js';
import { canUseAtomics, dialRange } from './storm.js';
import { SEMUTA, semutaActions, semutaSelectActions } from './semuta.js';

/** Who the phase itself waits on (after the decision stack and windows, see `duneDeciders`). */
function phaseDeciders(state: DuneState, phase: Phase): Faction[] {
  if (state.result || phase === 'over') return [];
  if (state.choice) return choiceDeciders(state.choice.choice);
  switch (phase) {
    case 'bidding':
      return state.auction ? [state.auction.bidder] : [];
    case 'nexus':
    case 'revival':
    case 'movement': {
      const seat = cursorSeat(state);
      return seat ? [seat] : [];
    }
    case 'battle': {
      const b = state.battle;
      if (!b) {
        const a = nextAggressor(state);
        return a ? [a] : [];
      }
      if (b.stage === 'voice') return ['bene_gesserit'];
      if (b.stage === 'prescience') return ['atreides'];
      if (b.stage === 'answer' && b.prescience) return [b.prescience.target];
      return [];
    }
    default:
      return [];
  }
}

export function duneDeciders(state: DuneState, phase: Phase): Faction[] {
  return decidersOf(state.pauses, () => phaseDeciders(state, phase));
}

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
const VOICE_KINDS: readonly VoiceKind[] = [
  'weapon_projectile',
  'weapon_poison',
  'defense_projectile',
  'defense_poison',
  'worthless',
  'cheap_hero',
];

function subsets<T>(items: readonly T[]): T[][] {
  return items.reduce<T[][]>((acc, x) => [...acc, ...acc.map((s) => [...s, x])], [[]]);
}

export function duneLegalActions(state: DuneState, phase: Phase, seat: Faction): DuneAction[] {
  if (!duneDeciders(state, phase).includes(seat)) return [];
  const decision = topDecision(state.pauses.decisions);
  if (decision) {
    switch (decision.kind) {
      case 'fremen_split':
        return range(0, 10).flatMap((tabr) =>
          range(0, 10 - tabr).map((south) => ({
            type: 'fremen_split' as const,
            tabr,
            south,
            west: 10 - tabr - south,
          })),
        );
      case 'alliance_offer':
        return [
          { type: 'alliance_answer', accept: true },
          { type: 'alliance_answer', accept: false },
        ];
      case 'spiritual_advisor':
        return [
          { type: 'advisor', send: true },
          { type: 'advisor', send: false },
        ];
      case 'worm_ride': {
        const out: DuneAction[] = [{ type: 'ride_pass' }];
        const targets = rideTargets(state);
        for (const from of areasOf(decision.territory)) {
          const n = forcesIn(state, from, seat);
          if (n === 0 || inStorm(state, from)) continue;
          for (const to of targets) {
            if (to === from) continue;
            for (let count = 1; count <= n; count++) out.push({ type: 'ride', from, to, count });
          }
        }
        return out;
      }
      case 'emperor_revival':
        return emperorRevivalOptions(state, decision.ally).map((count) => ({
          type: 'emperor_revive' as const,
          count,
        }));
      case 'ally_worm_protection':
        return [
          { type: 'protect_ally', protect: true },
          { type: 'protect_ally', protect: false },
        ];
      case 'ally_free_revival':
        return [
          { type: 'raise_ally_revival', raise: true },
          { type: 'raise_ally_revival', raise: false },
        ];
      case 'harkonnen_mulligan':
        return mulliganAllowed(state)
          ? [
              { type: 'mulligan', redraw: false },
              { type: 'mulligan', redraw: true },
            ]
          : [{ type: 'mulligan', redraw: false }];
      case 'semuta_select':
        return semutaSelectActions(state);
      case 'keep_cards':
        return subsets(keepableHandles(state, seat)).map((discard) => ({
          type: 'keep' as const,
          discard,
        }));
    }
  }
  const window = openWindowOf(state.pauses.windows);
  if (window) {
    if (KARAMA_WINDOW_KINDS.includes(window.kind)) {
      const karama = state.players[seat].hand.find((c) => c.card === 'karama');
      const cancel: DuneAction[] = karama
        ? [{ type: 'karama_cancel', window: window.id, karama: karama.handle }]
        : [];
      return windowActions(window, seat, cancel) as DuneAction[];
    }
    if (window.kind === SEMUTA) {
      return windowActions(window, seat, semutaActions(state, seat)) as DuneAction[];
    }
    if (window.kind === ANY_TIME) {
      return windowActions(window, seat, anyTimeCardActions(state, seat)) as DuneAction[];
    }
    const wc = state.players[seat].hand.find((c) => c.card === 'weather_control');
    const atomics = state.players[seat].hand.find((c) => c.card === 'family_atomics');
    const bomb: DuneAction[] =
      atomics && canUseAtomics(state, seat) ? [{ type: 'family_atomics', window: window.id }] : [];
    const activations: DuneAction[] = wc
      ? range(0, 10).map((move) => ({ type: 'weather_control' as const, window: window.id, move }))
      : [];
    return windowActions(window, seat, [...activations, ...bomb]) as DuneAction[];
  }
  return [
    ...phaseActions(state, phase, seat),
    ...bribes(state, phase, seat),
    ...anyTimeCards(state, phase, seat),
  ];
}

function phaseActions(state: DuneState, phase: Phase, seat: Faction): DuneAction[] {
  const c = state.choice;
  if (c) {
    switch (c.kind) {
      case 'setup': {
        const p = state.players[seat];
        const predictions =
          seat === 'bene_gesserit'
            ? state.options.factions
                .filter((f) => f !== seat)
                .flatMap((faction) =>
                  range(1, state.options.turns).map((turn) => ({ faction, turn })),
                )
            : [null];
        return p.rejectedTraitors.flatMap((traitor) =>
          predictions.map((prediction) => ({ type: 'setup' as const, traitor, prediction })),
        );
      }
      case 'storm_dial': {
        const [lo, hi] = dialRange(state);
        return range(lo, hi).map((value) => ({ type: 'dial' as const, value }));
      }
      case 'battle_plan':
        return planOptions(state, seat).map((plan) => ({ type: 'plan' as const, plan }));
      case 'traitor_call':
        return canCallTraitor(state, seat)
          ? [
              { type: 'traitor', call: false },
              { type: 'traitor', call: true },
            ]
          : [{ type: 'traitor', call: false }];
    }
  }
  const p = state.players[seat];
  switch (phase) {
    case 'nexus':
      return [
        { type: 'nexus_done' },
        ...(allyOf(state, seat) && !state.nexusActed.includes(seat)
          ? [{ type: 'nexus_leave' as const }]
          : []),
        ...offerTargets(state, seat).map((to) => ({ type: 'nexus_offer' as const, to })),
      ];
    case 'bidding': {
      const a = state.auction;
      if (!a || !canBid(state, seat)) return [{ type: 'bid_pass' }];
      const karama = p.hand.find((x) => x.card === 'karama');
      return [
        { type: 'bid_pass' },
        ...range(a.highBid + 1, maxBid(state, seat)).map((amount) => ({
          type: 'bid' as const,
          amount,
        })),
        ...(karama ? [{ type: 'karama_take' as const, karama: karama.handle }] : []),
      ];
    }
    case 'revival': {
      const leaders = [null, ...revivableLeaders(state, seat)];
      const revivals: DuneAction[] = range(0, Math.min(MAX_FORCE_REVIVAL, p.tanks)).flatMap(
        (forces) =>
          leaders
            .filter(
              (leader) =>
                forceRevivalCost(state, seat, forces) + (leader ? leaderStrength(leader) : 0) <=
                p.spice,
            )
            .map((leader) => ({ type: 'revive' as const, forces, leader })),
      );
      return revivals;
    }
    case 'movement': {
      if (!state.cursor?.shipped) {
        const karama = p.hand.find((x) => x.card === 'karama');
        const out: DuneAction[] = [{ type: 'ship_pass' }];
        for (const to of shipmentAreas(state, seat)) {
          for (let count = 1; count <= p.reserves; count++) {
            const cost = seat === 'fremen' ? 0 : shipmentCost(state, seat, to, count, false);
            if (cost <= spendable(state, seat)) out.push({ type: 'ship', to, count, karama: null });
            if (
              karama &&
              seat !== 'fremen' &&
              shipmentCost(state, seat, to, count, true) <= spendable(state, seat)
            ) {
              out.push({ type: 'ship', to, count, karama: karama.handle });
            }
          }
        }
        const own = Object.keys(state.forces)
          .sort()
          .filter((a) => forcesIn(state, a, seat) > 0 && !inStorm(state, a));
        if (canCrossShip(state, seat)) {
          for (const from of own) {
            for (const to of shipmentAreas(state, seat)) {
              if (territoryOf(to) === territoryOf(from)) continue;
              for (let count = 1; count <= forcesIn(state, from, seat); count++) {
                if (shipmentCost(state, seat, to, count, false) <= p.spice)
                  out.push({ type: 'cross_ship', from, to, count });
              }
            }
          }
        }
        if (canShipBack(state, seat)) {
          for (const from of own) {
            for (let count = 1; count <= forcesIn(state, from, seat); count++) {
              if (Math.ceil(count / 2) <= p.spice) out.push({ type: 'ship_back', from, count });
            }
          }
        }
        return out;
      }
      const hajr = p.hand.find((x) => x.card === 'hajr');
      const out: DuneAction[] = [{ type: 'move_pass' }];
      for (const from of Object.keys(state.forces).sort()) {
        const n = forcesIn(state, from, seat);
        if (n === 0 || inStorm(state, from)) continue;
        for (const to of moveTargets(state, seat, from)) {
          for (let count = 1; count <= n; count++) out.push({ type: 'move', from, to, count });
        }
        if (!hajr) continue;
        // A Hajr move's reach differs from the move's only after a Karama stopped one of them.
        for (const to of moveTargets(state, seat, from, true)) {
          for (let count = 1; count <= n; count++)
            out.push({ type: 'hajr_move', from, to, count, hajr: hajr.handle });
        }
      }
      return out;
    }
    case 'battle': {
      const b = state.battle;
      if (!b)
        return pendingBattles(state).map(({ territory, opponent }) => ({
          type: 'battle_pick' as const,
          territory,
          opponent,
        }));
      if (b.stage === 'voice')
        return VOICE_KINDS.flatMap((kind) =>
          [true, false].map((play) => ({ type: 'voice' as const, kind, play })),
        );
      if (b.stage === 'prescience')
        return (['leader', 'weapon', 'defense', 'dial'] as const).map((element) => ({
          type: 'prescience' as const,
          element,
        }));
      if (b.stage === 'answer')
        return planOptions(state, seat).map((plan) => ({ type: 'plan' as const, plan }));
      return [];
    }
    default:
      return [];
  }
}

/**
 * Tleilaxu Ghola and Truthtrance are also legal whenever the game waits on their holder in a
 * phase (not inside a hidden choice, a decision or a window): only the holder has them, so this
 * tells nobody anything. Everywhere else they are played in the neutral any-time window.
 */
function anyTimeCards(state: DuneState, phase: Phase, seat: Faction): DuneAction[] {
  if (state.choice || phase === 'setup') return [];
  return anyTimeCardActions(state, seat);
}

/**
 * Spice given to another seat as a bribe: offered to a seat the phase waits on, once per phase
 * (bounded, so a game always moves on). Public; it sits in front of the recipient's shield.
 */
function bribes(state: DuneState, phase: Phase, seat: Faction): DuneAction[] {
  if (state.choice || phase === 'setup' || state.bribed.includes(seat)) return [];
  const spice = state.players[seat].spice;
  const gifts: DuneAction[] =
    seat === 'emperor' && allyOf(state, seat)
      ? range(1, spice).map((amount) => ({ type: 'gift' as const, amount }))
      : [];
  const support: DuneAction[] = allyOf(state, seat)
    ? range(1, spice).map((amount) => ({ type: 'support' as const, amount }))
    : [];
  return [
    ...state.options.factions
      .filter((f) => f !== seat)
      .flatMap((to) => range(1, spice).map((amount) => ({ type: 'bribe' as const, to, amount }))),
    ...gifts,
    ...support,
  ];
}

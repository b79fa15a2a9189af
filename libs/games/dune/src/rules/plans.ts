import { TREACHERY } from '../data/treachery.js';
import type { BattlePlan, DuneState, Faction, HandCard } from '../state/types.js';
import { forcesIn } from './board.js';
import { revealPlan } from './battle.js';

/** The battle plans a combatant may commit, after Voice and a Prescience answer constrain them. */

const isWeapon = (c: HandCard) =>
  TREACHERY[c.card].kind.startsWith('weapon') || TREACHERY[c.card].kind === 'worthless';
const isDefense = (c: HandCard) =>
  TREACHERY[c.card].kind.startsWith('defense') || TREACHERY[c.card].kind === 'worthless';

/** One handle per card kind: two copies of a card make the same plan. */
function distinct(cards: readonly HandCard[]): HandCard[] {
  const seen = new Set<string>();
  return cards.filter((c) => (seen.has(c.card) ? false : (seen.add(c.card), true)));
}

export function planOptions(state: DuneState, seat: Faction): BattlePlan[] {
  const b = state.battle;
  if (!b) return [];
  const p = state.players[seat];
  const leaders = Object.keys(p.leaders).filter(
    (id) =>
      p.leaders[id] === 'available' &&
      (p.leadersUsed[id] === undefined || p.leadersUsed[id] === b.territory),
  );
  const heroes = distinct(p.hand.filter((c) => c.card === 'cheap_hero'));
  const slots: Array<{ leader: string | null; hero: string | null }> = [
    ...leaders.map((leader) => ({ leader, hero: null })),
    ...heroes.map((c) => ({ leader: null, hero: c.handle })),
  ];
  const maxDial = b.areas.reduce((n, a) => n + forcesIn(state, a, seat), 0);
  const plans: BattlePlan[] = [];
  if (slots.length === 0) {
    for (let dial = 0; dial <= maxDial; dial++)
      plans.push({ leader: null, hero: null, dial, weapon: null, defense: null });
    return constrain(state, seat, plans);
  }
  const weapons = [null, ...distinct(p.hand.filter(isWeapon)).map((c) => c.handle)];
  const defenses = [null, ...distinct(p.hand.filter(isDefense)).map((c) => c.handle)];
  for (const slot of slots) {
    for (let dial = 0; dial <= maxDial; dial++) {
      for (const weapon of weapons) {
        for (const defense of defenses) {
          if (weapon !== null && weapon === defense) continue;
          plans.push({ ...slot, dial, weapon, defense });
        }
      }
    }
  }
  return constrain(state, seat, plans);
}

function constrain(state: DuneState, seat: Faction, plans: BattlePlan[]): BattlePlan[] {
  const b = state.battle;
  if (!b) return plans;
  let out = plans;
  const v = b.voice;
  if (v && v.target === seat) {
    const uses = (plan: BattlePlan): boolean => {
      const r = revealPlan(state, seat, plan);
      if (v.kind === 'cheap_hero') return r.hero;
      const kinds = [r.weapon, r.defense].map((c) => (c ? TREACHERY[c].kind : null));
      return kinds.includes(v.kind);
    };
    const complying = out.filter((plan) => uses(plan) === v.play);
    if (complying.length > 0) out = complying;
  }
  const ps = b.prescience;
  if (ps && ps.target === seat && ps.answer !== undefined) {
    out = out.filter((plan) => {
      const r = revealPlan(state, seat, plan);
      const value =
        ps.element === 'leader' ? (r.leader ?? (r.hero ? 'cheap_hero' : null)) : r[ps.element];
      return value === ps.answer;
    });
  }
  return out;
}

import type { GameSnapshot } from '@veil/engine';
import { facts, hasSubtype, typeOf } from '../facts.js';
import { agendaPoints } from '../rules/agenda-points.js';
import type { Game, Side } from '../state/types.js';

/**
 * How good a Netrunner state is for each side, in [0, 1] (corp + runner = 1): a logistic of a
 * weighted sum of what decides games — agenda points above all, then advanced cards that
 * threaten to score, credits, ice protecting servers, the Runner's breakers and rig, cards in
 * hand, tags and core damage, and a nearly empty R&D (the Corp loses when it cannot draw).
 * The search scores the playouts it cuts short with it; it reads the (sampled) full state it
 * is given, which for a bot is a determinization of its view.
 */
export function evaluateNetrunner(snapshot: GameSnapshot<Game>): Record<Side, number> {
  const g = snapshot.context;
  if (g.outcome) {
    const corp = g.outcome.winner === 'corp' ? 1 : g.outcome.winner === 'runner' ? 0 : 0.5;
    return { corp, runner: 1 - corp };
  }
  const corp = 1 / (1 + Math.exp(-corpAdvantage(g)));
  return { corp, runner: 1 - corp };
}

/** The Corp's advantage in "agenda points' worth" (the Runner's is its negative). */
export function corpAdvantage(g: Game): number {
  const toWin = g.agendaPointsToWin;
  const corpPoints = agendaPoints(g, 'corp');
  const runnerPoints = agendaPoints(g, 'runner');
  // Points count more the closer a side is to winning.
  let x = points(corpPoints, toWin) - points(runnerPoints, toWin);
  x += 0.08 * (Math.min(g.corp.credits, 15) - Math.min(g.runner.credits, 15));
  x += 0.03 * Math.min(g.corp.hq.length, 8) - 0.05 * Math.min(g.runner.grip.length, 8);
  if (g.runner.grip.length <= 1) x += 0.3; // one net damage from a flatline
  // A Corp that must draw from an empty R&D loses: running low is a threat against it.
  x -= 0.25 * Math.max(0, 6 - g.corp.rd.length);
  x += 0.35 * g.runner.tags + 0.4 * g.runner.coreDamage - 0.15 * g.corp.badPublicity;
  for (const id of g.serverOrder) {
    const server = g.servers[id];
    if (!server) continue;
    let ice = 0;
    for (const uid of server.ice) ice += g.cards[uid]?.rezzed ? 1 : 0.5;
    // The first ice on a server matters most.
    x += 0.25 * Math.min(ice, 1) + 0.1 * Math.max(0, Math.min(ice, 3) - 1);
    for (const uid of server.root) {
      const card = g.cards[uid];
      if (!card || !card.code) continue;
      const advanced = card.counters.advancement ?? 0;
      if (typeOf(card.code) === 'agenda') {
        const need = facts(card.code).advancementCost ?? 3;
        const worth = facts(card.code).agendaPoints ?? 1;
        x += 0.5 * worth * Math.min(1, advanced / need);
      } else if (card.rezzed) {
        x += 0.2;
      }
    }
  }
  let breakers = 0;
  let rig = 0;
  for (const uid of g.runner.rig) {
    const card = g.cards[uid];
    if (!card || !card.code) continue;
    if (hasSubtype(card.code, 'Icebreaker')) breakers++;
    else rig++;
  }
  x -= 0.45 * Math.min(breakers, 3) + 0.12 * Math.min(rig, 6);
  return x;
}

function points(n: number, toWin: number): number {
  return n * (1 + n / toWin);
}

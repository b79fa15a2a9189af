import { writableMemory } from '../state/draft.js';
import { randomInt } from '@veil/engine';
import { maskAccessAsks } from '../cards/access-masks.js';
import { behaviourOf } from '../cards/registry.js';
import { facts } from '../facts.js';
import { rotateZone } from '../state/handles.js';
import { log, PUBLIC } from '../state/log.js';
import { remember } from '../state/memory.js';
import { card, serverOf, setFace } from '../state/zones.js';
import type { Breach, Game, Viewer, ZoneName } from '../state/types.js';
import { activeStatics } from './active.js';
import { serverLabel } from './install.js';
import { currentRun } from './run.js';
import { fire, pushDecision, queueRule } from './tasks.js';

/**
 * Breaching a server and accessing cards (CR chapter 7). HQ: cards at random without
 * replacement; R&D: from the top in order; Archives: every card (facedown ones are turned
 * faceup first); a remote: every card in its root; upgrades in a central's root are candidates
 * too. The Runner chooses between the pile and each root card; within Archives the pile is
 * accessed in its order (see docs).
 */
export function beginBreach(g: Game): void {
  const run = currentRun(g);
  const server = run.server;
  const root = [...serverOf(g, server).root];
  let pileLeft = 0;
  const first = !g.memory.firsts[`breach:${server}`];
  writableMemory(g).firsts[`breach:${server}`] = true;
  const extra = activeStatics(g, 'runner').reduce(
    (sum, { source, statics }) => sum + (statics.extraAccess?.(g, source.uid, server, first) ?? 0),
    0,
  );
  if (server === 'hq') pileLeft = 1 + run.mods.extraAccess + extra;
  if (server === 'rd') {
    // Conduit: X is read now, from the card if it is still installed.
    const conduit = run.mods.conduit ? g.cards[run.mods.conduit] : undefined;
    const x = conduit?.loc.zone === 'rig' ? (conduit.counters.virus ?? 0) : 0;
    pileLeft = 1 + run.mods.extraAccess + extra + x;
  }
  if (server === 'archives') {
    for (const uid of g.corp.archives) {
      if (!card(g, uid).faceUp) {
        setFace(g, uid, { faceUp: true });
        log(g, null, 'Archives: {0} is turned faceup.', [{ uid, seenBy: PUBLIC }]);
      }
    }
    pileLeft = g.corp.archives.length;
  }
  const breach: Breach = { server, pileLeft, pending: root, seen: [], current: null, accessed: 0 };
  run.breach = breach;
  log(g, 'runner', `Runner breaches ${serverLabel(server)}.`);
  fire(g, { e: 'breach', server });
}

/** Cards of the pile (HQ, R&D, Archives) the Runner may still access in this breach. */
function pileCandidates(g: Game, breach: Breach): string[] {
  if (breach.pileLeft <= 0) return [];
  if (breach.server === 'hq') return unseen(g.corp.hq, breach);
  if (breach.server === 'rd') return unseen(g.corp.rd, breach).slice(0, 1);
  if (breach.server === 'archives') return unseen(g.corp.archives, breach).slice(0, 1);
  return [];
}

// A function of the module, not a closure made per call (named per call under tsx's keepNames).
function unseen(uids: readonly string[], breach: Breach): string[] {
  return uids.filter((u) => !breach.seen.includes(u));
}

function rootCandidates(g: Game, breach: Breach): string[] {
  const root = g.servers[breach.server]?.root ?? [];
  return breach.pending.filter((uid) => root.includes(uid));
}

/** The options of the next access: `pile` and/or root cards. */
export function breachOptions(g: Game): Array<'pile' | string> {
  const breach = g.run?.breach;
  if (!breach || breach.current) return [];
  const pile = pileCandidates(g, breach).length > 0 ? ['pile' as const] : [];
  return [...pile, ...rootCandidates(g, breach)];
}

export function canAccessNext(g: Game): boolean {
  return breachOptions(g).length > 0;
}

/** Accesses the only candidate, or asks the Runner which candidate is next. */
export function accessNext(g: Game): void {
  const options = breachOptions(g);
  if (options.length === 1) accessChosen(g, options[0] as string);
  else if (options.length > 1) pushDecision(g, { kind: 'breach-next', seat: 'runner' });
}

export function accessChosen(g: Game, choice: 'pile' | string): void {
  const breach = currentRun(g).breach;
  if (!breach) return;
  if (choice !== 'pile') {
    breach.pending = breach.pending.filter((u) => u !== choice);
    return accessCard(g, choice, 'root');
  }
  const candidates = pileCandidates(g, breach);
  let uid = candidates[0];
  if (breach.server === 'hq') {
    const [i, rng] = randomInt(g.rng, candidates.length);
    g.rng = rng;
    uid = candidates[i];
  }
  if (uid === undefined) return;
  if (breach.server !== 'archives') breach.pileLeft -= 1;
  accessCard(g, uid, card(g, uid).loc.zone);
}

/** Who sees a card while the Runner accesses it (CR: not the Corp for R&D; reveals: all). */
function accessViewers(g: Game, uid: string, from: ZoneName): readonly Viewer[] {
  const c = card(g, uid);
  if (c.faceUp || c.rezzed) return PUBLIC;
  if (behaviourOf(c.code)?.statics?.revealWhenAccessedFrom?.includes(from)) return PUBLIC;
  return from === 'rd' ? ['runner'] : ['runner', 'corp'];
}

export function accessCard(g: Game, uid: string, from: ZoneName): void {
  const breach = currentRun(g).breach;
  if (!breach) return;
  breach.current = { uid, from };
  breach.seen.push(uid);
  breach.accessed += 1;
  const seenBy = accessViewers(g, uid, from);
  log(g, 'runner', `Runner accesses {0}${from === 'rd' ? ' from R&D' : ''}.`, [
    { uid, seenBy, hidden: 'a card' },
  ]);
  fire(g, { e: 'access', card: uid, from });
  behaviourOf(card(g, uid).code)?.onAccess?.(g, uid, from);
  maskAccessAsks(g, uid, from);
  queueRule(g, { r: 'access-decision', card: uid });
}

/** Whether the card is still where it was accessed (else the access has ended). */
export function stillAccessing(g: Game, uid: string): boolean {
  const current = g.run?.breach?.current;
  return !!current && current.uid === uid && g.cards[uid]?.loc.zone === current.from;
}

/** After "when accessed" abilities: the Runner's mid-access choice (always asked: neutral). */
export function accessDecision(g: Game, uid: string): void {
  if (!stillAccessing(g, uid)) return finishAccess(g, uid);
  pushDecision(g, { kind: 'access', seat: 'runner', card: uid });
}

/** Access ends: an agenda still being accessed is stolen (unless forbidden). */
export function finishAccess(g: Game, uid: string): void {
  const run = g.run;
  const breach = run?.breach;
  if (!run || !breach) return;
  if (
    stillAccessing(g, uid) &&
    facts(card(g, uid).code).type === 'agenda' &&
    !run.mods.noStealOrTrash
  ) {
    breach.current = null;
    queueRule(g, { r: 'steal', card: uid });
    return;
  }
  const from = breach.current?.from;
  breach.current = null;
  // Left where it lies: those who saw it remember it there (state/memory.ts).
  if (from && g.cards[uid]?.loc.zone === from) remember(g, uid, accessViewers(g, uid, from));
  // The accessed card goes back among the others: HQ is re-handled for blind viewers.
  if (from === 'hq') rotateZone(g, g.corp.hq);
}

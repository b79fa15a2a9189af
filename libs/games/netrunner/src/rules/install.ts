import { facts, titleOf, typeOf } from '../facts.js';
import { writableServers, writableMemory } from '../state/draft.js';
import { log, PUBLIC } from '../state/log.js';
import { card, moveCard, serverOf } from '../state/zones.js';
import { isCentral, type Game, type ServerId } from '../state/types.js';
import { runnerInstallCost } from './costs.js';
import { pay } from './credits.js';
import { paid } from './credit-text.js';
import { adjustRunForNewIce } from './run-position.js';
import { fire, pushDecision, queueRule } from './tasks.js';
import { trashCard } from './trash.js';

/** Creates a new remote server and returns its id. */
export function createRemote(g: Game): ServerId {
  const id = `remote${g.nextRemote}`;
  g.nextRemote += 1;
  writableServers(g)[id] = { id, ice: [], root: [] };
  g.serverOrder.push(id);
  return id;
}

export function serverLabel(server: ServerId): string {
  if (server === 'hq') return 'HQ';
  if (server === 'rd') return 'R&D';
  if (server === 'archives') return 'Archives';
  return `Server ${server.slice('remote'.length)}`;
}

/** Ice install cost: 1 per piece of ice already protecting the server. */
export function iceInstallCost(g: Game, server: ServerId | 'new'): number {
  return server === 'new' ? 0 : (g.servers[server]?.ice.length ?? 0);
}

/** Whether a Corp card may go in the root of this server (upgrades anywhere; others remotes). */
export function canHostInRoot(code: string, server: ServerId | 'new'): boolean {
  const type = typeOf(code);
  if (type === 'upgrade') return true;
  return (type === 'agenda' || type === 'asset') && (server === 'new' || !isCentral(server));
}

/** Cards the Corp may trash as part of installing into `server`. */
export function optionalInstallTrashes(g: Game, server: ServerId, ice: boolean): string[] {
  const s = g.servers[server];
  if (!s) return [];
  return ice ? [...s.ice] : [...s.root];
}

/**
 * Begins a Corp install (CR install steps): the destination is chosen; an agenda or asset in
 * a remote replaces the agenda or asset already there (trashed); then the Corp may trash any
 * other cards in that root (or ice protecting the server, for ice) before paying.
 */
export function beginCorpInstall(
  g: Game,
  uid: string,
  target: ServerId | 'new',
  options: { free?: boolean; at?: number | null } = {},
): void {
  const c = card(g, uid);
  const server = target === 'new' ? createRemote(g) : target;
  const ice = typeOf(c.code) === 'ice';
  const free = options.free ?? false;
  const at = options.at ?? null;
  if (!ice && (typeOf(c.code) === 'agenda' || typeOf(c.code) === 'asset')) {
    for (const other of [...serverOf(g, server).root]) {
      const type = typeOf(card(g, other).code);
      if (type !== 'agenda' && type !== 'asset') continue;
      log(g, 'corp', `Corp trashes {0} in the root of ${serverLabel(server)} while installing.`, [
        { uid: other, hidden: 'a card' },
      ]);
      trashCard(g, other, 'corp');
    }
  }
  if (optionalInstallTrashes(g, server, ice).length > 0) {
    pushDecision(g, { kind: 'install-trash', seat: 'corp', card: uid, server, ice, free, at });
  } else {
    queueRule(g, { r: 'finish-install', card: uid, server, free, at });
  }
}

/** Pays and puts the card in place, facedown and unrezzed. */
export function finishCorpInstall(
  g: Game,
  uid: string,
  server: ServerId,
  free: boolean,
  at: number | null,
): void {
  const c = card(g, uid);
  const ice = typeOf(c.code) === 'ice';
  const cost = ice && !free ? iceInstallCost(g, server) : 0;
  pay(g, 'corp', cost);
  if (ice) {
    const index = at ?? serverOf(g, server).ice.length;
    moveCard(g, uid, { zone: 'ice', server }, { at: index, faceUp: false });
    adjustRunForNewIce(g, server, index, at === null);
    log(g, 'corp', `Corp installs {0} protecting ${serverLabel(server)}${paid(cost)}.`, [
      { uid, hidden: 'a piece of ice' },
    ]);
  } else {
    moveCard(g, uid, { zone: 'root', server }, { faceUp: false });
    log(g, 'corp', `Corp installs {0} in the root of ${serverLabel(server)}.`, [
      { uid, hidden: 'a card' },
    ]);
  }
  fire(g, { e: 'install', card: uid });
}

/** Installs a Runner card from wherever it is, paying its install cost unless free. */
export function installRunnerCard(
  g: Game,
  uid: string,
  options: { host?: string | null; free?: boolean } = {},
): void {
  const c = card(g, uid);
  const cost = options.free ? 0 : runnerInstallCost(g, uid);
  pay(g, 'runner', cost);
  moveCard(g, uid, { zone: 'rig' }, { faceUp: true });
  c.host = options.host ?? null;
  if (typeOf(c.code) === 'program') writableMemory(g).programsInstalled += 1;
  const where = c.host ? ' on {1}' : '';
  log(g, 'runner', `Runner installs {0}${where}${paid(cost)}.`, [
    { uid, seenBy: PUBLIC },
    ...(c.host ? [{ uid: c.host, hidden: 'a piece of ice' }] : []),
  ]);
  enforceRunnerLimits(g, uid);
  fire(g, { e: 'install', card: uid });
  queueRule(g, { r: 'checkpoint' });
}

/**
 * Unique cards and "Limit 1 console per player": when a new copy (or console) becomes
 * active, the older one is trashed.
 */
export function enforceRunnerLimits(g: Game, uid: string): void {
  const code = card(g, uid).code;
  const f = facts(code);
  const isConsole = f.subtypes.some((s) => s.toLowerCase() === 'console');
  for (const other of [...g.runner.rig]) {
    if (other === uid) continue;
    const o = facts(card(g, other).code);
    const sameUnique = f.unique && o.title === f.title;
    const secondConsole = isConsole && o.subtypes.some((s) => s.toLowerCase() === 'console');
    if (sameUnique || secondConsole) trashCard(g, other, 'runner');
  }
}

/** A unique Corp card becoming active trashes the older active copy. */
export function enforceCorpUnique(g: Game, uid: string): void {
  const f = facts(card(g, uid).code);
  if (!f.unique) return;
  for (const c of Object.values(g.cards)) {
    if (c.uid === uid || c.side !== 'corp' || !c.rezzed) continue;
    if ((c.loc.zone === 'ice' || c.loc.zone === 'root') && titleOf(c.code) === f.title) {
      trashCard(g, c.uid, 'corp');
    }
  }
}

import type { GameSnapshot, Rng } from '@veil/engine';
import { netrunnerMachine } from '../machine/machine.js';
import type { StateValue } from 'xstate';
import { CARDS } from '../catalog/index.js';
import { facts, typeOf } from '../facts.js';
import { RULES_VERSION } from '../rules/setup.js';
import { VIEWERS, isCentral } from '../state/types.js';
import type {
  CardState,
  DeckList,
  Game,
  Json,
  Location,
  NetrunnerDecision,
  Run,
  Side,
  TurnMemory,
} from '../state/types.js';
import type { Task } from '../state/tasks-types.js';
import type { CardView, NetrunnerView } from '../view/view.js';

/**
 * A full game consistent with what `viewer` sees (AI sampling, DESIGN §6). Everything public
 * is rebuilt from the view (cards by handle, counters, servers, the run, decisions, windows,
 * the work queue, this turn's memory); every card the viewer cannot see gets a sampled
 * identity: its own hidden cards (R&D for the Corp, the stack for the Runner) come from its
 * deck list minus the cards it sees; the other side's from that side's card pool (System
 * Gateway quantities) minus the cards seen, with facedown installed cards drawn from the
 * types their position allows. The PRNG states, the other seat's policies and the log are
 * made up (empty log). `view(determinize(v)) = v` for the viewer (tested).
 */
export function determinize(view: NetrunnerView, viewer: Side, rng: Rng): GameSnapshot<Game> {
  const b = new Builder(view, viewer, rng);
  b.placeVisible();
  b.fillHidden();
  const g = b.finish();
  // What `restoreGame` does, with the machine itself (module.ts imports this file).
  return netrunnerMachine.resolveState({
    value: stateValue(view.phase),
    context: g,
    status: view.outcome ? 'done' : 'active',
  }) as unknown as GameSnapshot<Game>;
}

function stateValue(phase: string): StateValue {
  const parts = phase.split('.');
  let value: StateValue = parts[parts.length - 1] ?? phase;
  for (let i = parts.length - 2; i >= 0; i--) value = { [parts[i] as string]: value };
  return value;
}

type Slot = 'any' | 'ice' | 'remote-root' | 'central-root';

class Builder {
  private readonly g: Game;
  private readonly byRef = new Map<string, string>();
  private readonly hidden: { uid: string; side: Side; slot: Slot }[] = [];
  private next = 1;

  constructor(
    private readonly view: NetrunnerView,
    private readonly viewer: Side,
    private readonly rng: Rng,
  ) {
    const resume = view.resume;
    this.g = {
      rulesVersion: RULES_VERSION,
      decks: { corp: { identity: '', cards: [] }, runner: { identity: '', cards: [] } },
      agendaPointsToWin: view.agendaPointsToWin,
      rng: rng.fork(),
      handleRng: rng.fork(),
      turn: view.turn,
      active: view.active,
      cards: {},
      nextUid: 1,
      corp: {
        identity: '',
        credits: view.corp.credits,
        clicks: view.corp.clicks,
        hq: [],
        rd: [],
        archives: [],
        scored: [],
        badPublicity: 0,
      },
      runner: {
        identity: '',
        credits: view.runner.credits,
        clicks: view.runner.clicks,
        tags: view.runner.tags,
        coreDamage: view.runner.coreDamage,
        grip: [],
        stack: [],
        heap: [],
        rig: [],
        scored: [],
      },
      servers: {},
      serverOrder: [],
      nextRemote: resume.nextRemote,
      playArea: [],
      removed: [],
      run: null,
      nextRunId: resume.nextRunId,
      mulligansDone: resume.mulligansDone as Side[],
      pauses: {
        decisions: [],
        windows: [...view.windows],
        policies: { [viewer]: view.policies },
        nextId: resume.pausesNextId,
      },
      tasks: [],
      nextBatch: resume.nextBatch,
      memory: resume.memory as TurnMemory,
      log: [],
      outcome: view.outcome,
    };
  }

  private add(side: Side, loc: Location, cv: CardView | null, slot: Slot): string {
    const uid = String(this.next);
    this.next += 1;
    const handles = { corp: '', runner: '', spectator: '' };
    for (const v of VIEWERS)
      handles[v] = `h${this.rng
        .int(2 ** 31)
        .toString(36)
        .padStart(7, '0')}`;
    if (cv) handles[this.viewer] = cv.id;
    const installed = loc.zone === 'ice' || loc.zone === 'root' || loc.zone === 'rig';
    const faceUp =
      !['hq', 'rd', 'grip', 'stack', 'archives', 'ice', 'root'].includes(loc.zone) ||
      (installed && side === 'runner') ||
      (cv?.rezzed ?? false);
    const c: CardState = {
      uid,
      code: cv?.code ?? '',
      side,
      loc,
      rezzed: cv?.rezzed ?? false,
      faceUp,
      counters: cv?.counters ?? {},
      host: null,
      installedTurn: cv?.installedTurn ?? null,
      noScoreTurn: cv?.noScoreTurn ?? null,
      used: cv?.used ?? {},
      handles,
      peek: [],
    };
    this.g.cards[uid] = c;
    if (cv) this.byRef.set(cv.id, uid);
    if (!cv?.code) this.hidden.push({ uid, side, slot });
    return uid;
  }

  placeVisible(): void {
    const v = this.view;
    const g = this.g;
    g.corp.identity = this.add('corp', { zone: 'identity' }, v.corp.identity, 'any');
    g.runner.identity = this.add('runner', { zone: 'identity' }, v.runner.identity, 'any');
    for (const cv of v.corp.hq) g.corp.hq.push(this.add('corp', { zone: 'hq' }, cv, 'any'));
    for (const cv of v.corp.archives.faceUp) {
      const uid = this.add('corp', { zone: 'archives' }, cv, 'any');
      (g.cards[uid] as CardState).faceUp = true;
      g.corp.archives.push(uid);
    }
    for (const cv of v.corp.archives.faceDown) {
      const uid = this.add('corp', { zone: 'archives' }, cv, 'any');
      (g.cards[uid] as CardState).faceUp = false;
      g.corp.archives.push(uid);
    }
    for (let i = 0; i < v.corp.rdCount; i++)
      g.corp.rd.push(this.add('corp', { zone: 'rd' }, null, 'any'));
    for (const cv of v.corp.scored) {
      g.corp.scored.push(this.add('corp', { zone: 'scored', side: 'corp' }, cv, 'any'));
    }
    for (const s of v.servers) {
      const server = { id: s.id, ice: [] as string[], root: [] as string[] };
      for (const cv of s.ice)
        server.ice.push(this.add('corp', { zone: 'ice', server: s.id }, cv, 'ice'));
      const rootSlot: Slot = isCentral(s.id) ? 'central-root' : 'remote-root';
      for (const cv of s.root) {
        server.root.push(this.add('corp', { zone: 'root', server: s.id }, cv, rootSlot));
      }
      g.servers[s.id] = server;
      g.serverOrder.push(s.id);
    }
    for (const cv of v.runner.grip)
      g.runner.grip.push(this.add('runner', { zone: 'grip' }, cv, 'any'));
    for (let i = 0; i < v.runner.stackCount; i++) {
      g.runner.stack.push(this.add('runner', { zone: 'stack' }, null, 'any'));
    }
    for (const cv of v.runner.heap)
      g.runner.heap.push(this.add('runner', { zone: 'heap' }, cv, 'any'));
    for (const cv of v.runner.rig)
      g.runner.rig.push(this.add('runner', { zone: 'rig' }, cv, 'any'));
    for (const cv of v.runner.scored) {
      const side = cv.code ? facts(cv.code).side : 'corp';
      g.runner.scored.push(this.add(side, { zone: 'scored', side: 'runner' }, cv, 'any'));
    }
    for (const cv of v.playArea) {
      g.playArea.push(
        this.add(cv.code ? facts(cv.code).side : 'runner', { zone: 'play' }, cv, 'any'),
      );
    }
    for (const cv of v.removed) {
      g.removed.push(
        this.add(cv.code ? facts(cv.code).side : 'corp', { zone: 'removed' }, cv, 'any'),
      );
    }
    // Hosts, now that every handle has a uid.
    for (const cv of [...v.runner.rig]) {
      if (!cv.host) continue;
      const uid = this.byRef.get(cv.id);
      const host = this.byRef.get(cv.host);
      if (uid && host) (g.cards[uid] as CardState).host = host;
    }
    this.g.nextUid = this.next;
  }

  /** Sampled identities for every card the viewer cannot see. */
  fillHidden(): void {
    const known = this.view.decision?.kind === 'access' ? this.view.decision.card?.code : undefined;
    for (const side of ['corp', 'runner'] as const) {
      const seen = Object.values(this.g.cards)
        .filter((c) => c.side === side && c.code && c.loc.zone !== 'identity')
        .map((c) => c.code);
      const pool = side === this.viewer ? this.ownPool(side) : this.catalogPool(side);
      for (const code of seen) removeOne(pool, code);
      if (known && facts(known).side === side) removeOne(pool, known);
      const slots = this.rng.shuffle(this.hidden.filter((h) => h.side === side));
      // Constrained slots first, so they get a fitting card while the pool has one.
      slots.sort((a, b) => rank(a.slot) - rank(b.slot));
      for (const slot of slots) {
        const code = this.draw(pool, side, slot.slot, slot.uid);
        (this.g.cards[slot.uid] as CardState).code = code;
      }
    }
    this.g.decks = {
      corp: this.deckOf('corp'),
      runner: this.deckOf('runner'),
    };
  }

  private ownPool(side: Side): string[] {
    const deck = this.view.deck;
    if (!deck) return this.catalogPool(side);
    return deck.cards.flatMap((e) => Array.from({ length: e.count }, () => e.code));
  }

  private catalogPool(side: Side): string[] {
    return CARDS.filter((c) => c.side === side && c.type !== 'identity').flatMap((c) =>
      Array.from({ length: c.setQuantity }, () => c.code),
    );
  }

  private draw(pool: string[], side: Side, slot: Slot, uid: string): string {
    const fits = (code: string) => fitsSlot(this.g, code, slot, uid);
    const candidates = pool.filter(fits);
    if (candidates.length > 0) {
      const code = this.rng.pick(candidates);
      removeOne(pool, code);
      return code;
    }
    const any = CARDS.filter((c) => c.side === side && c.type !== 'identity' && fits(c.code));
    return this.rng.pick(
      any.length > 0 ? any : CARDS.filter((c) => c.side === side && c.type !== 'identity'),
    ).code;
  }

  private deckOf(side: Side): DeckList {
    if (side === this.viewer && this.view.deck) return this.view.deck;
    const counts = new Map<string, number>();
    for (const c of Object.values(this.g.cards)) {
      if (c.side !== side || c.loc.zone === 'identity') continue;
      counts.set(c.code, (counts.get(c.code) ?? 0) + 1);
    }
    const identity = this.g.cards[this.g[side].identity]?.code ?? '';
    return { identity, cards: [...counts].map(([code, count]) => ({ code, count })) };
  }

  private readonly masked = new Map<string, string>();

  /** A ref of the view's bookkeeping back to a uid (see view/resume.ts for the forms). */
  private uidOf(ref: string): string | undefined {
    const positional = /^(rd|stack):(\d+)$/.exec(ref);
    if (positional) {
      const pile = positional[1] === 'rd' ? this.g.corp.rd : this.g.runner.stack;
      return pile[Number(positional[2])];
    }
    const mask = /^\?(hq|grip|archives):\d+$/.exec(ref);
    if (mask) return this.unmask(ref, mask[1] as 'hq' | 'grip' | 'archives');
    return this.byRef.get(ref);
  }

  /** A hidden card stands for each distinct mask: a random one of its zone, not yet used. */
  private unmask(ref: string, zone: 'hq' | 'grip' | 'archives'): string | undefined {
    const known = this.masked.get(ref);
    if (known) return known;
    const g = this.g;
    const pile = zone === 'hq' ? g.corp.hq : zone === 'grip' ? g.runner.grip : g.corp.archives;
    const used = new Set(this.masked.values());
    const free = pile.filter(
      (u) => !used.has(u) && !(g.cards[u]?.handles[this.viewer] && this.isListed(u)),
    );
    if (free.length === 0) return undefined;
    const uid = this.rng.pick(free);
    this.masked.set(ref, uid);
    return uid;
  }

  /** Whether the viewer sees this card's identity in the view (then it is no mask). */
  private isListed(uid: string): boolean {
    return (this.g.cards[uid]?.code ?? '') !== '' && !this.hidden.some((h) => h.uid === uid);
  }

  private unmap(value: Json | undefined): Json {
    if (typeof value === 'string') return this.uidOf(value) ?? value;
    if (Array.isArray(value)) return value.map((v) => this.unmap(v));
    if (value !== null && typeof value === 'object') {
      const out: Record<string, Json> = {};
      for (const [k, v] of Object.entries(value)) out[this.uidOf(k) ?? k] = this.unmap(v);
      return out;
    }
    return value ?? null;
  }

  finish(): Game {
    const g = this.g;
    const resume = this.view.resume;
    if (resume.run) g.run = this.unmap(resume.run) as unknown as Run;
    g.pauses = {
      ...g.pauses,
      decisions: resume.decisions
        .map((d) => this.unmap(d) as unknown as NetrunnerDecision)
        // A decision the viewer may not read (another seat's hidden card) cannot be resumed.
        .filter((d) => d.kind !== 'card' || d.code !== null),
    };
    g.tasks = resume.tasks.map((t) => this.unmap(t) as unknown as Task);
    // The card being accessed is shown to the viewer by the access prompt.
    const top = g.pauses.decisions.at(-1);
    const shown = this.view.decision?.kind === 'access' ? this.view.decision.card?.code : undefined;
    if (top?.kind === 'access' && shown) {
      const c = g.cards[top.card];
      if (c) c.code = shown;
    }
    return g;
  }
}

function rank(slot: Slot): number {
  return slot === 'any' ? 1 : 0;
}

function removeOne(pool: string[], code: string): void {
  const i = pool.indexOf(code);
  if (i >= 0) pool.splice(i, 1);
}

/** Whether a card of `code` may stand at this slot without contradicting public facts. */
function fitsSlot(g: Game, code: string, slot: Slot, uid: string): boolean {
  const type = typeOf(code);
  switch (slot) {
    case 'any':
      return true;
    case 'ice':
      return type === 'ice';
    case 'central-root':
      return type === 'upgrade';
    case 'remote-root': {
      if (type === 'upgrade') return true;
      if (type !== 'agenda' && type !== 'asset') return false;
      // At most one agenda or asset per remote.
      const loc = g.cards[uid]?.loc;
      if (loc?.zone !== 'root') return true;
      return !(g.servers[loc.server]?.root ?? []).some((other) => {
        if (other === uid) return false;
        const t = g.cards[other]?.code ? typeOf(g.cards[other]?.code ?? '') : null;
        return t === 'agenda' || t === 'asset';
      });
    }
  }
}

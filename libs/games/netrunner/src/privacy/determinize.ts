import type { DeterminizeOptions, GameSnapshot, Rng } from '@veil/engine';
import { netrunnerMachine } from '../machine/machine.js';
import type { StateValue } from 'xstate';
import { CARDS } from '../catalog/index.js';
import { facts, typeOf } from '../facts.js';
import { RULES_VERSION } from '../rules/setup.js';
import { packHandles, visibleAt } from '../state/handles.js';
import { isCentral } from '../state/types.js';
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
 * A full game consistent with what `viewer` sees (AI sampling, docs/architecture.md, "The parts"). Everything public
 * is rebuilt from the view (cards by handle, counters, servers, the run, decisions, windows,
 * the work queue, this turn's memory); every card the viewer cannot see gets a sampled
 * identity. Decklists are open (both are in every view), so each side's hidden cards are dealt
 * from that side's deck list minus every card of it the viewer sees, with facedown installed
 * cards of a kind their position allows (see `fillHidden`). The PRNG states, the other seat's
 * policies and the log are made up (empty log). `view(determinize(v)) = v` for the viewer
 * (tested). With `resampleOwn` the viewer's own cards that only it sees (its hand, its facedown
 * installs and archives) are sampled too, as the other seat would sample them (AI search).
 */
export function determinize(
  view: NetrunnerView,
  viewer: Side,
  rng: Rng,
  options?: DeterminizeOptions,
): GameSnapshot<Game> {
  const b = new Builder(view, viewer, rng, options?.resampleOwn ?? false);
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
    private readonly resampleOwn: boolean,
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
      // The active player's held action is its secret (never in a view): the sample holds
      // none, and the active player chooses again once the window closes (rules/windows.ts).
      held: null,
    };
  }

  /** `ownPrivate`: a card only its owner sees (forgotten when resampling the viewer's own). */
  private add(
    side: Side,
    loc: Location,
    cv: CardView | null,
    slot: Slot,
    ownPrivate = false,
  ): string {
    // A card the other seat remembers is no secret of the viewer's: never resampled.
    const forget = this.resampleOwn && ownPrivate && side === this.viewer && !cv?.opponentRemembers;
    const code = forget ? '' : (cv?.code ?? '');
    const uid = String(this.next);
    this.next += 1;
    // Handles the viewer was not shown are made up: counted, not drawn (a search samples a
    // state per iteration, and three random draws per card were a fifth of its cost). A real
    // handle is `h` + 7 base-36 digits of a uint32, whose first digit is 0 or 1, so one
    // starting `hz` never equals a handle of the view.
    const madeUp = `hz${uid.padStart(6, '0')}`;
    const drawn = { corp: madeUp, runner: madeUp, spectator: madeUp };
    if (cv) drawn[this.viewer] = cv.id;
    const handles = packHandles(drawn.corp, drawn.runner, drawn.spectator);
    const installed = loc.zone === 'ice' || loc.zone === 'root' || loc.zone === 'rig';
    const faceUp =
      !['hq', 'rd', 'grip', 'stack', 'archives', 'ice', 'root'].includes(loc.zone) ||
      (installed && side === 'runner') ||
      (cv?.rezzed ?? false);
    const c: CardState = {
      uid,
      code,
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
      // The other seat's memory of it; the viewer's own is set once placed (`rememberShown`).
      peek: cv?.opponentRemembers ? [this.viewer === 'corp' ? 'runner' : 'corp'] : [],
    };
    this.g.cards[uid] = c;
    if (cv) this.byRef.set(cv.id, uid);
    if (!code) this.hidden.push({ uid, side, slot });
    return uid;
  }

  placeVisible(): void {
    const v = this.view;
    const g = this.g;
    g.corp.identity = this.add('corp', { zone: 'identity' }, v.corp.identity, 'any');
    g.runner.identity = this.add('runner', { zone: 'identity' }, v.runner.identity, 'any');
    for (const cv of v.corp.hq) g.corp.hq.push(this.add('corp', { zone: 'hq' }, cv, 'any', true));
    for (const cv of v.corp.archives.faceUp) {
      const uid = this.add('corp', { zone: 'archives' }, cv, 'any');
      (g.cards[uid] as CardState).faceUp = true;
      g.corp.archives.push(uid);
    }
    for (const cv of v.corp.archives.faceDown) {
      const uid = this.add('corp', { zone: 'archives' }, cv, 'any', true);
      (g.cards[uid] as CardState).faceUp = false;
      g.corp.archives.push(uid);
    }
    const rdKnown = new Map((v.corp.rdKnown ?? []).map((k) => [k.position, k.card]));
    for (let i = 0; i < v.corp.rdCount; i++)
      g.corp.rd.push(this.add('corp', { zone: 'rd' }, rdKnown.get(i) ?? null, 'any'));
    for (const cv of v.corp.scored) {
      g.corp.scored.push(this.add('corp', { zone: 'scored', side: 'corp' }, cv, 'any'));
    }
    for (const s of v.servers) {
      const server = { id: s.id, ice: [] as string[], root: [] as string[] };
      for (const cv of s.ice)
        server.ice.push(this.add('corp', { zone: 'ice', server: s.id }, cv, 'ice', !cv.rezzed));
      const rootSlot: Slot = isCentral(s.id) ? 'central-root' : 'remote-root';
      for (const cv of s.root) {
        server.root.push(
          this.add('corp', { zone: 'root', server: s.id }, cv, rootSlot, !cv.rezzed),
        );
      }
      g.servers[s.id] = server;
      g.serverOrder.push(s.id);
    }
    for (const cv of v.runner.grip)
      g.runner.grip.push(this.add('runner', { zone: 'grip' }, cv, 'any', true));
    const stackKnown = new Map((v.runner.stackKnown ?? []).map((k) => [k.position, k.card]));
    for (let i = 0; i < v.runner.stackCount; i++) {
      const cv = stackKnown.get(i) ?? null;
      g.runner.stack.push(this.add('runner', { zone: 'stack' }, cv, 'any', true));
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
    this.rememberShown();
  }

  /**
   * A card the view names where the viewer could not see it by itself (an R&D card it
   * accessed, a card revealed into the other seat's hand) is in its memory: a peek.
   */
  private rememberShown(): void {
    for (const c of Object.values(this.g.cards)) {
      if (c.code && !visibleAt(c.loc, c, this.viewer) && !c.peek.includes(this.viewer)) {
        c.peek = [...c.peek, this.viewer];
      }
    }
  }

  /**
   * Sampled identities for every card the viewer cannot see. Decklists are open (the view
   * carries both), so for each side the hidden cards are exactly that side's deck list minus
   * every card of the side the viewer sees (its own hand, public zones, rezzed and faceup
   * cards, the card it is accessing): that multiset is dealt out among the hidden places, the
   * constrained ones first (an ice position takes ice; a central root an upgrade; a remote
   * root an agenda, asset or upgrade, at most one agenda or asset per remote). A random deal
   * that strands a constrained place is dealt again (see `deal`).
   */
  fillHidden(): void {
    this.g.decks = { corp: this.view.decks.corp, runner: this.view.decks.runner };
    const shown = this.shownAccess();
    for (const side of ['corp', 'runner'] as const) {
      const pool = deckPool(this.g.decks[side]);
      for (const c of Object.values(this.g.cards)) {
        if (c.side === side && c.code && c.loc.zone !== 'identity') removeOne(pool, c.code);
      }
      let slots = this.hidden.filter((h) => h.side === side);
      if (shown && facts(shown.code).side === side) {
        // The card being accessed is hidden where it lies but named by the access prompt.
        const card = this.g.cards[shown.uid];
        if (card && slots.some((h) => h.uid === shown.uid)) {
          card.code = shown.code;
          removeOne(pool, shown.code);
          slots = slots.filter((h) => h.uid !== shown.uid);
        }
      }
      for (const [uid, code] of this.deal(pool, side, slots)) {
        (this.g.cards[uid] as CardState).code = code;
      }
    }
  }

  /**
   * The card being accessed, when the view names it, and its uid here: the access prompt names
   * it; Byte!'s `pay` question (its own access ability, whose source is the accessed card)
   * names Byte! — unlike its `check`, asked for any other card.
   */
  private shownAccess(): { uid: string; code: string } | null {
    const top = this.view.resume.decisions.at(-1) as
      | {
          kind?: string;
          card?: string;
          code?: string | null;
          choice?: string | null;
          source?: string | null;
        }
      | undefined;
    let code: string | undefined;
    let ref: string | undefined;
    if (top?.kind === 'access' && this.view.decision?.kind === 'access') {
      code = this.view.decision.card?.code;
      ref = top.card;
    } else if (top?.kind === 'card' && top.code === '35050' && top.choice === 'pay') {
      code = top.code;
      ref = top.source ?? undefined;
    }
    if (!code || typeof ref !== 'string') return null;
    const uid = this.uidOf(ref);
    return uid ? { uid, code } : null;
  }

  /**
   * Deals `pool` out to `slots`: constrained slots first, each a random fitting card of what
   * is left. The deck list is the truth, so a deal that fits every slot exists; a random deal
   * may still strand a slot (two remotes both took upgrades the second needed), so up to 50
   * deals are tried. Only if all fail (a deck list that does not match the cards, e.g. a
   * hand-arranged test state) does a stranded slot get a fitting card from the catalog.
   */
  private deal(
    pool: readonly string[],
    side: Side,
    slots: readonly { uid: string; slot: Slot }[],
  ): Map<string, string> {
    let best: Map<string, string> | null = null;
    for (let attempt = 0; attempt < 50; attempt++) {
      const left = [...pool];
      // Only the constrained places need a random order; each free place ('any', dealt last)
      // takes a uniformly random card of what is left, whatever their order.
      const constrained = this.rng.shuffle(slots.filter((x) => x.slot !== 'any'));
      const order = constrained
        .sort((a, b) => rank(a.slot) - rank(b.slot))
        .concat(slots.filter((x) => x.slot === 'any'));
      const dealt = new Map<string, string>();
      let stranded = false;
      for (const { uid, slot } of order) {
        if (slot === 'any' && left.length > 0) {
          // Swap-and-pop: the same multiset left as removing that one copy.
          const i = this.rng.int(left.length);
          dealt.set(uid, left[i] as string);
          left[i] = left[left.length - 1] as string;
          left.pop();
          continue;
        }
        const candidates = left.filter((code) => fitsSlot(this.g, code, slot, uid, dealt));
        if (candidates.length === 0) {
          stranded = true;
          const any = CARDS.filter(
            (c) =>
              c.side === side &&
              c.type !== 'identity' &&
              fitsSlot(this.g, c.code, slot, uid, dealt),
          );
          const all = CARDS.filter((c) => c.side === side && c.type !== 'identity');
          dealt.set(uid, this.rng.pick(any.length > 0 ? any : all).code);
          continue;
        }
        const code = this.rng.pick(candidates);
        removeOne(left, code);
        dealt.set(uid, code);
      }
      if (!stranded) return dealt;
      best ??= dealt;
    }
    return best ?? new Map();
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
    const free = pile.filter((u) => !used.has(u) && !(g.cards[u] && this.isListed(u)));
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
    return g;
  }
}

/** Most constrained first: central roots (upgrades only), remote roots, ice, then the rest. */
function rank(slot: Slot): number {
  return { 'central-root': 0, 'remote-root': 1, ice: 2, any: 3 }[slot];
}

function deckPool(deck: DeckList): string[] {
  return deck.cards.flatMap((e) => Array.from({ length: e.count }, () => e.code));
}

function removeOne(pool: string[], code: string): void {
  const i = pool.indexOf(code);
  if (i >= 0) pool.splice(i, 1);
}

/**
 * Whether a card of `code` may stand at this slot without contradicting public facts, given
 * the cards already placed (`g`) and those dealt so far (`dealt`, uid → code).
 */
function fitsSlot(
  g: Game,
  code: string,
  slot: Slot,
  uid: string,
  dealt: ReadonlyMap<string, string>,
): boolean {
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
        const otherCode = dealt.get(other) ?? g.cards[other]?.code ?? '';
        const t = otherCode ? typeOf(otherCode) : null;
        return t === 'agenda' || t === 'asset';
      });
    }
  }
}

import { applyAction, newGame, restoreGame, type GameSnapshot } from '@veil/engine';
import type { NetrunnerAction } from '../../actions/types.js';
import { netrunner } from '../../module.js';
import { handleOf } from '../../state/handles.js';
import { produce } from '../../state/draft.js';
import { moveCard } from '../../state/zones.js';
import type { Game, Location, ServerId, Side } from '../../state/types.js';

/**
 * Test support for card behaviours (Runner cards): a real game driven through the module's
 * own `legalActions` and machine, with the state arranged by hand between actions. Imported
 * only by `*.test.ts` files.
 */

export type Snap = GameSnapshot<Game>;

export interface KitDecks {
  /** Extra Runner cards (codes) in the stack; filler is Sure Gamble. */
  readonly runner?: readonly string[];
  /** Extra Corp cards (codes) in R&D; filler is Hedge Fund. */
  readonly corp?: readonly string[];
  readonly runnerIdentity?: string;
  readonly corpIdentity?: string;
}

const FILLER_RUNNER = '30030';
const FILLER_CORP = '30075';

function counts(codes: readonly string[], filler: string, fill: number) {
  const map = new Map<string, number>();
  for (const code of codes) map.set(code, (map.get(code) ?? 0) + 1);
  map.set(filler, (map.get(filler) ?? 0) + fill);
  return [...map].map(([code, count]) => ({ code, count }));
}

/** Applies an action that must be legal for `seat` now. */
export function act(s: Snap, seat: Side, action: NetrunnerAction): Snap {
  return applyAction(netrunner, s, seat, action);
}

export function legal(s: Snap, seat: Side): NetrunnerAction[] {
  return netrunner.legalActions(s, seat);
}

export function deciders(s: Snap): Side[] {
  return netrunner.deciders(s);
}

/** The one legal action of `seat` matching `pred` (throws when none). */
export function pick(s: Snap, seat: Side, pred: (a: NetrunnerAction) => boolean): NetrunnerAction {
  const found = legal(s, seat).find(pred);
  if (!found) {
    throw new Error(`no such legal action for ${seat}: ${JSON.stringify(legal(s, seat))}`);
  }
  return found;
}

export function has(s: Snap, seat: Side, pred: (a: NetrunnerAction) => boolean): boolean {
  return legal(s, seat).some(pred);
}

/** Changes the game by hand (test arrangement), keeping the machine where it is. */
export function edit(s: Snap, fn: (g: Game) => void): Snap {
  const context = produce(s.context, fn);
  return restoreGame(netrunner, { value: s.value, context, status: s.status }) as Snap;
}

/** Whoever decides passes (or continues) until `stop` holds. */
export function advance(s: Snap, stop: (s: Snap) => boolean, limit = 200): Snap {
  let cur = s;
  for (let i = 0; i < limit; i++) {
    if (stop(cur) || cur.context.outcome) return cur;
    const seat = deciders(cur)[0];
    if (!seat) throw new Error('nobody decides');
    const options = legal(cur, seat);
    const next =
      options.find((a) => a.type === 'pass') ??
      options.find((a) => a.type === 'choose' && ['continue', 'pile', 'keep'].includes(a.value)) ??
      options.find(
        (a) => a.type === 'choose' && (a.kind === 'discard' || a.kind === 'breach-next'),
      );
    if (!next) throw new Error(`cannot advance for ${seat}: ${JSON.stringify(options)}`);
    cur = act(cur, seat, next);
  }
  throw new Error('advance: limit reached');
}

/** The Runner's action phase, waiting on the Runner. */
export function runnerActing(s: Snap): boolean {
  const w = s.context.pauses.windows.at(-1);
  return (
    s.context.active === 'runner' &&
    !s.context.run &&
    s.context.pauses.decisions.length === 0 &&
    w?.kind === 'runner-action' &&
    deciders(s).includes('runner')
  );
}

/** An encounter's paid ability window is open. */
export function encountering(s: Snap): boolean {
  return s.context.run?.step === 'encounter' && s.context.pauses.windows.length > 0;
}

/** A decision of kind `kind` (card decisions: `<code>:<choice>`) is on top. */
export function deciding(kind: string) {
  return (s: Snap): boolean => {
    const seat = deciders(s)[0];
    if (!seat || s.context.pauses.decisions.length === 0) return false;
    return legal(s, seat).some((a) => a.type === 'choose' && a.kind === kind);
  };
}

/**
 * A game at the start of the Runner's first action phase (turn 2): the Corp clicked for
 * credits, both kept their hands. Then `arrange` changes the state by hand.
 */
export function runnerTurn(decks: KitDecks = {}, arrange?: (g: Game) => void): Snap {
  let s = newGame(
    netrunner,
    {
      corpDeck: {
        identity: decks.corpIdentity ?? '30077',
        cards: counts(decks.corp ?? [], FILLER_CORP, 20),
      },
      runnerDeck: {
        identity: decks.runnerIdentity ?? '30076',
        cards: counts(decks.runner ?? [], FILLER_RUNNER, 20),
      },
    },
    1,
  ) as Snap;
  s = advance(s, (x) => x.context.active === 'corp' && deciders(x).includes('corp') && hasClick(x));
  for (let i = 0; i < 3; i++) s = act(s, 'corp', { type: 'click-credit' });
  s = advance(s, runnerActing);
  return arrange ? edit(s, arrange) : s;
}

function hasClick(s: Snap): boolean {
  return legal(s, 'corp').some((a) => a.type === 'click-credit');
}

/** Moves the first card with `code` from wherever (stack/R&D first) to `to`; returns its uid. */
export function put(
  g: Game,
  code: string,
  to: Location,
  options: { rezzed?: boolean } = {},
): string {
  const side = Object.values(g.cards).find((c) => c.code === code)?.side;
  const pools =
    side === 'corp'
      ? [g.corp.rd, g.corp.hq, g.corp.archives]
      : [g.runner.stack, g.runner.grip, g.runner.heap];
  for (const pool of pools) {
    const uid = pool.find((u) => g.cards[u]?.code === code);
    if (uid === undefined) continue;
    const faceUp = to.zone === 'rig' || (options.rezzed ?? false);
    moveCard(g, uid, to, { faceUp, ...(options.rezzed ? { rezzed: true } : {}) });
    return uid;
  }
  throw new Error(`no free card ${code}`);
}

export const toGrip = (g: Game, code: string): string => put(g, code, { zone: 'grip' });
export const toRig = (g: Game, code: string): string => put(g, code, { zone: 'rig' });

/** Installs a piece of ice (rezzed or not) outermost on `server`. */
export function iceOn(g: Game, code: string, server: ServerId, rezzed = true): string {
  if (!g.servers[server]) {
    g.servers[server] = { id: server, ice: [], root: [] };
    g.serverOrder.push(server);
    g.nextRemote = Math.max(g.nextRemote, Number(server.slice('remote'.length)) + 1);
  }
  return put(g, code, { zone: 'ice', server }, { rezzed });
}

/** Installs a Corp card (rezzed or not) in the root of `server` (a remote is created). */
export function rootOn(g: Game, code: string, server: ServerId, rezzed = false): string {
  if (!g.servers[server]) {
    g.servers[server] = { id: server, ice: [], root: [] };
    g.serverOrder.push(server);
    g.nextRemote = Math.max(g.nextRemote, Number(server.slice('remote'.length)) + 1);
  }
  return put(g, code, { zone: 'root', server }, { rezzed });
}

/** Empties the Runner's grip into the heap, then moves the given codes there. */
export function gripOnly(g: Game, codes: readonly string[]): string[] {
  for (const uid of [...g.runner.grip]) moveCard(g, uid, { zone: 'stack' }, { at: 'bottom' });
  return codes.map((code) => toGrip(g, code));
}

export function handle(s: Snap, uid: string, seat: Side): string {
  return handleOf(s.context, uid, seat);
}

// --- common actions -------------------------------------------------------------------

export function play(s: Snap, uid: string): Snap {
  return act(
    s,
    'runner',
    pick(s, 'runner', (a) => a.type === 'play' && a.card === handle(s, uid, 'runner')),
  );
}

export function install(s: Snap, uid: string, host?: string): Snap {
  const h = handle(s, uid, 'runner');
  const hostHandle = host === undefined ? undefined : handle(s, host, 'runner');
  return act(
    s,
    'runner',
    pick(s, 'runner', (a) => a.type === 'install' && a.card === h && a.host === hostHandle),
  );
}

export function use(s: Snap, uid: string, ability: string, seat: Side = 'runner'): Snap {
  const h = handle(s, uid, seat);
  return act(
    s,
    seat,
    pick(s, seat, (a) => a.type === 'use' && a.card === h && a.ability === ability),
  );
}

/** Uses an interface ability on exactly these subroutines. */
export function breakSubs(s: Snap, uid: string, subs: readonly number[], ability = 'break'): Snap {
  const h = handle(s, uid, 'runner');
  const wanted = JSON.stringify(subs);
  return act(
    s,
    'runner',
    pick(
      s,
      'runner',
      (a) =>
        a.type === 'use' &&
        a.card === h &&
        a.ability === ability &&
        JSON.stringify(a.subs) === wanted,
    ),
  );
}

export function canUse(s: Snap, uid: string, ability: string, seat: Side = 'runner'): boolean {
  const h = handle(s, uid, seat);
  return has(s, seat, (a) => a.type === 'use' && a.card === h && a.ability === ability);
}

/** Answers the pending decision with a literal value or a card (by uid). */
export function choose(s: Snap, seat: Side, value: string, byCard = false): Snap {
  const wanted = byCard ? handle(s, value, seat) : value;
  return act(
    s,
    seat,
    pick(s, seat, (a) => a.type === 'choose' && a.value === wanted),
  );
}

export function choices(s: Snap, seat: Side): string[] {
  return legal(s, seat).flatMap((a) => (a.type === 'choose' ? [a.value] : []));
}

/**
 * When the decider must order simultaneous conditional abilities, resolves `first`'s first
 * (no-op when no such decision is pending).
 */
export function orderFirst(s: Snap, first: string): Snap {
  const seat = deciders(s)[0];
  if (!seat || !legal(s, seat).some((a) => a.type === 'choose' && a.kind === 'order')) return s;
  return choose(s, seat, first, true);
}

export function runOn(s: Snap, server: ServerId): Snap {
  return act(s, 'runner', { type: 'run', server });
}

/** Passes and continues until the run is over and the Runner acts again. */
export function finishRun(s: Snap): Snap {
  return advance(s, runnerActing);
}

/** Ends the Runner's turn (clicks set to 0) and plays on to the Runner's next action phase. */
export function nextRunnerTurn(s: Snap): Snap {
  let cur = edit(s, (g) => {
    g.runner.clicks = 0;
  });
  cur = advance(cur, (x) => x.context.active === 'corp' && hasClick(x));
  cur = edit(cur, (g) => {
    g.corp.clicks = 0;
  });
  return advance(cur, runnerActing);
}

/**
 * For a card installed on a piece of ice (Botulus, Tranquilizer): the install actions the
 * Runner is offered for it from the grip, with no ice installed and then with one unrezzed ice
 * protecting R&D.
 */
export function hostedInstallOffers(code: string): {
  withoutIce: NetrunnerAction[];
  withIce: NetrunnerAction[];
} {
  let uid = '';
  const s = runnerTurn({ runner: [code], corp: ['30072'] }, (g) => void (uid = toGrip(g, code)));
  const h = handle(s, uid, 'runner');
  const installs = (x: Snap) =>
    legal(x, 'runner').filter((a) => a.type === 'install' && a.card === h);
  return {
    withoutIce: installs(s),
    withIce: installs(edit(s, (g) => void iceOn(g, '30072', 'rd', false))),
  };
}

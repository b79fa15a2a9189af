import { applyAction, newGame, restoreGame, type GameSnapshot } from '@veil/engine';
import type { NetrunnerAction } from '../actions/types.js';
import { validateDeck } from '../decks/validate-deck.js';
import type { DeckError } from '../decks/deck-error.js';
import { facts } from '../facts.js';
import { netrunner } from '../module.js';
import { newCard } from '../rules/setup.js';
import { produce } from '../state/draft.js';
import { handleOf } from '../state/handles.js';
import { zoneArray } from '../state/zones.js';
import type { Game, Location, ServerId, Side } from '../state/types.js';

/**
 * Test support for rules and Corp cards: real games driven through the module's legal
 * actions and machine, arranged by hand between actions. Only `*.test.ts` files import it.
 */

export type Snap = GameSnapshot<Game>;

export interface KitOptions {
  readonly corp?: readonly string[];
  readonly runner?: readonly string[];
  readonly corpIdentity?: string;
  readonly runnerIdentity?: string;
  readonly seed?: number;
}

/** A game after setup (mulligans pending); decks are the given codes plus filler. */
export function setup(options: KitOptions = {}): Snap {
  const count = (codes: readonly string[], filler: string) => {
    const map = new Map<string, number>([[filler, 25]]);
    for (const code of codes) map.set(code, (map.get(code) ?? 0) + 1);
    return [...map].map(([code, n]) => ({ code, count: n }));
  };
  return newGame(
    netrunner,
    {
      corpDeck: {
        identity: options.corpIdentity ?? '30077',
        cards: count(options.corp ?? [], '30075'),
      },
      runnerDeck: {
        identity: options.runnerIdentity ?? '30076',
        cards: count(options.runner ?? [], '30030'),
      },
    },
    options.seed ?? 1,
  ) as Snap;
}

export function legal(s: Snap, seat: Side): NetrunnerAction[] {
  return netrunner.legalActions(s, seat);
}

export function deciders(s: Snap): Side[] {
  return netrunner.deciders(s);
}

/** Applies the first legal action of `seat` that matches. */
export function act(
  s: Snap,
  seat: Side,
  match: Partial<NetrunnerAction> | ((a: NetrunnerAction) => boolean),
): Snap {
  const pred =
    typeof match === 'function'
      ? match
      : (a: NetrunnerAction) =>
          Object.entries(match).every(
            ([k, v]) => JSON.stringify((a as Record<string, unknown>)[k]) === JSON.stringify(v),
          );
  const action = legal(s, seat).find(pred);
  if (!action)
    throw new Error(
      `no legal ${JSON.stringify(match)} for ${seat}: ${JSON.stringify(legal(s, seat))}`,
    );
  return applyAction(netrunner, s, seat, action) as Snap;
}

export function can(s: Snap, seat: Side, match: Partial<NetrunnerAction>): boolean {
  return legal(s, seat).some((a) =>
    Object.entries(match).every(
      ([k, v]) => JSON.stringify((a as Record<string, unknown>)[k]) === JSON.stringify(v),
    ),
  );
}

/** Answers the top decision (literal value, or a card by uid). */
export function choose(s: Snap, seat: Side, value: string, byCard = false): Snap {
  const wanted = byCard ? handleOf(s.context, value, seat) : value;
  return act(s, seat, (a) => a.type === 'choose' && a.value === wanted);
}

export function edit(s: Snap, fn: (g: Game) => void): Snap {
  return restoreGame(netrunner, {
    value: s.value,
    context: produce(s.context, fn),
    status: s.status,
  }) as Snap;
}

/** Every decider passes (or says keep/continue) until `stop` holds. */
export function until(s: Snap, stop: (s: Snap) => boolean, limit = 300): Snap {
  let cur = s;
  for (let i = 0; i < limit; i++) {
    if (stop(cur) || cur.context.outcome) return cur;
    const seat = deciders(cur)[0];
    if (!seat) throw new Error('until: nobody decides');
    const options = legal(cur, seat);
    const next =
      options.find((a) => a.type === 'pass') ??
      options.find(
        (a) => a.type === 'choose' && ['keep', 'continue', 'pile', 'done', 'no'].includes(a.value),
      ) ??
      options.find((a) => a.type === 'choose');
    if (!next) throw new Error(`until: ${seat} cannot pass: ${JSON.stringify(options)}`);
    cur = applyAction(netrunner, cur, seat, next) as Snap;
  }
  throw new Error('until: limit reached');
}

/** The active player's action window is waiting on it, nothing else pending. */
export function acting(side: Side) {
  return (s: Snap): boolean => {
    const w = s.context.pauses.windows.at(-1);
    return (
      s.context.active === side &&
      !s.context.run &&
      s.context.pauses.decisions.length === 0 &&
      w?.kind === `${side}-action` &&
      w.status === 'open' &&
      deciders(s).includes(side)
    );
  };
}

/** The Corp's first action phase (turn 1), hands kept. */
export function corpActing(options: KitOptions = {}, arrange?: (g: Game) => void): Snap {
  const s = until(setup(options), acting('corp'));
  return arrange ? edit(s, arrange) : s;
}

/** The Runner's first action phase (turn 2): the Corp took 3 credits. */
export function runnerActing(options: KitOptions = {}, arrange?: (g: Game) => void): Snap {
  let s = corpActing(options);
  for (let i = 0; i < 3; i++) s = act(s, 'corp', { type: 'click-credit' });
  s = until(s, acting('runner'));
  return arrange ? edit(s, arrange) : s;
}

/** Creates a new card instance of `code` at `loc` (arranging a state by hand). */
export function spawn(
  g: Game,
  code: string,
  loc: Location,
  face: { rezzed?: boolean } = {},
): string {
  if ((loc.zone === 'ice' || loc.zone === 'root') && !g.servers[loc.server])
    addRemote(g, loc.server);
  const uid = newCard(g, code, facts(code).side, loc);
  const c = g.cards[uid];
  if (c) {
    c.rezzed = face.rezzed ?? false;
    c.faceUp =
      loc.zone === 'rig' || loc.zone === 'heap' || loc.zone === 'scored' || (face.rezzed ?? false);
    if (loc.zone === 'ice' || loc.zone === 'root' || loc.zone === 'rig') c.installedTurn = 0;
  }
  const zone = zoneArray(g, loc);
  if (loc.zone === 'rd' || loc.zone === 'stack') zone.unshift(uid);
  else zone.push(uid);
  return uid;
}

function addRemote(g: Game, server: ServerId): void {
  g.servers[server] = { id: server, ice: [], root: [] };
  g.serverOrder.push(server);
  g.nextRemote = Math.max(g.nextRemote, Number(server.slice('remote'.length)) + 1);
}

/** Runs on `server` from the Runner's action window. */
export function run(s: Snap, server: ServerId): Snap {
  return act(s, 'runner', { type: 'run', server });
}

export function handle(s: Snap, uid: string, seat: Side): string {
  return handleOf(s.context, uid, seat);
}

/** The kind of the top decision (card decisions: `<code>:<choice>`), if any. */
export function decisionKind(s: Snap): string | undefined {
  const d = s.context.pauses.decisions.at(-1);
  if (!d) return undefined;
  return d.kind === 'card' ? `${d.code}:${d.choice}` : d.kind;
}

export function topWindowKind(s: Snap): string | undefined {
  return s.context.pauses.windows.filter((w) => w.status === 'open').at(-1)?.kind;
}

/**
 * The Runner encountering a rezzed piece of ice `code` protecting `server` (its first action
 * of turn 2), before it breaks anything. Returns the state and the ice. A Runner with no
 * encounter ability in sight is not asked there (rules/public-skip.ts): its subroutines have
 * then fired already, in the step that reached the encounter, and the state is that step's.
 */
export function encountering(
  code: string,
  server: ServerId = 'hq',
  options: KitOptions = {},
  arrange?: (g: Game) => void,
): { s: Snap; ice: string } {
  let ice = '';
  let s = runnerActing(options, (g) => {
    ice = spawn(g, code, { zone: 'ice', server }, { rezzed: true });
    arrange?.(g);
  });
  const before = s.context.log.length;
  s = run(s, server);
  s = until(
    s,
    (x) =>
      (x.context.run?.step === 'encounter' && topWindowKind(x) === 'run-encounter') ||
      x.context.log.slice(before).some((e) => e.text === 'Runner encounters {0}.'),
  );
  return { s, ice };
}

/**
 * Lets the unbroken subroutines fire: the Runner passes the encounter window, if it was asked
 * (else they fired already, see `encountering`).
 */
export function fireSubroutines(s: Snap): Snap {
  const asked = topWindowKind(s) === 'run-encounter' && deciders(s).includes('runner');
  return asked ? act(s, 'runner', { type: 'pass' }) : s;
}

/** Plays an operation from HQ (spawned there) in the Corp's first action phase. */
export function playOperation(
  code: string,
  options: KitOptions = {},
  arrange?: (g: Game) => void,
): Snap {
  let op = '';
  const s = corpActing(options, (g) => {
    op = spawn(g, code, { zone: 'hq' });
    arrange?.(g);
  });
  return act(s, 'corp', { type: 'play', card: handle(s, op, 'corp') });
}

/** Scores a fully advanced agenda `code` from a remote in the Corp's first action phase. */
export function scoreAgenda(
  code: string,
  options: KitOptions = {},
  arrange?: (g: Game, agenda: string) => void,
): { s: Snap; agenda: string } {
  let agenda = '';
  let s = corpActing(options, (g) => {
    agenda = spawn(g, code, { zone: 'root', server: 'remote1' });
    g.cards[agenda]!.counters = { advancement: facts(code).advancementCost ?? 0 };
    arrange?.(g, agenda);
  });
  s = act(s, 'corp', { type: 'score', card: handle(s, agenda, 'corp') });
  return { s, agenda };
}

/** The `over-deck-limit` errors of a deck of `count` copies of `code` for `identity`. */
export function deckLimitErrors(identity: string, code: string, count: number): DeckError[] {
  const result = validateDeck({ id: 'd', name: 'd', identity, cards: [{ code, count }] });
  return result.ok ? [] : result.errors.filter((e) => e.kind === 'over-deck-limit');
}

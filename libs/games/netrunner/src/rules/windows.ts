import {
  commitWindow,
  nextPauseId,
  openWindow,
  passWindow as enginePass,
  type Policies,
  type ReactionWindow,
  type WindowPolicy,
} from '@veil/engine';
import type { NetrunnerAction } from '../actions/types.js';
import { otherSide, type Game, type HeldAction, type Side } from '../state/types.js';
import { DEFAULT_POLICIES, WINDOW_KINDS, type WindowKind } from '../window-kinds.js';
import { mayActPublicly } from './public-skip.js';

/**
 * Paid ability windows (CR timing structures), as neutral engine reaction windows: they open
 * from the timing structure alone, with the same participants and pass/close protocol whether
 * or not anyone holds something usable. The active player has priority first; a seat that used
 * an ability keeps priority (a reopened window is led by it), and a window closes when both
 * have passed in succession.
 *
 * In the two action-phase windows the active player passes by choosing its action: the action
 * is held (`Game.held`, seen by no one else) while the other seat is asked — by default it
 * auto-passes, and the action is carried out at once. If the other seat passes, the window has
 * closed and the held action is taken (CR 5.6.2b / 5.7.1f); if it uses a paid ability instead,
 * the held action is dropped unseen and the window reopens with that seat first. With no clicks
 * left, the active player's `pass` ends the action phase.
 */
export { DEFAULT_POLICIES, WINDOW_KINDS, type WindowKind } from '../window-kinds.js';

/** The seat whose action phase a merged action window belongs to. */
export function actionWindowActor(kind: string): Side | null {
  if (kind === 'corp-action') return 'corp';
  if (kind === 'runner-action') return 'runner';
  return null;
}

/** Windows in which the Corp may rez non-ice cards (R). */
export function allowsRez(kind: string): boolean {
  return kind !== 'run-encounter' && kind !== 'run-pass-ice';
}

/** Windows in which the Corp may score agendas (S): its draw and action phases. */
export function allowsScore(kind: string): boolean {
  return kind === 'corp-draw' || kind === 'corp-action';
}

export function isWindowKind(kind: string): kind is WindowKind {
  return (WINDOW_KINDS as readonly string[]).includes(kind);
}

/**
 * Policies in force for this window: `auto-pass` for a seat public facts leave nothing to do
 * (`public-skip.ts`), else each seat's own, else the game default.
 */
function effectivePolicies(g: Game, kind: WindowKind, exempt: Side | null): Policies<Side> {
  const out: Policies<Side> = {};
  for (const seat of ['corp', 'runner'] as const) {
    if (seat === exempt) continue;
    // A seat public facts leave nothing to do is not asked, whatever its policy.
    const policy = mayActPublicly(g, seat, kind)
      ? (g.pauses.policies[seat]?.[kind] ?? DEFAULT_POLICIES[kind][seat])
      : 'auto-pass';
    const known = policy === 'auto-pass' || policy === 'stop';
    out[seat] = known ? ONE_POLICY[kind][policy] : { [kind]: policy };
  }
  return out;
}

/**
 * `{ [kind]: policy }` for every window kind and policy, made once: a window opens on almost
 * every step, and a literal with a computed key is slow in V8. Only ever read (`openWindow`).
 */
const ONE_POLICY = Object.fromEntries(
  WINDOW_KINDS.map((kind) => [
    kind,
    {
      'auto-pass': Object.freeze({ [kind]: 'auto-pass' }),
      stop: Object.freeze({ [kind]: 'stop' }),
    },
  ]),
) as unknown as Record<WindowKind, Record<WindowPolicy, Readonly<Record<string, WindowPolicy>>>>;

/**
 * Opens a paid ability window. `first` has priority first (default: the active player). The
 * active player is never auto-passed out of its own action window: it must choose an action.
 */
export function openPaw(g: Game, kind: WindowKind, first?: Side): void {
  const actor = actionWindowActor(kind);
  const leader = first ?? g.active;
  const participants: Side[] = [leader, otherSide(leader)];
  const [id, pauses] = nextPauseId(g.pauses);
  const window = openWindow(
    {
      id,
      kind,
      cause: {
        turn: g.turn,
        server: g.run?.server ?? null,
        position: g.run?.position ?? null,
      },
      participants,
    },
    effectivePolicies(g, kind, actor),
  );
  g.pauses = withWindows(pauses, [...pauses.windows, window]);
}

/**
 * `pauses` with other windows. Built field by field (a spread with an overriding key is
 * several times slower in V8), in the order the engine makes the record in (`emptyPauses`).
 */
function withWindows(
  pauses: Game['pauses'],
  windows: readonly ReactionWindow<Side>[],
): Game['pauses'] {
  return {
    decisions: pauses.decisions,
    windows,
    policies: pauses.policies,
    nextId: pauses.nextId,
  };
}

export function topWindow(g: Game): ReactionWindow<Side> | undefined {
  return g.pauses.windows[g.pauses.windows.length - 1];
}

/** Removes the window of the state being left. */
export function dropTopWindow(g: Game): void {
  g.pauses = withWindows(g.pauses, g.pauses.windows.slice(0, -1));
}

/** Closes every window (a run ends: open paid ability windows close). */
export function dropAllWindows(g: Game): void {
  g.pauses = withWindows(g.pauses, []);
}

function replaceTop(g: Game, window: ReactionWindow<Side>): void {
  g.pauses = withWindows(g.pauses, [...g.pauses.windows.slice(0, -1), window]);
}

export function passTopWindow(g: Game, seat: Side): void {
  const w = topWindow(g);
  if (w) replaceTop(g, enginePass(w, seat));
}

/** An activation commits the window; a held action is dropped unseen (its seat chooses again). */
export function commitTopWindow(g: Game, seat: Side): void {
  const w = topWindow(g);
  if (w) replaceTop(g, commitWindow(w, seat));
  if (g.held) g.held = null;
}

/** The active player passes by choosing its click action, held until the window closes. */
export function holdAction(g: Game, seat: Side, action: NetrunnerAction): void {
  g.held = { seat, action };
  passTopWindow(g, seat);
}

/** The held action, taken off the game (to be carried out, or dropped unseen). */
export function takeHeld(g: Game): HeldAction | null {
  const held = g.held;
  if (held) g.held = null;
  return held;
}

/** The seat that acted in a committed window keeps priority when it reopens. */
export function reopenLeader(g: Game): Side | undefined {
  const w = topWindow(g);
  return w?.status === 'committed' ? (w.committedBy ?? undefined) : undefined;
}

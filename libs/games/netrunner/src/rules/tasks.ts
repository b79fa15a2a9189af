import { nextPauseId, pushDecision as pushOnStack } from '@veil/engine';
import { behaviourOf, codesTriggeredBy } from '../cards/registry.js';
import type { ActiveWhere } from '../cards/behaviour.js';
import type { GameEvent, RuleTask, Task } from '../state/tasks-types.js';
import type { CardState, Game, Json, NetrunnerDecision, Side } from '../state/types.js';
import { cardsForReading } from '../state/draft.js';
import { pruneEmptyRemotes } from '../state/zones.js';
import { runRuleTask } from './rule-tasks.js';
import { endRunIfServerGone } from './run.js';

/**
 * The work queue interpreter. An effect that needs an answer pushes a decision and stops; the
 * decision record names what resumes. Work produced while a task runs (its next steps and the
 * conditional abilities it triggers) goes before older queued work, so every ability resolves
 * fully, depth first, before the game moves on.
 */

export function queueTask(g: Game, task: Task): void {
  g.tasks.push(task);
}

export function queueRule(g: Game, rule: RuleTask): void {
  g.tasks.push({ t: 'rule', rule });
}

export function queueStep(
  g: Game,
  code: string,
  step: string,
  source: string | null,
  data: Json = null,
): void {
  g.tasks.push({ t: 'step', code, step, source, data });
}

type NewDecision = NetrunnerDecision extends infer D
  ? D extends NetrunnerDecision
    ? Omit<D, 'id'>
    : never
  : never;

/** Pushes a decision on the stack; the queue stops until it is answered. */
export function pushDecision(g: Game, decision: NewDecision): number {
  const [id, pauses] = nextPauseId(g.pauses);
  g.pauses = withDecisions(
    pauses,
    pushOnStack(pauses.decisions, { ...decision, id } as NetrunnerDecision),
  );
  return id;
}

/**
 * `pauses` with other decisions: a spread, then the one field set — as fast as a literal in
 * V8 (a spread with an overriding key is several times slower), and the record keeps its
 * key order.
 */
export function withDecisions(
  pauses: Game['pauses'],
  decisions: Game['pauses']['decisions'],
): Game['pauses'] {
  const next: { -readonly [K in keyof Game['pauses']]: Game['pauses'][K] } = { ...pauses };
  next.decisions = decisions;
  return next;
}

export function hasDecision(g: Game): boolean {
  return g.pauses.decisions.length > 0;
}

/** Runs queued work until it is empty, a decision is pending, a run starts, or the game ends. */
export function runTasks(g: Game): void {
  drainTasks(g);
  if (g.tasks.length === 0 && !hasDecision(g)) {
    pruneEmptyRemotes(g);
    endRunIfServerGone(g);
  }
}

function drainTasks(g: Game): void {
  let stackedBatch: number | null = null;
  while (g.tasks.length > 0 && !g.outcome) {
    const [task, ...rest] = g.tasks as [Task, ...Task[]];
    // A pending decision stops the queue, except for more abilities of the batch that is
    // being stacked (they only push decisions of their own, answered last-in first-out).
    if (hasDecision(g) && !(stacks(task) && task.t === 'trigger' && task.batch === stackedBatch)) {
      break;
    }
    if (task.t === 'trigger' && stacks(task)) stackedBatch = task.batch;
    if (needsOrder(g, g.tasks)) {
      const head = g.tasks[0];
      if (head?.t === 'trigger')
        pushDecision(g, { kind: 'order', seat: controllerOf(g, head), batch: head.batch });
      break;
    }
    g.tasks = [];
    const runBefore = g.run?.id;
    executeTask(g, task);
    g.tasks = [...g.tasks, ...rest];
    // Runs only move on in the chart, so a run this task did not find is one it announced.
    if (g.run && g.run.id !== runBefore) {
      // A new run suspends the effect that started it until the run is complete.
      g.run.after = [...g.tasks, ...g.run.after];
      g.tasks = [];
      return;
    }
  }
}

/** Who resolves a conditional ability: the controller of its source. */
export function controllerOf(g: Game, task: Extract<Task, { t: 'trigger' }>): Side {
  return g.cards[task.source]?.side ?? 'corp';
}

/**
 * The pending conditional abilities of the head's controller (CR 9.2), which it orders: its
 * abilities in the run of abilities at the head of the queue, whichever event each met its
 * condition on. Work that is not an ability (the rest of an effect) ends the run: abilities
 * behind it are not pending yet. The active player's pool passes over the other player's
 * abilities (the active player resolves all of its own first); the other player's stops at
 * the active player's, so none of its abilities moves ahead of them.
 */
export function simultaneous(g: Game, tasks: readonly Task[]): Extract<Task, { t: 'trigger' }>[] {
  const head = tasks[0];
  if (head?.t !== 'trigger') return [];
  const side = controllerOf(g, head);
  const out: Extract<Task, { t: 'trigger' }>[] = [];
  for (const t of tasks) {
    if (t.t !== 'trigger') break;
    if (controllerOf(g, t) === side) out.push(t);
    else if (side !== g.active) break;
  }
  return out;
}

function needsOrder(g: Game, tasks: readonly Task[]): boolean {
  const head = tasks[0];
  if (head?.t !== 'trigger' || head.ordered || stacks(head)) return false;
  const group = simultaneous(g, tasks).filter((t) => !stacks(t));
  return new Set(group.map((t) => t.source)).size >= 2;
}

/** The controller picked `source`'s ability to resolve next: move it to the head. */
export function orderNext(g: Game, source: string): void {
  const group = simultaneous(g, g.tasks);
  const chosen = group.find((t) => t.source === source);
  if (!chosen) return;
  const index = g.tasks.indexOf(chosen);
  g.tasks = [{ ...chosen, ordered: true }, ...g.tasks.slice(0, index), ...g.tasks.slice(index + 1)];
}

function stacks(task: Task): boolean {
  return task.t === 'trigger' && behaviourOf(task.code)?.triggers?.[task.index]?.stacks === true;
}

/** Runs `fn` (a decision answer or an action) as if it were a task at the head of the queue. */
export function resolveNow(g: Game, fn: () => void): void {
  const rest = g.tasks;
  g.tasks = [];
  const runBefore = g.run?.id;
  fn();
  g.tasks = [...g.tasks, ...rest];
  if (g.run && g.run.id !== runBefore) {
    g.run.after = [...g.tasks, ...g.run.after];
    g.tasks = [];
    return;
  }
  runTasks(g);
}

function executeTask(g: Game, task: Task): void {
  switch (task.t) {
    case 'rule':
      runRuleTask(g, task.rule);
      return;
    case 'step': {
      const step = behaviourOf(task.code)?.steps?.[task.step];
      if (!step) throw new Error(`no step ${task.code}/${task.step}`);
      step(g, task.source, task.data);
      return;
    }
    case 'trigger': {
      const trigger = behaviourOf(task.code)?.triggers?.[task.index];
      if (!trigger) throw new Error(`no trigger ${task.code}#${task.index}`);
      const source = g.cards[task.source];
      // An ability whose source is no longer active when it would resolve does nothing.
      if (!source || !isActiveFor(g, source, trigger.where ?? 'installed', task.event)) return;
      trigger.resolve(g, task.source, task.event);
      return;
    }
  }
}

/** Whether a card's abilities of the given kind are active where it is now. */
export function isActiveFor(g: Game, c: CardState, where: ActiveWhere, event?: GameEvent): boolean {
  if (g.run?.mods.persistent.includes(c.uid)) return true;
  switch (where) {
    case 'identity':
      return c.loc.zone === 'identity';
    case 'scored':
      return c.loc.zone === 'scored';
    case 'accessed':
      return event !== undefined && 'card' in event && event.card === c.uid;
    case 'installed':
      if (c.side === 'runner') return c.loc.zone === 'rig';
      return (c.loc.zone === 'ice' || c.loc.zone === 'root') && c.rezzed;
  }
}

/** Cards whose abilities may be active, in resolution order for `side`. */
function candidateSources(g: Game, side: Side): string[] {
  // Plain loops (this runs for every event fired): identity, scored agendas, installed cards
  // in server order (root, then ice), the Runner's scored agendas, persistent cards.
  if (side === 'corp') {
    const out = [g.corp.identity, ...g.corp.scored];
    for (const id of g.serverOrder) {
      const s = g.servers[id];
      if (!s) continue;
      for (const uid of s.root) out.push(uid);
      for (const uid of s.ice) out.push(uid);
    }
    for (const uid of g.runner.scored) out.push(uid);
    for (const uid of g.run?.mods.persistent ?? []) out.push(uid);
    return out;
  }
  return [g.runner.identity, ...g.runner.rig];
}

/**
 * An event happened: queue every conditional ability that meets its trigger condition. The
 * active player's abilities come first; each player's in a fixed order (identity, scored
 * agendas, installed cards in server/install order), which the player reorders when two or
 * more are pending (`simultaneous`).
 */
export function fire(g: Game, event: GameEvent): void {
  const order: Side[] = g.active === 'corp' ? ['corp', 'runner'] : ['runner', 'corp'];
  const batch = g.nextBatch;
  g.nextBatch += 1;
  const listening = codesTriggeredBy(event.e);
  if (listening.size === 0) return;
  // Read only: the plain record, so a draft does not copy every card it looks at.
  const cards = cardsForReading(g);
  for (const side of order) {
    for (const uid of candidateSources(g, side)) {
      const c = cards[uid];
      if (!c || !listening.has(c.code)) continue;
      const triggers = behaviourOf(c.code)?.triggers ?? [];
      for (let index = 0; index < triggers.length; index++) {
        const trigger = triggers[index] as (typeof triggers)[number];
        if (trigger.on !== event.e) continue;
        if (!isActiveFor(g, c, trigger.where ?? 'installed', event)) continue;
        if (trigger.when && !trigger.when(g, uid, event)) continue;
        g.tasks.push({ t: 'trigger', code: c.code, index, source: uid, event, batch });
      }
    }
  }
}

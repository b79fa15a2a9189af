import type { CardState, Game, Run } from './types.js';

/**
 * Rule functions change a private draft of the game; every machine action starts from a fresh
 * draft, so a transition never touches the snapshot it was given (pure at the machine
 * boundary; a test deep-freezes inputs to hold this). The draft copies every structure rule
 * code mutates in place and shares the ones only ever replaced (PRNG states, locations, the
 * pause records, tasks, written log entries).
 */
export function draft(g: Game): Game {
  // Integer-string keys: the record copies as fast as an array.
  const cards: Record<string, CardState> = { ...g.cards };
  for (const uid in cards) cards[uid] = copyCard(cards[uid] as CardState);
  const servers: Game['servers'] = {};
  for (const [id, s] of Object.entries(g.servers)) {
    servers[id] = { id: s.id, ice: [...s.ice], root: [...s.root] };
  }
  return {
    ...g,
    cards,
    corp: {
      ...g.corp,
      hq: [...g.corp.hq],
      rd: [...g.corp.rd],
      archives: [...g.corp.archives],
      scored: [...g.corp.scored],
    },
    runner: {
      ...g.runner,
      grip: [...g.runner.grip],
      stack: [...g.runner.stack],
      heap: [...g.runner.heap],
      rig: [...g.runner.rig],
      scored: [...g.runner.scored],
    },
    servers,
    serverOrder: [...g.serverOrder],
    playArea: [...g.playArea],
    removed: [...g.removed],
    run: g.run ? draftRun(g.run) : null,
    mulligansDone: [...g.mulligansDone],
    tasks: [...g.tasks],
    memory: {
      ...g.memory,
      runsOn: [...g.memory.runsOn],
      successfulRunsOn: [...g.memory.successfulRunsOn],
      scoredPoints: [...g.memory.scoredPoints],
      firsts: { ...g.memory.firsts },
    },
    log: g.log.slice(),
  };
}

/** Field by field: one object shape for every card keeps the copy fast. */
function copyCard(c: CardState): CardState {
  return {
    uid: c.uid,
    code: c.code,
    side: c.side,
    loc: c.loc,
    rezzed: c.rezzed,
    faceUp: c.faceUp,
    counters: c.counters,
    host: c.host,
    installedTurn: c.installedTurn,
    noScoreTurn: c.noScoreTurn,
    used: c.used,
    handles: c.handles,
    peek: c.peek,
  };
}

function draftRun(run: Run): Run {
  return {
    ...run,
    encounter: run.encounter
      ? { ...run.encounter, broken: [...run.encounter.broken], pumps: { ...run.encounter.pumps } }
      : null,
    breach: run.breach
      ? { ...run.breach, pending: [...run.breach.pending], seen: [...run.breach.seen] }
      : null,
    mods: {
      ...run.mods,
      trashAtEnd: [...run.mods.trashAtEnd],
      persistent: [...run.mods.persistent],
    },
    after: [...run.after],
  };
}

export function produce(g: Game, change: (draft: Game) => void): Game {
  const next = draft(g);
  change(next);
  return next;
}

/**
 * One draft per transition. A machine transition runs several actions (the event's handler,
 * then the entry actions of every state it passes through); copying the game for each would
 * dominate the cost of an action. So the handler of a seat's event starts a draft
 * (`beginDraft`), and later actions of the same transition — recognised by the same event
 * object and a context whose fields are still the draft's — keep changing it
 * (`continueDraft`). The snapshot a transition started from is never touched: its structures
 * are copied by `beginDraft` before any change. Handlers that start no draft (a pass, a
 * policy) call `endDrafts`, so nothing carries over from an earlier transition.
 */
let current: { readonly event: object; readonly draft: Game } | null = null;

export function beginDraft(event: object, g: Game): Game {
  const d = draft(g);
  current = { event, draft: d };
  return d;
}

export function continueDraft(event: object, g: Game): Game {
  if (current && current.event === event && sameFields(g, current.draft)) return current.draft;
  return beginDraft(event, g);
}

/** The transition's draft if `g` is still it, else null (for changes that need no copy). */
export function draftIfCurrent(event: object, g: Game): Game | null {
  return current && current.event === event && sameFields(g, current.draft) ? current.draft : null;
}

export function endDrafts(): void {
  current = null;
}

function sameFields(g: Game, d: Game): boolean {
  for (const key in d) {
    if (
      (g as unknown as Record<string, unknown>)[key] !==
      (d as unknown as Record<string, unknown>)[key]
    ) {
      return false;
    }
  }
  return true;
}

import { sourceVisible } from '../rules/decisions.js';
import { canSee } from '../state/handles.js';
import type { Game, Json, TurnMemory, Viewer } from '../state/types.js';

/**
 * The public bookkeeping a determinizer needs to resume a game from a view (the pending
 * decisions' records, the work queue, the run's progress and lingering effects, this turn's
 * memory). Every card in it is a *ref*: the viewer's handle, or `rd:<i>` / `stack:<i>` (a
 * public position) for a card in R&D or the stack. Nothing in it depends on a card the viewer
 * cannot see; the HQ cards already accessed in a breach are only counted for a blind viewer,
 * so a handle is never tied to a card it saw.
 */
export interface ResumeView {
  readonly mulligansDone: readonly string[];
  readonly nextRemote: number;
  readonly nextRunId: number;
  readonly nextBatch: number;
  readonly pausesNextId: number;
  readonly memory: TurnMemory;
  readonly decisions: readonly Json[];
  readonly tasks: readonly Json[];
  readonly run: Json | null;
}

/** A card as a viewer may name it in bookkeeping. */
export function refOf(g: Game, uid: string, viewer: Viewer): string {
  const c = g.cards[uid];
  if (!c) return uid;
  if (c.loc.zone === 'rd') return `rd:${g.corp.rd.indexOf(uid)}`;
  if (c.loc.zone === 'stack') return `stack:${g.runner.stack.indexOf(uid)}`;
  return c.handles[viewer];
}

/** Replaces every card uid inside a JSON value by its ref. */
export function mapRefs(g: Game, value: unknown, viewer: Viewer): Json {
  if (typeof value === 'string') return g.cards[value] ? refOf(g, value, viewer) : value;
  if (Array.isArray(value)) return value.map((v) => mapRefs(g, v, viewer));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v !== undefined) out[g.cards[k] ? refOf(g, k, viewer) : k] = mapRefs(g, v, viewer);
    }
    return out;
  }
  return value as Json;
}

export function resumeView(g: Game, viewer: Viewer): ResumeView {
  return {
    mulligansDone: g.mulligansDone,
    nextRemote: g.nextRemote,
    nextRunId: g.nextRunId,
    nextBatch: g.nextBatch,
    pausesNextId: g.pauses.nextId,
    memory: g.memory,
    decisions: g.pauses.decisions.map((d) =>
      // A card decision whose card the viewer may not see (a Byte! accessed in HQ, for a
      // spectator) keeps only who decides.
      d.kind === 'card' && !sourceVisible(g, d.source, viewer)
        ? {
            id: d.id,
            seat: d.seat,
            kind: 'card',
            code: null,
            choice: null,
            source: null,
            data: null,
          }
        : mapRefs(g, d, viewer),
    ),
    tasks: g.tasks.map((t) => mapRefs(g, t, viewer)),
    run: g.run ? runRefs(g, viewer) : null,
  };
}

function runRefs(g: Game, viewer: Viewer): Json {
  const run = g.run;
  if (!run) return null;
  const breach = run.breach;
  const shown = (uid: string) => {
    const c = g.cards[uid];
    return (
      !!c &&
      (canSee(c, viewer) || c.loc.zone === 'rd' || c.loc.zone === 'stack' || c.loc.zone === 'root')
    );
  };
  const mapped = mapRefs(g, { ...run, breach: null }, viewer) as Record<string, Json>;
  return {
    ...mapped,
    breach: breach
      ? {
          server: breach.server,
          pileLeft: breach.pileLeft,
          accessed: breach.accessed,
          pending: breach.pending.map((u) => refOf(g, u, viewer)),
          seen: breach.seen.filter(shown).map((u) => refOf(g, u, viewer)),
          hiddenSeen: breach.seen.filter((u) => !shown(u)).length,
          current: breach.current
            ? {
                ref: shown(breach.current.uid) ? refOf(g, breach.current.uid, viewer) : null,
                from: breach.current.from,
              }
            : null,
        }
      : null,
  };
}

import { sourceVisible } from '../rules/decisions.js';
import { canSee, cardHandle } from '../state/handles.js';
import type { Game, Json, TurnMemory, Viewer } from '../state/types.js';

/**
 * The public bookkeeping a determinizer needs to resume a game from a view (the pending
 * decisions' records, the work queue, the run's progress and lingering effects, this turn's
 * memory). Every card in it is a *ref*:
 *  - the viewer's handle, for a card the view lists;
 *  - `rd:<i>` / `stack:<i>`, a public position, for a card in R&D or the stack;
 *  - `?<zone>:<k>` for a card the viewer cannot see in HQ, the grip or facedown Archives —
 *    numbered by first appearance in this record, never by handle, so the bookkeeping cannot
 *    tie a handle to a card the viewer saw (the HQ card being accessed, for instance).
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

class Refs {
  private readonly masks = new Map<string, string>();
  constructor(
    private readonly g: Game,
    private readonly viewer: Viewer,
  ) {}

  of(uid: string): string {
    const g = this.g;
    const c = g.cards[uid];
    if (!c) return uid;
    if (c.loc.zone === 'rd') return `rd:${g.corp.rd.indexOf(uid)}`;
    if (c.loc.zone === 'stack') return `stack:${g.runner.stack.indexOf(uid)}`;
    const unordered = c.loc.zone === 'hq' || c.loc.zone === 'grip' || c.loc.zone === 'archives';
    if (unordered && !canSee(c, this.viewer)) {
      let mask = this.masks.get(uid);
      if (!mask) {
        mask = `?${c.loc.zone}:${this.masks.size}`;
        this.masks.set(uid, mask);
      }
      return mask;
    }
    return cardHandle(c, this.viewer);
  }

  /** Replaces every card uid inside a JSON value (values and keys) by its ref. */
  map(value: unknown): Json {
    const g = this.g;
    if (typeof value === 'string') return g.cards[value] ? this.of(value) : value;
    if (Array.isArray(value)) return value.map((v) => this.map(v));
    if (value !== null && typeof value === 'object') {
      const out: Record<string, Json> = {};
      for (const [k, v] of Object.entries(value)) {
        if (v !== undefined) out[g.cards[k] ? this.of(k) : k] = this.map(v);
      }
      return out;
    }
    return value as Json;
  }
}

export function resumeView(g: Game, viewer: Viewer): ResumeView {
  const refs = new Refs(g, viewer);
  return {
    mulligansDone: g.mulligansDone,
    nextRemote: g.nextRemote,
    nextRunId: g.nextRunId,
    nextBatch: g.nextBatch,
    pausesNextId: g.pauses.nextId,
    memory: g.memory,
    run: g.run ? refs.map(g.run) : null,
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
        : refs.map(d),
    ),
    tasks: g.tasks.map((t) => refs.map(t)),
  };
}

import type { DuneState, Faction } from '../state/types.js';

/** Phases where seats act one at a time in storm order keep a cursor; past the end, the phase is done. */

export function startCursor(state: DuneState, order: readonly Faction[]): DuneState {
  const s = { ...state, cursor: { order: [...order], index: 0, shipped: false } };
  return order.length === 0 ? { ...s, cursor: null, phaseDone: true } : s;
}

export function cursorSeat(state: DuneState): Faction | null {
  const c = state.cursor;
  return c ? (c.order[c.index] ?? null) : null;
}

export function advanceCursor(state: DuneState): DuneState {
  const c = state.cursor;
  if (!c) return state;
  const index = c.index + 1;
  if (index >= c.order.length) return { ...state, cursor: null, phaseDone: true };
  return { ...state, cursor: { order: c.order, index, shipped: false } };
}

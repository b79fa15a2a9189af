import { blindViewers, rotateHandles } from '../state/handles.js';
import { card, serverOf } from '../state/zones.js';
import type { Game } from '../state/types.js';

/**
 * Swaps two installed pieces of ice: each takes the other's server and position. Neither is
 * uninstalled (rez state, counters and hosted cards stay). The Runner's position is a position,
 * so it now holds the other ice (CR: swapping approached ice). A piece a viewer cannot see gets a
 * new handle for that viewer, as any hidden card that moves does: a facedown piece is named by
 * its new position, never followed by its old handle.
 */
export function swapIce(g: Game, a: string, b: string): void {
  const ca = card(g, a);
  const cb = card(g, b);
  if (ca.loc.zone !== 'ice' || cb.loc.zone !== 'ice') return;
  const la = ca.loc;
  const lb = cb.loc;
  const sa = serverOf(g, la.server).ice;
  const sb = serverOf(g, lb.server).ice;
  const ia = sa.indexOf(a);
  const ib = sb.indexOf(b);
  sa[ia] = b;
  sb[ib] = a;
  ca.loc = lb;
  cb.loc = la;
  rotateHandles(g, a, blindViewers(ca));
  rotateHandles(g, b, blindViewers(cb));
}

import { blindViewers, rotateHandles } from '../state/handles.js';
import { card, writableServerOf } from '../state/zones.js';
import type { Game } from '../state/types.js';
import { iceAtPosition } from './run.js';

/**
 * Swaps two installed pieces of ice: each takes the other's server and position. Neither is
 * uninstalled (rez state, counters and hosted cards stay). The Runner at the position of one of
 * them (approaching, encountering or passing it) moves with that piece: the run goes on from
 * its new position, against the server it now protects (CR: a moved piece of ice takes the
 * Runner's position with it). A piece a viewer cannot see gets a new handle for that viewer,
 * as any hidden card that moves does: a facedown piece is named by its new position, never
 * followed by its old handle.
 */
export function swapIce(g: Game, a: string, b: string): void {
  const ca = card(g, a);
  const cb = card(g, b);
  if (ca.loc.zone !== 'ice' || cb.loc.zone !== 'ice') return;
  const la = ca.loc;
  const lb = cb.loc;
  const sa = writableServerOf(g, la.server).ice;
  const sb = writableServerOf(g, lb.server).ice;
  const ia = sa.indexOf(a);
  const ib = sb.indexOf(b);
  const runnerAt = iceAtPosition(g);
  sa[ia] = b;
  sb[ib] = a;
  ca.loc = lb;
  cb.loc = la;
  const run = g.run;
  if (run && runnerAt === a) {
    run.server = lb.server;
    run.position = ib;
  } else if (run && runnerAt === b) {
    run.server = la.server;
    run.position = ia;
  }
  rotateHandles(g, a, blindViewers(ca));
  rotateHandles(g, b, blindViewers(cb));
}

import type { Game, Side } from '../state/types.js';

/** Credits and clicks in the players' pools. */

export function gainCredits(g: Game, side: Side, n: number): void {
  if (n > 0) g[side].credits += n;
}

/** Losing never goes below 0 (only the pool: hosted credits are never lost). */
export function loseCredits(g: Game, side: Side, n: number): void {
  g[side].credits = Math.max(0, g[side].credits - Math.max(0, n));
}

/** Credits a side may spend now: its pool, plus credits it may spend from cards during a run. */
export function spendable(g: Game, side: Side): number {
  const hosted = side === 'runner' && g.run ? g.run.mods.hostedCredits : 0;
  return g[side].credits + hosted;
}

export function canPay(g: Game, side: Side, n: number): boolean {
  return spendable(g, side) >= n;
}

/** Pays `n` credits, hosted run credits first (they expire with the run). */
export function pay(g: Game, side: Side, n: number): void {
  if (!canPay(g, side, n)) throw new Error(`${side} cannot pay ${n}`);
  let left = n;
  if (side === 'runner' && g.run && g.run.mods.hostedCredits > 0) {
    const fromHosted = Math.min(left, g.run.mods.hostedCredits);
    g.run.mods.hostedCredits -= fromHosted;
    left -= fromHosted;
  }
  g[side].credits -= left;
}

export function gainClicks(g: Game, side: Side, n: number): void {
  g[side].clicks += n;
}

export function loseClicks(g: Game, side: Side, n: number): void {
  g[side].clicks = Math.max(0, g[side].clicks - n);
}

export function spendClicks(g: Game, side: Side, n: number): void {
  if (g[side].clicks < n) throw new Error(`${side} cannot spend ${n} clicks`);
  g[side].clicks -= n;
}

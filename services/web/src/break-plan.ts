import type { BreakerView, NetrunnerAction, NetrunnerView } from '@veil/netrunner/client';

/**
 * "Match strength and break all": the cheapest way one of the Runner's breakers breaks every
 * unbroken subroutine of the encountered ice, planned from the breaker figures the seat's view
 * carries (strength, pump and break per use, credits now), then sent one legal action at a time.
 * Client-side on purpose: each step is an ordinary legal action the server checks, so the rules
 * and every bot's action space stay as they are; the plan only chooses among them.
 */

export interface BreakPlan {
  /** The breaker's handle. */
  readonly breaker: string;
  readonly pumps: number;
  readonly breaks: number;
  /** Credits for the whole plan. */
  readonly credits: number;
}

/** The plan of one breaker, or null when it cannot reach the ice's strength. */
export function planFor(view: NetrunnerView, breaker: BreakerView): BreakPlan | null {
  const enc = view.run?.encounter;
  if (!enc) return null;
  const open = enc.subroutines.filter((s) => !s.broken).length;
  if (open === 0) return null;
  const short = enc.strength - breaker.strength;
  let pumps = 0;
  if (short > 0) {
    if (!breaker.pump || breaker.pump.strength <= 0) return null;
    pumps = Math.ceil(short / breaker.pump.strength);
  }
  const breaks = Math.ceil(open / breaker.breaks.upTo);
  const credits = pumps * (breaker.pump?.credits ?? 0) + breaks * breaker.breaks.credits;
  return { breaker: breaker.card, pumps, breaks, credits };
}

/** The pool plus the credits placed for this run only (the rules spend those first). */
function spendable(view: NetrunnerView): number {
  return view.runner.credits + (view.run?.runCredits ?? 0);
}

/**
 * The cheapest plan the Runner can pay for and start now (its first step is a legal action;
 * not while a decision is open), fewest steps on a tie; or null.
 */
export function cheapestBreak(view: NetrunnerView): BreakPlan | null {
  const plans = (view.breakers ?? [])
    .map((b) => planFor(view, b))
    .filter((p): p is BreakPlan => p !== null && p.credits <= spendable(view))
    .filter((p) => nextBreakStep(view, p.breaker) !== null)
    .sort((a, b) => a.credits - b.credits || a.pumps + a.breaks - (b.pumps + b.breaks));
  return plans[0] ?? null;
}

/**
 * The next legal action of a plan under way: pump while the breaker is weaker than the ice,
 * then break as many unbroken subroutines at once as one use allows. Null when the ice has
 * nothing left to break or the step is not legal now (the plan then stops).
 */
export function nextBreakStep(view: NetrunnerView, breakerHandle: string): NetrunnerAction | null {
  const enc = view.run?.encounter;
  const breaker = view.breakers?.find((b) => b.card === breakerHandle);
  if (!enc || !breaker || enc.subroutines.every((s) => s.broken)) return null;
  const uses = (view.legalActions ?? []).filter(
    (a): a is Extract<NetrunnerAction, { type: 'use' }> =>
      a.type === 'use' && a.card === breakerHandle,
  );
  if (breaker.strength < enc.strength) {
    return uses.find((a) => a.ability === breaker.pump?.ability) ?? null;
  }
  const breaks = uses.filter((a) => a.ability === breaker.breaks.ability && a.subs);
  return breaks.sort((a, b) => (b.subs?.length ?? 0) - (a.subs?.length ?? 0))[0] ?? null;
}

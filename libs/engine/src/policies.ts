/**
 * Standing policies: a seat decides in advance, privately, how it treats reaction windows of a
 * kind — `auto-pass` (pass for me without asking) or `stop` (always ask me). They are applied
 * when a window opens, identically whether or not the seat holds anything usable, so the public
 * trace shows no more than the policy itself would.
 */
export type WindowPolicy = 'auto-pass' | 'stop';

/** Per seat, per window kind. Private to each seat: a view shows a seat only its own entry. */
export type Policies<Seat extends string = string> = Partial<
  Record<Seat, Readonly<Record<string, WindowPolicy>>>
>;

export function setPolicy<Seat extends string>(
  policies: Policies<Seat>,
  seat: NoInfer<Seat>,
  kind: string,
  policy: WindowPolicy | null,
): Policies<Seat> {
  const own: Record<string, WindowPolicy> = { ...(policies[seat] ?? {}) };
  if (policy === null) delete own[kind];
  else own[kind] = policy;
  return { ...policies, [seat]: own };
}

/** The policy in force: the seat's own, else the game's default for the kind, else `stop`. */
export function policyFor<Seat extends string>(
  policies: Policies<Seat>,
  seat: NoInfer<Seat>,
  kind: string,
  gameDefault: WindowPolicy = 'stop',
): WindowPolicy {
  return policies[seat]?.[kind] ?? gameDefault;
}

/** What one seat may see of the policies: its own, nothing of anyone else's. */
export function ownPolicies<Seat extends string>(
  policies: Policies<Seat>,
  seat: NoInfer<Seat> | 'spectator',
): Readonly<Record<string, WindowPolicy>> {
  return seat === 'spectator' ? {} : (policies[seat] ?? {});
}

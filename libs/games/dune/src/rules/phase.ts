/** The chart's phase states, in turn order (the chart is the one source of the position). */
export const PHASES = [
  'setup',
  'storm',
  'blow',
  'nexus',
  'charity',
  'bidding',
  'revival',
  'movement',
  'battle',
  'collection',
  'mentat',
  'over',
] as const;
export type Phase = (typeof PHASES)[number];

export function phaseOf(value: unknown): Phase {
  if (typeof value === 'string' && (PHASES as readonly string[]).includes(value))
    return value as Phase;
  throw new Error(`dune: unknown chart state ${JSON.stringify(value)}`);
}

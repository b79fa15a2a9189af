import fc from 'fast-check';

/**
 * Runs a fast-check property and, on failure, throws one readable error: the check's own
 * message for the shrunk counterexample, the counterexample itself, and how to replay it.
 */
export function assertProperty<Ts extends [unknown, ...unknown[]]>(
  property: fc.IProperty<Ts>,
  params: { numRuns: number; seed?: number | undefined },
  describeArgs: (args: Ts) => string,
): void {
  const details = fc.check(property, {
    numRuns: params.numRuns,
    ...(params.seed === undefined ? {} : { seed: params.seed }),
  });
  if (!details.failed) return;
  const cause =
    details.errorInstance instanceof Error
      ? details.errorInstance.message
      : String(details.errorInstance);
  const example = details.counterexample ? describeArgs(details.counterexample) : '(none)';
  throw new Error(
    `${cause}\nShrunk counterexample (after ${details.numRuns} runs, ${details.numShrinks} shrinks): ${example}\n` +
      `Replay with fast-check seed ${details.seed}, path "${details.counterexamplePath ?? ''}".`,
  );
}

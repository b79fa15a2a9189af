/**
 * Credit amounts as log lines write them: always signed, so a reader sees at a glance which
 * way the pool moved (`+3[credit]`, `−2[credit]`, with a true minus sign).
 */
export function signedCredits(n: number): string {
  return `${n < 0 ? '−' : '+'}${Math.abs(n)}[credit]`;
}

/** A cost paid, as a line's suffix: ` (−2[credit])`; nothing when it was free. */
export function paid(n: number): string {
  return n > 0 ? ` (${signedCredits(-n)})` : '';
}

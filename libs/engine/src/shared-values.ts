/**
 * An interning pool: one frozen copy per distinct JSON value, for a game's `compact` (applied
 * on restore), so restored states that hold equal records share one copy. Whoever restores owns
 * the pool and passes it in — a game node keeps one for all its rooms; `restoreGame` without one
 * makes one per call — so no module keeps values of games it did not restore. What it hands out
 * is frozen: a rule that changed a shared record in place would throw rather than reach other
 * games.
 */
export class SharedValues {
  private readonly records = new Map<string, unknown>();
  private readonly strings = new Map<string, string>();

  /**
   * Bounded: past `limit` entries a pool starts again (values already shared stay valid, they
   * are merely no longer offered), so odd states cannot grow it without end.
   */
  constructor(private readonly limit = 50_000) {}

  /** One frozen copy of a JSON value per distinct content (strings: one copy each). */
  value<T>(value: T): T {
    if (value === null || typeof value !== 'object') {
      return (typeof value === 'string' ? this.string(value) : value) as T;
    }
    const key = JSON.stringify(value);
    const known = this.records.get(key);
    if (known !== undefined) return known as T;
    const copy = Array.isArray(value)
      ? value.map((v: unknown) => this.value(v))
      : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.value(v)]));
    if (this.records.size >= this.limit) this.records.clear();
    this.records.set(key, Object.freeze(copy));
    return copy as T;
  }

  string(s: string): string {
    const known = this.strings.get(s);
    if (known !== undefined) return known;
    if (this.strings.size >= this.limit) this.strings.clear();
    this.strings.set(s, s);
    return s;
  }
}

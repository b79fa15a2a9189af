/**
 * A multiset of handles (how many cards hold each), for the handle index of handles.ts.
 * Handles are drawn unique per viewer, so nearly every handle is held once: those live in a
 * plain set, and only the extra holders of a handle held more than once are counted apart.
 * Each change is then one set operation, where a map of counts needs a read and a write.
 */
export class HandleSet {
  private readonly held = new Set<string>();
  /** Handle → holders beyond the first (absent: one or none). */
  private readonly extra = new Map<string, number>();

  /** Whether some card holds `handle`. */
  has(handle: string): boolean {
    return this.held.has(handle);
  }

  /** One more card holds `handle`. */
  add(handle: string): void {
    const size = this.held.size;
    this.held.add(handle);
    if (this.held.size === size) this.extra.set(handle, (this.extra.get(handle) ?? 0) + 1);
  }

  /** One card fewer holds `handle` (nothing changes if none did). */
  delete(handle: string): void {
    const extra = this.extra.size > 0 ? this.extra.get(handle) : undefined;
    if (extra === undefined) this.held.delete(handle);
    else if (extra > 1) this.extra.set(handle, extra - 1);
    else this.extra.delete(handle);
  }
}

/**
 * Subscriptions indexed by their subject pattern, like nats-server's sublist: finding who
 * listens on a subject costs a map lookup for the literal patterns (a game node has one or two
 * per live room) and a walk of the subject's tokens for the wildcard ones, however many there
 * are. Patterns must be valid subscription subjects (`assertSubscribable`): `*` stands for one
 * token, a final `>` for one or more.
 */
export class SubjectIndex<T> {
  /** Patterns without wildcards: one map entry each, the cheapest per live room. */
  readonly #literal = new Map<string, Set<T>>();
  readonly #root = new TokenNode<T>();
  /** Insertion order of the wildcard patterns: `match` answers in it (deterministic turns). */
  readonly #order = new Map<T, number>();
  #added = 0;

  /** How many subscriptions it holds (counted, not kept: only tests ask). */
  get size(): number {
    let literal = 0;
    for (const items of this.#literal.values()) literal += items.size;
    return literal + this.#order.size;
  }

  /** Nodes of the wildcard patterns' token tree, its root apart: 0 once they are all removed. */
  get tokenNodes(): number {
    return this.#root.descendants();
  }

  add(pattern: string, item: T): void {
    if (!hasWildcard(pattern)) {
      const existing = this.#literal.get(pattern);
      if (existing) existing.add(item);
      else this.#literal.set(pattern, new Set([item]));
      return;
    }
    const tokens = pattern.split('.');
    let node = this.#root;
    for (const [index, token] of tokens.entries()) {
      if (token === '>' && index === tokens.length - 1) {
        node.rest.add(item);
        this.#order.set(item, this.#added++);
        return;
      }
      node = node.child(token);
    }
    node.here.add(item);
    this.#order.set(item, this.#added++);
  }

  remove(pattern: string, item: T): void {
    if (!hasWildcard(pattern)) {
      const existing = this.#literal.get(pattern);
      if (!existing?.delete(item)) return;
      if (existing.size === 0) this.#literal.delete(pattern);
      return;
    }
    const tokens = pattern.split('.');
    const path: [TokenNode<T>, string][] = [];
    let node: TokenNode<T> | undefined = this.#root;
    for (const [index, token] of tokens.entries()) {
      if (token === '>' && index === tokens.length - 1) break;
      path.push([node, token]);
      node = node.next(token);
      if (!node) return;
    }
    const last = tokens[tokens.length - 1] === '>' ? node.rest : node.here;
    if (!last.delete(item)) return;
    this.#order.delete(item);
    // Drop the nodes left empty, so rooms that come and go leave nothing behind.
    for (let i = path.length - 1; i >= 0; i--) {
      const [parent, token] = path[i] as [TokenNode<T>, string];
      const child = parent.next(token);
      if (!child?.isEmpty()) break;
      parent.drop(token);
    }
  }

  /**
   * Every item whose pattern matches the literal `subject`: those of the subject itself, then the
   * wildcard ones, each in the order they were added.
   */
  match(subject: string): T[] {
    const literal = this.#literal.get(subject);
    const exact = literal ? [...literal] : [];
    if (this.#order.size === 0) return exact;
    const found: T[] = [];
    let frontier: TokenNode<T>[] = [this.#root];
    for (const token of subject.split('.')) {
      const next: TokenNode<T>[] = [];
      for (const node of frontier) {
        // A `>` here matches: at least this token remains.
        for (const item of node.rest) found.push(item);
        const byToken = node.literal.get(token);
        if (byToken) next.push(byToken);
        if (node.star) next.push(node.star);
      }
      frontier = next;
      if (frontier.length === 0) break;
    }
    for (const node of frontier) for (const item of node.here) found.push(item);
    if (found.length > 1)
      found.sort((a, b) => (this.#order.get(a) ?? 0) - (this.#order.get(b) ?? 0));
    return exact.length === 0 ? found : [...exact, ...found];
  }
}

function hasWildcard(pattern: string): boolean {
  return pattern.split('.').some((token) => token === '*' || token === '>');
}

class TokenNode<T> {
  readonly literal = new Map<string, TokenNode<T>>();
  star: TokenNode<T> | undefined;
  /** Patterns that end at this node. */
  readonly here = new Set<T>();
  /** Patterns that end with `>` after this node. */
  readonly rest = new Set<T>();

  next(token: string): TokenNode<T> | undefined {
    return token === '*' ? this.star : this.literal.get(token);
  }

  child(token: string): TokenNode<T> {
    const existing = this.next(token);
    if (existing) return existing;
    const created = new TokenNode<T>();
    if (token === '*') this.star = created;
    else this.literal.set(token, created);
    return created;
  }

  drop(token: string): void {
    if (token === '*') this.star = undefined;
    else this.literal.delete(token);
  }

  descendants(): number {
    let count = 0;
    for (const child of [...this.literal.values(), ...(this.star ? [this.star] : [])])
      count += 1 + child.descendants();
    return count;
  }

  isEmpty(): boolean {
    return this.here.size === 0 && this.rest.size === 0 && this.literal.size === 0 && !this.star;
  }
}

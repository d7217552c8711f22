/**
 * A set seen through a chain of enclosing scopes, as names and values are visible in nested
 * regions: `has` looks in this scope and every one around it, `add` adds to this scope only.
 */
export class ScopedSet<T> {
  readonly #items = new Set<T>();

  /** @param parent The enclosing scope, or `undefined` for an outermost one. */
  constructor(readonly parent: ScopedSet<T> | undefined) {}

  /** Whether `item` is in this scope or an enclosing one. */
  has(item: T): boolean {
    for (let s: ScopedSet<T> | undefined = this; s !== undefined; s = s.parent)
      if (s.#items.has(item)) return true;
    return false;
  }

  /** Adds `item` to this scope. */
  add(item: T): void {
    this.#items.add(item);
  }

  /** Adds every one of `items` to this scope. */
  addAll(items: Iterable<T>): void {
    for (const item of items) this.#items.add(item);
  }
}

/**
 * SSA name scopes. Regions open nested scopes (names of enclosing regions stay visible and
 * may not be redefined); `func.func` bodies are isolated from the module level.
 */
import type { Value } from '../ir/operation.js';

interface Frame {
  readonly names: Map<string, readonly Value[]>;
  readonly isolated: boolean;
}

/** Stack of name tables: each maps `%name` (without `#n`) to its result group. */
export class ValueScope {
  readonly #frames: Frame[] = [{ names: new Map(), isolated: true }];

  /** Opens a nested scope; `isolated` hides every enclosing name. */
  push(isolated = false): void {
    this.#frames.push({ names: new Map(), isolated });
  }

  /** Closes the innermost scope. */
  pop(): void {
    this.#frames.pop();
  }

  /** Looks up a visible group by name. */
  lookup(name: string): readonly Value[] | undefined {
    for (let i = this.#frames.length - 1; i >= 0; i--) {
      const frame = this.#frames[i] as Frame;
      const found = frame.names.get(name);
      if (found !== undefined) return found;
      if (frame.isolated) return undefined;
    }
    return undefined;
  }

  /** Defines `name` in the innermost scope; returns false if it is already visible. */
  define(name: string, values: readonly Value[]): boolean {
    if (this.lookup(name) !== undefined) return false;
    (this.#frames[this.#frames.length - 1] as Frame).names.set(name, values);
    return true;
  }
}

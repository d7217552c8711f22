/**
 * Host functions a compiled module imports for ops wasm has no instruction for. They are
 * registered on first use, so a module imports only what it calls. The implementations come
 * from the shared float semantics of the engines (so every engine rounds alike).
 */
import type { FunctionImport, ValType } from '@tilekit/wasm-encoder';

/** A host function: its wasm signature and JS implementation. */
export interface HostFunction extends FunctionImport {
  readonly fn: (...args: number[]) => number;
}

/** Collects the imports of one module, in index order. */
export class HostImports {
  readonly #list: HostFunction[] = [];
  readonly #table: Readonly<Record<string, (...args: number[]) => number>>;

  constructor(table: Readonly<Record<string, (...args: number[]) => number>>) {
    this.#table = table;
  }

  /** The function index of `name` (imports come first in the index space). */
  index(name: string, params: readonly ValType[], results: readonly ValType[]): number {
    const at = this.#list.findIndex((h) => h.name === name);
    if (at >= 0) return at;
    const fn = this.#table[name];
    if (fn === undefined) throw new RangeError(`no host implementation for ${name}`);
    this.#list.push({ name, params, results, fn });
    return this.#list.length - 1;
  }

  /** The imports registered so far. */
  get imports(): readonly HostFunction[] {
    return this.#list;
  }

  /** The `env` object to instantiate with (plus the memory). */
  env(): Record<string, (...args: number[]) => number> {
    return Object.fromEntries(this.#list.map((h) => [h.name, h.fn]));
  }
}

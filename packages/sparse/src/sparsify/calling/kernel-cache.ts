/**
 * The cache behind `sparsify`: a kernel is emitted once per distinct call (expression
 * text, formats and options), and a repeat returns the same frozen kernel, whose
 * module the vectorizer and the engines then also find in their own caches (they remember
 * their results per module object), so repeating the whole pipeline compiles nothing.
 *
 * The key is the arguments spelled exactly as given (every value with its type; object keys in
 * their order), read once into a plain copy that the emitter then works from, so a key can
 * only ever stand for the kernel its own data produced. Arguments that are not plain data
 * (getters, class instances, functions, holes, cycles, very large trees) are not cached: they
 * go to the emitter as given, which raises its usual typed errors.
 */
import { LruMap } from './lru-map.js';

/** Kernels kept at once; past this the least recently used is dropped. */
export const KERNEL_CACHE_LIMIT = 256;

// Values are the emitter's kernels (typed by the caller: this file does not import the emitter).
const KERNELS = new LruMap<string, unknown>(KERNEL_CACHE_LIMIT);

/** Plain-data nodes one key may spell (formats and options are a few dozen). */
const MAX_NODES = 4096;

/** A plain copy of some data with its spelling. */
interface Snapshot {
  readonly copy: unknown;
  readonly text: string;
}

/**
 * `value` copied as plain data and spelled unambiguously, or `undefined` when it is not plain
 * data (then it is not cached).
 */
function snapshot(value: unknown, budget: { nodes: number }, depth = 0): Snapshot | undefined {
  if (--budget.nodes < 0 || depth > 16) return undefined;
  switch (typeof value) {
    case 'string':
      return { copy: value, text: JSON.stringify(value) };
    case 'number':
      return { copy: value, text: `n${Object.is(value, -0) ? '-0' : String(value)}` };
    case 'boolean':
      return { copy: value, text: `b${value}` };
    case 'bigint':
      return { copy: value, text: `i${value}` };
    case 'undefined':
      return { copy: value, text: 'u' };
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null) return { copy: null, text: 'null' };
  const proto = Object.getPrototypeOf(value);
  if (Array.isArray(value)) {
    if (proto !== Array.prototype) return undefined;
    const copy: unknown[] = [];
    const parts: string[] = [];
    for (let k = 0; k < value.length; k++) {
      if (!Object.hasOwn(value, k)) return undefined;
      const item = snapshotProperty(value, String(k), budget, depth);
      if (item === undefined) return undefined;
      copy.push(item.copy);
      parts.push(item.text);
    }
    if (Reflect.ownKeys(value).length !== value.length + 1) return undefined;
    return { copy, text: `[${parts.join(',')}]` };
  }
  if (proto !== Object.prototype && proto !== null) return undefined;
  const copy: Record<string, unknown> = proto === null ? Object.create(null) : {};
  const parts: string[] = [];
  for (const key of Reflect.ownKeys(value)) {
    if (typeof key !== 'string') return undefined;
    const item = snapshotProperty(value, key, budget, depth);
    if (item === undefined) return undefined;
    // Defined, not assigned: a key `__proto__` must stay an own property of the copy.
    Object.defineProperty(copy, key, {
      value: item.copy,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    parts.push(`${JSON.stringify(key)}:${item.text}`);
  }
  return { copy, text: `{${parts.join(',')}}` };
}

/** An own enumerable data property of `owner`, snapshotted (accessors are not plain data). */
function snapshotProperty(
  owner: object,
  key: string,
  budget: { nodes: number },
  depth: number,
): Snapshot | undefined {
  const property = Object.getOwnPropertyDescriptor(owner, key);
  if (property === undefined || !('value' in property) || !property.enumerable) return undefined;
  return snapshot(property.value, budget, depth + 1);
}

/**
 * The kernel `emit` makes from `expression`, `formats` and `options`, made once per distinct
 * spelling of them (see the file comment); `emit` gets the plain copies it is keyed by.
 */
export function cachedKernel<F, O, K>(
  expression: unknown,
  formats: F,
  options: O,
  emit: (expression: string, formats: F, options: O) => K,
): K {
  if (typeof expression !== 'string') return emit(expression as string, formats, options);
  const budget = { nodes: MAX_NODES };
  let f: Snapshot | undefined;
  let o: Snapshot | undefined;
  try {
    f = snapshot(formats, budget);
    o = f === undefined ? undefined : snapshot(options, budget);
  } catch {
    // A Proxy that throws: the emitter reads the arguments in its own order and raises
    // whichever error comes first there (a notation error before the formats' own).
    f = undefined;
  }
  if (f === undefined || o === undefined) return emit(expression, formats, options);
  const key = `${expression}\u0000${f.text}\u0000${o.text}`;
  const known = KERNELS.get(key);
  if (known !== undefined) return known as K;
  const kernel = emit(expression, f.copy as F, o.copy as O);
  KERNELS.set(key, kernel);
  return kernel;
}

/** Drops every cached kernel (tests; an app never needs to). */
export function clearKernelCache(): void {
  KERNELS.clear();
}

/** Kernels cached now. */
export function kernelCacheSize(): number {
  return KERNELS.size;
}

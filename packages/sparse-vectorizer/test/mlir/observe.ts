/**
 * Running a kernel in the interpreter and capturing everything observable: returned values
 * and the final contents of every memref argument (they are the kernel's outputs).
 */
import { type InterpretArg, interpret, type Module } from '@tilekit/loop-ir';
import type { Kernel } from '@tilekit/test-support';
import { makeArguments } from '@tilekit/test-support';

/** What one run produced (or the error it raised). */
export type Observation =
  | { readonly results: readonly unknown[]; readonly memory: readonly (readonly unknown[])[] }
  | { readonly error: string };

function contents(arg: InterpretArg): unknown[] | undefined {
  if (ArrayBuffer.isView(arg)) return [...(arg as unknown as ArrayLike<unknown> as unknown[])];
  if (typeof arg === 'object' && arg !== null && 'data' in arg) return contents(arg.data);
  return undefined;
}

/** Runs `module`'s copy of `kernel` on fresh seeded arguments. */
export function observe(
  module: Module,
  kernel: Kernel,
  trip: number,
  seed: number,
  vscale = 1,
): Observation {
  const args = makeArguments(kernel, trip, seed);
  try {
    const results = interpret(module, kernel.name, args, { vscale, verify: false });
    return { results, memory: args.map(contents).filter((c): c is unknown[] => c !== undefined) };
  } catch (e) {
    return { error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
}

/** Every NaN is the same observation (payloads are not compared). */
export function normalize(o: Observation): unknown {
  const fix = (x: unknown) => (typeof x === 'number' && Number.isNaN(x) ? 'NaN' : x);
  if ('error' in o) return o;
  return { results: o.results.map(fix), memory: o.memory.map((m) => m.map(fix)) };
}

/** Trip counts that exercise the mask: empty, one, a partial, a full, one over, many. */
export function tripCounts(vectorLength: number): number[] {
  return [
    ...new Set([0, 1, vectorLength - 1, vectorLength, vectorLength + 1, 5 * vectorLength + 3]),
  ];
}

/**
 * Deterministic arguments for running a pasted function: 1-D memrefs of N elements (integers
 * in [0, N) so coordinate arrays stay in bounds, floats in exact quarters), index scalars N,
 * other scalars small constants. Both runs of a comparison get equal, separate copies.
 */
import type { InterpretArg, Module, Operation, Type } from '@tilekit/loop-ir';

/** Elements of every memref argument (also the value of `index` arguments: the trip count). */
export const ARGUMENT_LENGTH = 16;

/** The first function with a body: the one the panel runs. */
export function firstFunction(module: Module): { op: Operation; name: string } {
  for (const op of module.operations) {
    const sym = op.attributes.sym_name;
    const body = op.regions[0]?.blocks[0];
    if (op.name === 'func.func' && sym?.kind === 'string' && body !== undefined) {
      return { op, name: sym.value };
    }
  }
  throw new Error('the module has no func.func with a body to run');
}

function scalar(type: Type): InterpretArg {
  if (type.kind === 'index') return ARGUMENT_LENGTH;
  if (type.kind === 'float') return 1.5;
  if (type.kind === 'integer') return type.width === 1 ? true : type.width === 64 ? 3n : 3;
  throw new Error(`cannot make an argument of type ${type.kind}`);
}

function memref(type: Type & { kind: 'memref' }): InterpretArg {
  const n = ARGUMENT_LENGTH;
  const element = type.element;
  if (type.shape.length !== 1) throw new Error('the playground runs 1-D memref arguments only');
  const ints = (k: number) => (k * 7 + 3) % n;
  if (element.kind === 'float') {
    const values = Array.from({ length: n }, (_, k) => (k % 9) / 4 - 1);
    return element.format === 'f64' ? Float64Array.from(values) : Float32Array.from(values);
  }
  if (element.kind === 'index') return BigInt64Array.from({ length: n }, (_, k) => BigInt(ints(k)));
  if (element.kind === 'integer') {
    switch (element.width) {
      case 8:
        return Int8Array.from({ length: n }, (_, k) => ints(k));
      case 16:
        return Int16Array.from({ length: n }, (_, k) => ints(k));
      case 32:
        return Int32Array.from({ length: n }, (_, k) => ints(k));
      case 64:
        return BigInt64Array.from({ length: n }, (_, k) => BigInt(ints(k)));
    }
  }
  throw new Error(`cannot make a memref of ${element.kind}`);
}

/** Fresh arguments for `func` (a new copy per call: memrefs are written in place). */
export function makeArguments(func: Operation): InterpretArg[] {
  const block = func.regions[0]!.blocks[0]!;
  return block.arguments.map((arg) =>
    arg.type.kind === 'memref' ? memref(arg.type) : scalar(arg.type),
  );
}

/**
 * The vectorizer corpus: kernels in the form the sparsifier emits, one `func.func` each, named
 * like its case. The loops are @tilekit/conformance's golden data (`MLIR_VECTORIZATION`, whose
 * sources live in packages/conformance/corpus); this module only parses them for the tests.
 */
import { MLIR_VECTORIZATION } from '@tilekit/conformance/testing';
import { type Module, parseModule, type Type } from '@tilekit/loop-ir';

/** One argument of a kernel's signature, with its source name (`%pos` gives `pos`). */
export interface KernelArg {
  readonly name: string;
  readonly type: Type;
}

/** A corpus kernel. */
export interface Kernel {
  /** File stem, also the function name. */
  readonly name: string;
  readonly text: string;
  readonly module: Module;
  readonly args: readonly KernelArg[];
}

function signatureNames(text: string): string[] {
  const header = /func\.func @\w+\(([^)]*)\)/.exec(text)?.[1] ?? '';
  return [...header.matchAll(/%(\w+)\s*:/g)].map((m) => m[1] as string);
}

/** The text of corpus kernel `name`. */
export function kernelText(name: string): string {
  const found = MLIR_VECTORIZATION.cases.find((c) => c.name === name);
  if (found === undefined) throw new Error(`no corpus kernel named '${name}'`);
  return found.input;
}

/** Loads one kernel by name. */
export function loadKernel(name: string): Kernel {
  const text = kernelText(name);
  const module = parseModule(text);
  const func = module.operations[0];
  const fnType = func?.attributes.function_type;
  if (fnType?.kind !== 'type' || fnType.type.kind !== 'function') {
    throw new Error(`${name}.mlir: expected one func.func`);
  }
  const names = signatureNames(text);
  const args = fnType.type.inputs.map((type, k) => ({ name: names[k] ?? `arg${k}`, type }));
  return { name, text, module, args };
}

/** Every kernel of the corpus, sorted by name. */
export function loadCorpus(): Kernel[] {
  return MLIR_VECTORIZATION.cases
    .map((c) => c.name)
    .sort()
    .map(loadKernel);
}

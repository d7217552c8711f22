/**
 * The vectorizer corpus: kernels in the form the sparsifier emits, one `func.func` per file
 * named like the file. Loaded once per test file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Module, parseModule, type Type } from '@tilekit/loop-ir';

/** Directory of the `.mlir` fixtures. */
export const CORPUS_DIR = dirname(fileURLToPath(import.meta.url));

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

/** Loads one kernel by name. */
export function loadKernel(name: string): Kernel {
  const text = readFileSync(join(CORPUS_DIR, `${name}.mlir`), 'utf8');
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
  return readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith('.mlir'))
    .map((f) => f.slice(0, -'.mlir'.length))
    .sort()
    .map(loadKernel);
}

/**
 * The vectorizer corpus for the CLI's tests: @tilekit/conformance's golden loops
 * (`MLIR_VECTORIZATION`), by name.
 */
import { MLIR_VECTORIZATION } from '@tilekit/conformance/testing';

/** Every corpus kernel, sorted by name. */
export const CORPUS_KERNELS: readonly { readonly name: string; readonly text: string }[] =
  MLIR_VECTORIZATION.cases
    .map((c) => ({ name: c.name, text: c.input }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

/** The text of corpus kernel `name`. */
export function corpus(name: string): string {
  const found = CORPUS_KERNELS.find((k) => k.name === name);
  if (found === undefined) throw new Error(`no corpus kernel named '${name}'`);
  return found.text;
}

/**
 * `cse` and `canonicalize` keep semantics: on every case of the conformance vectorizer data,
 * vectorized with each of its option sets, the interpreter leaves the same memory and returns
 * the same results before and after each pass, on the stored arguments (and the scalar input
 * itself too, before and after each pass).
 */
import { type ExecArgument, irVectorizerImpl } from '@tilekit/conformance';
import { fromJson, MLIR_VECTORIZATION } from '@tilekit/conformance/testing';
import {
  canonicalize,
  cse,
  interpret,
  type Module,
  parseModule,
  printModule,
} from '@tilekit/loop-ir';
import { vectorize } from '@tilekit/sparse-vectorizer';
import { describe, expect, it } from 'vitest';

const PASSES: Readonly<Record<string, (module: Module) => Module>> = { cse, canonicalize };

/** Runs `text` through the interpreter (the conformance suite's adapter) on stored arguments. */
const runner = irVectorizerImpl({
  parseModule,
  printModule,
  vectorize: (module) => ({ module }),
  interpret: (module, fn, args, options) =>
    interpret(module, fn, args as Parameters<typeof interpret>[2], options),
});

const executable = MLIR_VECTORIZATION.cases.filter((c) => c.executions.length > 0);

describe.each(Object.keys(PASSES))('%s', (passName) => {
  const pass = PASSES[passName] as (module: Module) => Module;
  const variants = [
    { label: 'scalar input', options: undefined, vscale: 1 },
    ...MLIR_VECTORIZATION.configs.map((config) => ({
      label: config.pass,
      options: config.options,
      vscale: config.options.enableVLAVectorization ? 2 : 1,
    })),
  ];
  it.each(executable.map((c) => c.name))('%s: same results before and after', (name) => {
    const c = executable.find((x) => x.name === name);
    if (c === undefined) throw new Error(`no case ${name}`);
    for (const variant of variants) {
      const input = parseModule(c.input);
      const before =
        variant.options === undefined ? input : vectorize(input, variant.options).module;
      const after = pass(before);
      for (const execution of c.executions) {
        const args: ExecArgument[] = execution.args.map((a) =>
          a.kind === 'memref'
            ? {
                kind: 'memref',
                elementType: a.elementType,
                shape: a.shape,
                data: a.data.map(fromJson),
              }
            : { kind: 'scalar', type: a.type, value: fromJson(a.value) },
        );
        const run = (m: Module) =>
          runner.execute(printModule(m), c.function, args, { vscale: variant.vscale });
        expect(run(after), `${variant.label}, ${execution.name}`).toEqual(run(before));
      }
    }
  });
});

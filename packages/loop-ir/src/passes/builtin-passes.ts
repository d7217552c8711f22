/** `cse` and `canonicalize` as registered passes (they take no options). */
import type { Module } from '../ir/operation.js';
import { canonicalize } from './canonicalize/index.js';
import { cse } from './cse.js';
import { type Pass, parseOptionString } from './pass.js';

/** A pass without options around a module-to-module function. */
function modulePass(name: string, summary: string, transform: (m: Module) => Module): Pass<null> {
  return {
    name,
    summary,
    options: [],
    parseOptions(text) {
      parseOptionString(name, [], text);
      return null;
    },
    run: (module) => ({ module: transform(module) }),
  };
}

/** MLIR's `cse`: common subexpression elimination. */
export const csePass: Pass<null> = modulePass('cse', 'Eliminate common sub-expressions', cse);

/** MLIR's `canonicalize`: folds, dead code removal and constant hoisting. */
export const canonicalizePass: Pass<null> = modulePass(
  'canonicalize',
  'Canonicalize operations',
  canonicalize,
);

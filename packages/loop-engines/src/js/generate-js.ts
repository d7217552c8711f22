/**
 * JavaScript generation for one function: the op handlers lower it into a {@link JsCodegen}.
 * The handler table is handed in here rather than imported by the codegen, so the codegen, the
 * handlers and the vector helpers they call depend on each other in one direction only.
 */
import type { Operation } from '@tilekit/loop-ir';
import { lowerFunction } from '../lowering.js';
import { JsCodegen, type JsProgram } from './js-codegen.js';
import { JS_HANDLERS } from './js-handlers.js';

/** The generated program of `func` at `vscale`, its `scf.while` loops bounded by `whileBound`. */
export function generateJs(func: Operation, vscale: number, whileBound?: number): JsProgram {
  const codegen = new JsCodegen(func, vscale, whileBound);
  lowerFunction(func, codegen, JS_HANDLERS);
  return codegen.program();
}

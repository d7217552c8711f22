/**
 * The `js` engine: IR -> JavaScript source over the caller's typed arrays (no copies; stores
 * write in place), instantiated with `new Function`. Floats round like the interpreter
 * (`Math.fround` after every f32 op), integers wrap per width, `index` is an exact number
 * (a value beyond ±2^53 raises `IndexRangeError`), and ops without an inline form call the
 * interpreter's semantics.
 */
import type { Module, ScalarType } from '@tilekit/loop-ir';
import { EngineArgumentError, EngineRuntimeError } from '../errors.js';
import { checkVectorLanes } from '../lane-limit.js';
import {
  checkEngineArguments,
  type EngineCall,
  readSignature,
  resultValue,
  scalarArgument,
} from '../signature.js';
import { type WhileBoundOption, whileBoundOf } from '../while-bound.js';
import { generateJs } from './generate-js.js';
import { makeRuntime } from './js-runtime.js';

/** Options of the js engine. */
export interface JsEngineOptions extends WhileBoundOption {
  /** The value of `vector.vscale` the code is generated for (default 1). */
  readonly vscale?: number;
}

/** The checked signature of `func.func @fnName` and its generated program, for both entries. */
function generate(module: Module, fnName: string, options: JsEngineOptions) {
  checkEngineArguments(module, fnName, options);
  const vscale = options.vscale ?? 1;
  const whileBound = whileBoundOf(options);
  const signature = readSignature(module, fnName);
  checkVectorLanes(signature.func, vscale);
  return { signature, vscale, whileBound, program: generateJs(signature.func, vscale, whileBound) };
}

/** The generated source of `func.func @fnName` (for inspection and debugging). */
export function generateJsSource(
  module: Module,
  fnName: string,
  options: JsEngineOptions = {},
): string {
  return generate(module, fnName, options).program.source;
}

/** Compiles `func.func @fnName` to a JavaScript callable. */
export function compileJs(
  module: Module,
  fnName: string,
  options: JsEngineOptions = {},
): EngineCall {
  const { signature, vscale, whileBound, program } = generate(module, fnName, options);
  const runtime = makeRuntime(fnName, program.refs, vscale, whileBound);
  const kernel = new Function('rt', program.source)(runtime) as (...args: unknown[]) => unknown[];
  const { inputs, results } = signature;
  return (...args) => {
    if (args.length !== inputs.length) {
      throw new EngineArgumentError(
        'args',
        `@${fnName} takes ${inputs.length} arguments, got ${args.length}`,
      );
    }
    const flat: unknown[] = [];
    inputs.forEach((t, i) => {
      if (t.kind === 'memref') {
        const view = signature.memref(args[i], i);
        flat.push(
          view.data,
          ...view.shape,
          ...(t.layout === undefined ? [] : [...view.strides, view.offset]),
          view.data instanceof BigInt64Array || view.data instanceof BigUint64Array,
          // f32 memrefs are Float32Arrays (the signature checks it); NaNs move through this view.
          ...(t.element.kind === 'float' && t.element.format === 'f32'
            ? [new Uint32Array(view.data.buffer, view.data.byteOffset, view.data.length)]
            : []),
        );
      } else {
        const v = scalarArgument(args[i], t as ScalarType, `#${i}`);
        flat.push(t.kind === 'index' ? runtime.I(Number(v)) : v);
      }
    });
    let out: unknown[];
    try {
      out = kernel(...flat);
    } catch (e) {
      // Generated code does not recurse: a stack overflow means its frame (one local per
      // scalar and vector lane) is larger than the host's stack.
      if (e instanceof RangeError && /call stack/i.test(e.message)) {
        throw new EngineRuntimeError(
          fnName,
          'the generated function holds more values than the JavaScript stack allows; use the wasm engine',
        );
      }
      throw e;
    }
    return out.map((r, k) => resultValue(r, results[k] as ScalarType));
  };
}

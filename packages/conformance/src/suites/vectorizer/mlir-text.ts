/**
 * Reads the structure the vectorizer suite compares straight from MLIR text, so any
 * implementation that prints MLIR (mlir-opt included) is summarised the same way: per function,
 * each `scf.for` in textual order (vectorized? reduction?) and the multiset of vector
 * operations.
 */
import { requireString } from '../../core/arguments.js';

/** One `scf.for` of a function. */
export interface LoopSummary {
  /** Its body (not counting nested loops) computes on vectors. */
  readonly vectorized: boolean;
  /** It carries `iter_args` (a reduction). */
  readonly reduction: boolean;
  /** Nesting depth, 0 for an outermost loop. */
  readonly depth: number;
}

/** What the suite compares for one function. */
export interface FunctionSummary {
  readonly name: string;
  readonly loops: readonly LoopSummary[];
  /**
   * Vector operations: every op in a vectorized loop body, and every op elsewhere whose text
   * mentions a vector type; keyed `name` plus its distinct vector types, sorted. Constants,
   * `scf.for` and `scf.yield` are left out (printers may hoist and share constants).
   */
  readonly vectorOps: Readonly<Record<string, number>>;
}

const OP_LINE =
  /^\s*(?:%[\w.$#-]+(?::\d+)?(?:\s*,\s*%[\w.$#-]+)*\s*=\s*)?"?([a-z_][\w$]*(?:\.[\w$]+)+|return)"?(?=[\s(<{]|$)/;
const VECTOR_TYPE = /vector<[^>]*>/g;
const FUNC = /\bfunc\.func\s+(?:private\s+)?@([\w$.-]+)/;
const LEFT_OUT = new Set(['arith.constant', 'scf.for', 'scf.yield']);

/** Braces opened minus braces closed on a line, outside string literals. */
function braceBalance(line: string): number {
  let balance = 0;
  let inString = false;
  for (let k = 0; k < line.length; k++) {
    const ch = line[k];
    if (ch === '"' && line[k - 1] !== '\\') inString = !inString;
    else if (!inString && ch === '{') balance++;
    else if (!inString && ch === '}') balance--;
  }
  return balance;
}

interface OpenLoop {
  readonly depth: number;
  readonly reduction: boolean;
  readonly startDepth: number;
  vectorized: boolean;
  readonly bodyOps: string[];
}

interface OpenFunction {
  readonly name: string;
  readonly startDepth: number;
  /** Every loop met so far, in textual order. */
  readonly loops: OpenLoop[];
  readonly outside: string[];
  readonly stack: OpenLoop[];
}

/** `name`, its combining kind if any (`vector.reduction <mul>`), and its distinct vector types. */
function opKey(name: string, line: string): string {
  const after = line.slice(line.indexOf(name) + name.length);
  const kind = /^"?\s+(<\w+>)/.exec(after)?.[1];
  const types = [...new Set(line.match(VECTOR_TYPE) ?? [])].sort();
  return [
    kind === undefined ? name : `${name} ${kind}`,
    ...(types.length === 0 ? [] : [types.join(',')]),
  ].join(' ');
}

function summarise(fn: OpenFunction): FunctionSummary {
  const vectorOps: Record<string, number> = {};
  const add = (key: string) => {
    vectorOps[key] = (vectorOps[key] ?? 0) + 1;
  };
  for (const key of fn.outside) add(key);
  for (const loop of fn.loops) if (loop.vectorized) for (const key of loop.bodyOps) add(key);
  const sorted = Object.fromEntries(Object.entries(vectorOps).sort(([a], [b]) => (a < b ? -1 : 1)));
  const loops = fn.loops.map((loop) => ({
    vectorized: loop.vectorized,
    reduction: loop.reduction,
    depth: loop.depth,
  }));
  return { name: fn.name, loops, vectorOps: sorted };
}

/** Summarises every function of an MLIR module's text, in textual order. */
export function summariseModule(text: string): FunctionSummary[] {
  requireString(text, 'text');
  const done: FunctionSummary[] = [];
  let depth = 0;
  let fn: OpenFunction | undefined;
  for (const line of text.split('\n')) {
    const code = line.replace(/\/\/.*$/, '');
    const name = OP_LINE.exec(code)?.[1];
    const funcName = FUNC.exec(code)?.[1];
    if (funcName !== undefined && fn === undefined && braceBalance(code) > 0) {
      fn = { name: funcName, startDepth: depth, loops: [], outside: [], stack: [] };
    } else if (fn !== undefined && name !== undefined && !code.trimStart().startsWith('}')) {
      const key = opKey(name, code);
      const inner = fn.stack[fn.stack.length - 1];
      const isVector = key !== name || name.startsWith('vector.');
      if (name === 'scf.for') {
        const loop: OpenLoop = {
          depth: fn.stack.length,
          reduction: /\biter_args\s*\(/.test(code),
          startDepth: depth,
          vectorized: false,
          bodyOps: [],
        };
        if (inner !== undefined && isVector) inner.vectorized = true;
        fn.loops.push(loop);
        fn.stack.push(loop);
      } else if (!LEFT_OUT.has(name)) {
        if (inner !== undefined) {
          inner.bodyOps.push(key);
          if (isVector) inner.vectorized = true;
        } else if (isVector) fn.outside.push(key);
      }
    }
    depth += braceBalance(code);
    if (fn === undefined) continue;
    while (fn.stack.length > 0 && depth <= fn.stack[fn.stack.length - 1]!.startDepth) {
      const closed = fn.stack.pop()!;
      // A vector-typed op outside every vectorized body (e.g. a reduction's init or final
      // vector.reduction) is counted through `outside`; body ops of scalar loops are not.
      if (!closed.vectorized)
        fn.outside.push(
          ...closed.bodyOps.filter((k) => k.includes('vector<') || k.startsWith('vector.')),
        );
    }
    if (depth <= fn.startDepth) {
      done.push(summarise(fn));
      fn = undefined;
    }
  }
  return done;
}

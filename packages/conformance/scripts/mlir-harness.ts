/**
 * Runs one MLIR function for real with the installed LLVM 22 tools: wraps it in a `main` that
 * fills its memref arguments from constants, calls it, and prints every memref argument and
 * result as exact 64-bit patterns (floats bitcast), then lowers with mlir-opt-22 and executes
 * with mlir-runner. Used only to generate case data.
 */
import { execFileSync } from 'node:child_process';

export const MLIR_OPT = process.env.MLIR_OPT ?? '/usr/bin/mlir-opt-22';
export const MLIR_RUNNER = process.env.MLIR_RUNNER ?? '/usr/lib/llvm-22/bin/mlir-runner';
const LIB = process.env.MLIR_LIB ?? '/usr/lib/llvm-22/lib';
const LOWERING = [
  '--lower-affine',
  '--convert-vector-to-scf',
  '--convert-scf-to-cf',
  '--convert-math-to-llvm',
  '--convert-math-to-libm',
  '--convert-vector-to-llvm',
  '--expand-strided-metadata',
  '--finalize-memref-to-llvm',
  '--convert-arith-to-llvm',
  '--convert-index-to-llvm',
  '--convert-cf-to-llvm',
  '--convert-func-to-llvm',
  '--reconcile-unrealized-casts',
];

/** A value as JSON can hold it: non-finite floats as strings. */
export type ExecNumber = number | 'NaN' | 'Infinity' | '-Infinity';

export type ExecArg =
  | { kind: 'memref'; elementType: string; shape: number[]; data: ExecNumber[] }
  | { kind: 'scalar'; type: string; value: ExecNumber };

/** What a run leaves: the function's results and each memref argument's final contents. */
export interface ExecOutcome {
  results: ExecNumber[];
  memrefs: ExecNumber[][];
}

/** A parsed `func.func` signature. */
export interface Signature {
  name: string;
  params: { name: string; type: string }[];
  results: string[];
}

/** Splits on commas outside `<...>`, `[...]` and `(...)`. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if ('<[('.includes(ch)) depth++;
    if ('>])'.includes(ch)) depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim() !== '') parts.push(current.trim());
  return parts;
}

/** The signature of the (single) `func.func` in `text`. */
export function parseSignature(text: string): Signature {
  const line = text.split('\n').find((l) => l.includes('func.func @'));
  const name = line && /func\.func @([\w$.]+)\(/.exec(line);
  if (!line || !name) throw new Error(`no func.func signature in:\n${text}`);
  const open = name.index + name[0].length;
  let depth = 1;
  let close = open;
  while (depth > 0) {
    const ch = line[close++];
    if (ch === '(' || ch === '<' || ch === '[') depth++;
    if (ch === ')' || ch === '>' || ch === ']') depth--;
  }
  const params = splitTopLevel(line.slice(open, close - 1)).map((p) => {
    const [param, ...type] = p.split(':');
    return { name: param!.trim().slice(1), type: type.join(':').trim() };
  });
  const arrow = /^\s*->\s*(.*?)\s*\{\s*$/.exec(line.slice(close));
  const resultText = (arrow?.[1] ?? '').replace(/^\(|\)$/g, '');
  return { name: name[1]!, params, results: resultText === '' ? [] : splitTopLevel(resultText) };
}

const MEMREF = /^memref<([^>]*?)x([a-z]+\d*)(?:,.*)?>$/;

/** Element type and rank of a memref type, or undefined. */
export function memrefInfo(type: string): { element: string; rank: number } | undefined {
  const m = MEMREF.exec(type);
  return m ? { element: m[2]!, rank: m[1]!.split('x').length } : undefined;
}

const literal = (v: ExecNumber, type: string) =>
  type.startsWith('f')
    ? typeof v === 'number' && Number.isInteger(v)
      ? v.toFixed(1)
      : String(v)
    : String(v);

/** `v : type` converted to an i64 holding its exact bits (floats bitcast, narrower ints sign-extended). */
function toI64(v: string, type: string, out: string[], tag = v): string {
  const w = `${tag}_i64`;
  if (type === 'f32')
    out.push(
      `${tag}_b = arith.bitcast ${v} : f32 to i32`,
      `${w} = arith.extui ${tag}_b : i32 to i64`,
    );
  else if (type === 'f64') out.push(`${w} = arith.bitcast ${v} : f64 to i64`);
  else if (type === 'index') out.push(`${w} = arith.index_cast ${v} : index to i64`);
  else if (type === 'i64') return v;
  else out.push(`${w} = arith.extsi ${v} : ${type} to i64`);
  return w;
}

/** The `main` that feeds `args` to `sig` and prints everything back. */
function harness(sig: Signature, args: readonly ExecArg[]): string {
  const globals: string[] = [];
  const body: string[] = ['%c0 = arith.constant 0 : index', '%c1 = arith.constant 1 : index'];
  const operands: string[] = [];
  const printed: { buffer: string; static: string; shape: number[]; element: string }[] = [];
  args.forEach((arg, k) => {
    const param = sig.params[k]!;
    if (arg.kind === 'scalar') {
      body.push(`%s${k} = arith.constant ${literal(arg.value, arg.type)} : ${arg.type}`);
      operands.push(`%s${k}`);
      return;
    }
    const staticType = `memref<${arg.shape.join('x')}x${arg.elementType}>`;
    const rows =
      arg.shape.length === 2
        ? Array.from({ length: arg.shape[0]! }, (_, r) =>
            arg.data.slice(r * arg.shape[1]!, (r + 1) * arg.shape[1]!),
          )
        : [arg.data];
    const dense =
      arg.shape.length === 2
        ? `[${rows.map((r) => `[${r.map((v) => literal(v, arg.elementType)).join(', ')}]`).join(', ')}]`
        : `[${arg.data.map((v) => literal(v, arg.elementType)).join(', ')}]`;
    globals.push(`memref.global "private" constant @g${k} : ${staticType} = dense<${dense}>`);
    body.push(
      `%g${k} = memref.get_global @g${k} : ${staticType}`,
      `%a${k} = memref.alloc() : ${staticType}`,
      `memref.copy %g${k}, %a${k} : ${staticType} to ${staticType}`,
      `%d${k} = memref.cast %a${k} : ${staticType} to ${param.type}`,
    );
    operands.push(`%d${k}`);
    printed.push({
      buffer: `%a${k}`,
      static: staticType,
      shape: arg.shape,
      element: arg.elementType,
    });
  });
  const resultNames = sig.results.map((_, k) => `%r#${k}`);
  const call = `func.call @${sig.name}(${operands.join(', ')}) : (${sig.params.map((p) => p.type).join(', ')}) -> (${sig.results.join(', ')})`;
  body.push(sig.results.length > 0 ? `%r:${sig.results.length} = ${call}` : call);
  printed.forEach((p, n) => {
    const size = p.shape.reduce((a, b) => a * b, 1);
    const out = `%o${n}`;
    body.push(`${out} = memref.alloc() : memref<${size}xi64>`);
    const dims = p.shape.map((_, k) => `%n${n}_${k}`);
    body.push(...p.shape.map((d, k) => `${dims[k]} = arith.constant ${d} : index`));
    const ivs = p.shape.map((_, k) => `%i${n}_${k}`);
    const loopBody: string[] = [
      `%v${n} = memref.load ${p.buffer}[${ivs.join(', ')}] : ${p.static}`,
    ];
    const w = toI64(`%v${n}`, p.element, loopBody);
    let flat = ivs[0]!;
    if (p.shape.length === 2)
      loopBody.push(
        `%f${n}_r = arith.muli ${ivs[0]}, ${dims[1]} : index`,
        `%f${n} = arith.addi %f${n}_r, ${ivs[1]} : index`,
      );
    if (p.shape.length === 2) flat = `%f${n}`;
    loopBody.push(`memref.store ${w}, ${out}[${flat}] : memref<${size}xi64>`);
    const open = ivs.map((iv, k) => `scf.for ${iv} = %c0 to ${dims[k]} step %c1 {`);
    body.push(...open, ...loopBody, ...open.map(() => '}'));
    body.push(
      `%u${n} = memref.cast ${out} : memref<${size}xi64> to memref<*xi64>`,
      `call @printMemrefI64(%u${n}) : (memref<*xi64>) -> ()`,
    );
  });
  sig.results.forEach((type, k) => {
    body.push(`%rb${k} = memref.alloc() : memref<1xi64>`);
    const w = toI64(resultNames[k]!, type, body, `%res${k}`);
    body.push(
      `memref.store ${w}, %rb${k}[%c0] : memref<1xi64>`,
      `%ru${k} = memref.cast %rb${k} : memref<1xi64> to memref<*xi64>`,
      `call @printMemrefI64(%ru${k}) : (memref<*xi64>) -> ()`,
    );
  });
  return [
    ...globals,
    'func.func private @printMemrefI64(memref<*xi64>)',
    'func.func @main() {',
    ...body.map((l) => `  ${l}`),
    '  return',
    '}',
  ].join('\n');
}

/** Decodes an i64 bit pattern printed by the runner as a value of `type`. */
function decode(bits: string, type: string): ExecNumber {
  const view = new DataView(new ArrayBuffer(8));
  let value: number;
  if (type === 'f32') {
    view.setUint32(0, Number(BigInt.asUintN(32, BigInt(bits))));
    value = view.getFloat32(0);
  } else if (type === 'f64') {
    view.setBigUint64(0, BigInt.asUintN(64, BigInt(bits)));
    value = view.getFloat64(0);
  } else value = Number(bits);
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  return value;
}

/** Executes function `sig` of module `text` (MLIR text, with or without `module {}`) on `args`. */
export function execute(text: string, sig: Signature, args: readonly ExecArg[]): ExecOutcome {
  const main = harness(sig, args);
  const trimmed = text.trimEnd();
  const source = /^module\b/m.test(trimmed)
    ? `${trimmed.slice(0, -1)}\n${main}\n}\n`
    : `${trimmed}\n${main}\n`;
  const lowered = execFileSync(MLIR_OPT, LOWERING, {
    input: source,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const output = execFileSync(
    MLIR_RUNNER,
    [
      '-e',
      'main',
      '-entry-point-result=void',
      `-shared-libs=${LIB}/libmlir_runner_utils.so.22.1,${LIB}/libmlir_c_runner_utils.so.22.1`,
    ],
    { input: lowered, encoding: 'utf8', maxBuffer: 1 << 28 },
  );
  const printedArrays = [...output.matchAll(/data =\s*\n\[([^\]]*)\]/g)].map((m) =>
    m[1]!.split(',').map((s) => s.trim()),
  );
  const memrefArgs = args.filter((a) => a.kind === 'memref');
  if (printedArrays.length !== memrefArgs.length + sig.results.length)
    throw new Error(`unexpected runner output for @${sig.name}:\n${output}`);
  return {
    memrefs: memrefArgs.map((a, n) => printedArrays[n]!.map((bits) => decode(bits, a.elementType))),
    results: sig.results.map((type, k) => decode(printedArrays[memrefArgs.length + k]![0]!, type)),
  };
}

/**
 * Bridges to MLIR's own sparsifier: the `linalg.generic` + `#sparse_tensor.encoding` input
 * that expresses an emitter kernel, a rewrite of mlir-opt's sparsified output into a plain
 * memref function with our argument convention, and the interpreter run that compares the two.
 */
import { compile } from '@tilekit/loop-engines';
import { type Module, parseModule, printType } from '@tilekit/loop-ir';
import type { ChunkResult } from '@tilekit/test-support';
import {
  type AffineSubscript,
  bindArguments,
  type KernelOperand,
  type SparseKernel,
  type StorageWidth,
  type ValueArray,
} from '../../src/index.js';

const LEVEL_TEXT: Readonly<Record<string, string>> = {
  dense: 'dense',
  compressed: 'compressed',
  'compressed(nonunique)': 'compressed(nonunique)',
  loose_compressed: 'loose_compressed',
  'loose_compressed(nonunique)': 'loose_compressed(nonunique)',
  singleton: 'singleton(soa)',
  'singleton(nonunique)': 'singleton(nonunique, soa)',
};

const widthText = (w: StorageWidth): number => (w === 'index' ? 0 : w);

/** `linalg.generic` text for a `+=` kernel (MLIR reads the output as the accumulator). */
export function linalgFor(kernel: SparseKernel): string {
  const { plan } = kernel;
  const element = plan.valueType;
  const dims = plan.indexVars.map((_, k) => `d${k}`);
  const dimOf = (i: string): string => `d${plan.indexVars.indexOf(i)}`;
  const encodings: string[] = [];
  const typeOf = (name: string, indices: readonly string[]): string => {
    const t = [...plan.inputs, plan.output].find((x) => x.name === name);
    const shape = indices.map(() => '?').join('x');
    const base = indices.length === 0 ? `tensor<${element}` : `tensor<${shape}x${element}`;
    if (t?.format === undefined) return `${base}>`;
    const f = t.format;
    const ds = indices.map((_, d) => `d${d}`);
    const levels = f.order.map((d, l) => `d${d} : ${LEVEL_TEXT[f.levels[l] as string]}`);
    encodings.push(
      `#enc_${name} = #sparse_tensor.encoding<{ map = (${ds.join(', ')}) -> (${levels.join(', ')}), posWidth = ${widthText(f.posWidth)}, crdWidth = ${widthText(f.crdWidth)} }>`,
    );
    return `${base}, #enc_${name}>`;
  };
  const all = [...plan.inputs, plan.output];
  const types = all.map((t) => typeOf(t.name, t.indices));
  // An affine subscript (`i+k`, `2*i+k+1`) is the same sum of loop dimensions.
  const affineOf = (s: AffineSubscript): string =>
    [
      ...s.terms.map(({ index, coefficient }) =>
        coefficient === 1 ? dimOf(index) : `${dimOf(index)} * ${coefficient}`,
      ),
      ...(s.offset > 0 || s.terms.length === 0 ? [String(s.offset)] : []),
    ].join(' + ');
  const maps = all.map(
    (t) =>
      `affine_map<(${dims.join(', ')}) -> (${(t.subscripts?.map(affineOf) ?? t.indices.map(dimOf)).join(', ')})>`,
  );
  const iterators = plan.indexVars.map((i) =>
    plan.reductions.has(i) ? '"reduction"' : '"parallel"',
  );
  const body: string[] = [];
  let next = 0;
  const emit = (e: SparseKernel['plan']['notation']['rhs']): string => {
    if (e.kind === 'access') return `%in_${e.tensor}`;
    const name = `%t${next++}`;
    if (e.kind === 'const')
      body.push(`${name} = arith.constant ${e.value.toExponential()} : ${element}`);
    else if (e.kind === 'neg') body.push(`${name} = arith.negf ${emit(e.operand)} : ${element}`);
    else if (e.kind === 'binary') {
      const op = { '+': 'addf', '-': 'subf', '*': 'mulf', '/': 'divf' }[e.op];
      const l = emit(e.lhs);
      const r = emit(e.rhs);
      body.push(`${name} = arith.${op} ${l}, ${r} : ${element}`);
    } else throw new Error(`linalg: ${e.kind} is outside the compared kernels`);
    return name;
  };
  const value = emit(plan.notation.rhs);
  body.push(`%acc = arith.addf %out, ${value} : ${element}`);
  const ins = plan.inputs.map((t) => `%${t.name}`).join(', ');
  const inTypes = types.slice(0, -1).join(', ');
  const outType = types[types.length - 1] as string;
  const args = all.map((t, k) => `%${t.name}: ${types[k]}`).join(', ');
  const blockArgs = [
    ...plan.inputs.map((t) => `%in_${t.name}: ${element}`),
    `%out: ${element}`,
  ].join(', ');
  return `${encodings.join('\n')}
func.func @${kernel.functionName}(${args}) -> ${outType} {
  %r = linalg.generic {indexing_maps = [${maps.join(', ')}], iterator_types = [${iterators.join(', ')}]}
      ins(${ins} : ${inTypes}) outs(%${plan.output.name} : ${outType}) {
    ^bb0(${blockArgs}):
      ${body.join('\n      ')}
      linalg.yield %acc : ${element}
  } -> ${outType}
  return %r : ${outType}
}`;
}

/**
 * Rewrites mlir-opt's sparsified function into a memref function whose arguments follow the
 * emitter's convention: the `sparse_tensor.values/positions/coordinates`,
 * `bufferization.to_buffer`, `sparse_tensor.lvl` and `tensor.dim` definitions become
 * arguments; `to_tensor` and the tensor result disappear.
 */
export function memrefFunctionOf(mlirOutput: string, kernel: SparseKernel): string {
  const { plan } = kernel;
  const tensors = [...plan.inputs, plan.output];
  const keyOf = new Map<string, string>();
  const kept: string[] = [];
  // `sparse_tensor.reinterpret_map` (CSC and other permuted formats) renames a tensor argument.
  const tensorOf = new Map<string, number>();
  for (const line of mlirOutput.split('\n')) {
    const remap = /^\s*(%\w+) = sparse_tensor\.reinterpret_map %arg(\d+)/.exec(line);
    if (remap !== null) {
      tensorOf.set(remap[1] as string, Number(remap[2]));
      continue;
    }
    const m =
      /^\s*(%\w+) = (sparse_tensor\.values|sparse_tensor\.positions|sparse_tensor\.coordinates|bufferization\.to_buffer|sparse_tensor\.lvl|tensor\.dim) (%arg\d+|%\d+)(?:, %c(\d+))?(?: \{level = (\d+) : index\})?/.exec(
        line,
      );
    if (m !== null) {
      const [, name, op, argText, constant, level] = m;
      const t =
        tensors[
          argText?.startsWith('%arg')
            ? Number(argText.slice(4))
            : (tensorOf.get(argText as string) ?? -1)
        ];
      if (t === undefined) throw new Error(`unexpected tensor argument in: ${line}`);
      const key =
        op === 'sparse_tensor.values'
          ? `values:${t.name}`
          : op === 'sparse_tensor.positions'
            ? `positions:${t.name}:${level}`
            : op === 'sparse_tensor.coordinates'
              ? `coordinates:${t.name}:${level}`
              : op === 'bufferization.to_buffer'
                ? t === plan.output
                  ? `output:${t.name}`
                  : `dense:${t.name}`
                : op === 'sparse_tensor.lvl'
                  ? `size:${t.levelIndices[Number(constant)]}`
                  : `size:${t.indices[Number(constant)]}`;
      keyOf.set(name as string, key);
      continue;
    }
    if (/^#|bufferization\.to_tensor|^\s*func\.func|^\s*module \{$|^\}$/.test(line)) continue;
    kept.push(line.replace(/^\s*return .*$/, '    return'));
  }
  const params = kernel.parameters.map((p, k) => {
    const key =
      p.kind === 'size'
        ? `size:${p.index}`
        : p.kind === 'positions' || p.kind === 'coordinates'
          ? `${p.kind}:${p.tensor}:${p.level}`
          : `${p.kind}:${p.tensor}`;
    return { key, name: `%p${k}`, text: `%p${k}: ${printType(p.type)}` };
  });
  let body = kept.join('\n');
  for (const [name, key] of keyOf) {
    const param = params.find((p) => p.key === key);
    if (param === undefined) throw new Error(`no parameter for ${key}`);
    body = body.replace(new RegExp(`${name}(?![\\w#])`, 'g'), param.name);
  }
  return `func.func @${kernel.functionName}(${params.map((p) => p.text).join(', ')}) {\n${body.trimEnd()}\n`;
}

/**
 * MLIR's sparsified `kernel` (one of `runChunks`' results) as a plain memref module our
 * interpreter runs; `rewrite` adjusts mlir-opt's text first. A failed mlir-opt-22 run fails the
 * test with mlir-opt's error.
 */
export function mlirModuleOf(
  out: ChunkResult | undefined,
  kernel: SparseKernel,
  rewrite: (text: string) => string = (text) => text,
): Module {
  if (out === undefined || !out.ok)
    throw new Error(`mlir-opt-22 failed: ${out?.ok === false ? out.error : 'no output'}`);
  return parseModule(memrefFunctionOf(rewrite(out.text), kernel));
}

/**
 * Runs `module` (the emitter's or MLIR's) on the interpreter with `kernel`'s arguments bound to
 * `operands` (and the output `start`, when given); returns the output values it wrote.
 */
export function interpretKernel(
  module: Module,
  kernel: SparseKernel,
  operands: Readonly<Record<string, KernelOperand>>,
  start?: ValueArray,
): ValueArray | BigInt64Array {
  const call = bindArguments(kernel, operands, start);
  compile(module, kernel.functionName, { engine: 'interpreter' })(...call.args);
  return call.output;
}

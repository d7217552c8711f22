/**
 * Constant folds of n-D vectors (`vector.insert`, `vector.extract`, `vector.broadcast`):
 * random chains of them over random constants, folded by `canonicalize` and by
 * `mlir-opt-22 --canonicalize`, must return the constants mlir-opt computes, and the values
 * the interpreter computes from the unfolded function.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runMlirOpt } from '../../../../tools/scripts/mlir-opt.mjs';
import {
  canonicalize,
  interpret,
  type Module,
  type Operation,
  parseModule,
  printAttribute,
  printModule,
} from '../../src/index.js';

describe('vector.insert into an n-D constant', () => {
  it('writes the whole inserted row (the 2-D reproducer)', () => {
    const module = parseModule(`func.func @f() -> vector<2x3xi32> {
  %c = arith.constant dense<0> : vector<2x3xi32>
  %v = arith.constant dense<7> : vector<3xi32>
  %r = vector.insert %v, %c [0] : vector<3xi32> into vector<2x3xi32>
  return %r : vector<2x3xi32>
}`);
    expect(printModule(canonicalize(module))).toContain(
      'arith.constant dense<[[7, 7, 7], [0, 0, 0]]> : vector<2x3xi32>',
    );
    expect(interpret(canonicalize(module), 'f', [])).toEqual([[7, 7, 7, 0, 0, 0]]);
  });
});

type Element = 'i32' | 'f32' | 'i8';

/** Row-major nesting of `lanes` into a dense literal of `shape`. */
function denseLiteral(
  lanes: readonly number[],
  shape: readonly number[],
  element: Element,
): string {
  const lit = (x: number) => (element === 'f32' ? x.toFixed(1) : String(x));
  if (shape.length === 0) return lit(lanes[0] as number);
  const [dim, ...rest] = shape as [number, ...number[]];
  const size = rest.reduce((a, b) => a * b, 1);
  const rows = Array.from({ length: dim }, (_, k) =>
    denseLiteral(lanes.slice(k * size, (k + 1) * size), rest, element),
  );
  return `[${rows.join(', ')}]`;
}

const typeOf = (shape: readonly number[], element: Element) =>
  shape.length === 0 ? element : `vector<${shape.join('x')}x${element}>`;

/** A constant of `shape`: splat or spelled out, from `seed` lanes. */
function constant(
  name: string,
  shape: readonly number[],
  element: Element,
  lanes: readonly number[],
  splat: boolean,
): string {
  const count = shape.reduce((a, b) => a * b, 1);
  const values = Array.from({ length: count }, (_, k) => lanes[k % lanes.length] as number);
  const type = typeOf(shape, element);
  if (shape.length === 0)
    return `  %${name} = arith.constant ${denseLiteral(values, [], element)} : ${type}`;
  const body = splat
    ? denseLiteral([values[0] as number], [], element)
    : denseLiteral(values, shape, element);
  return `  %${name} = arith.constant dense<${body}> : ${type}`;
}

const stepArb = fc.record({
  kind: fc.constantFrom('insert', 'extract', 'broadcast'),
  depth: fc.nat(),
  position: fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
  dynamic: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
  lanes: fc.array(fc.integer({ min: -100, max: 100 }), { minLength: 1, maxLength: 30 }),
  splat: fc.boolean(),
});

const functionArb = fc.record({
  shape: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 }),
  element: fc.constantFrom<Element>('i32', 'f32', 'i8'),
  lanes: fc.array(fc.integer({ min: -100, max: 100 }), { minLength: 1, maxLength: 30 }),
  splat: fc.boolean(),
  steps: fc.array(stepArb, { minLength: 1, maxLength: 5 }),
});

type FunctionSpec = typeof functionArb extends fc.Arbitrary<infer T> ? T : never;

/** The text of one random function `@f<k>` and the types it returns. */
function functionText(k: number, spec: FunctionSpec): string {
  const { shape, element } = spec;
  const lines = [constant('v0', shape, element, spec.lanes, spec.splat)];
  const returned: { name: string; type: string }[] = [];
  let current = 'v0';
  spec.steps.forEach((step, s) => {
    const depth = 1 + (step.depth % shape.length);
    const entries = shape.slice(0, depth).map((dim, d) => {
      const index = (step.position[d] as number) % dim;
      if (!step.dynamic[d]) return String(index);
      lines.push(`  %p${s}_${d} = arith.constant ${index} : index`);
      return `%p${s}_${d}`;
    });
    const sub = shape.slice(depth);
    const subType = typeOf(sub, element);
    const type = typeOf(shape, element);
    if (step.kind === 'insert') {
      lines.push(constant(`x${s}`, sub, element, step.lanes, step.splat));
      lines.push(
        `  %v${s + 1} = vector.insert %x${s}, %${current} [${entries.join(', ')}] : ${subType} into ${type}`,
      );
      current = `v${s + 1}`;
    } else if (step.kind === 'extract') {
      lines.push(
        `  %e${s} = vector.extract %${current}[${entries.join(', ')}] : ${subType} from ${type}`,
      );
      returned.push({ name: `e${s}`, type: subType });
    } else {
      lines.push(constant(`b${s}`, [], element, step.lanes, true));
      lines.push(`  %v${s + 1} = vector.broadcast %b${s} : ${element} to ${type}`);
      current = `v${s + 1}`;
    }
  });
  returned.push({ name: current, type: typeOf(shape, element) });
  const types = returned.map((r) => r.type).join(', ');
  return [
    `func.func @f${k}() -> (${types}) {`,
    ...lines,
    `  return ${returned.map((r) => `%${r.name}`).join(', ')} : ${types}`,
    '}',
  ].join('\n');
}

/** The printed constant attribute behind each returned value of `fnName`. */
function returnedConstants(module: Module, fnName: string): string[] {
  const fn = module.operations.find(
    (op) => op.attributes.sym_name?.kind === 'string' && op.attributes.sym_name.value === fnName,
  ) as Operation;
  const body = fn.regions[0]?.blocks[0]?.operations ?? [];
  const ret = body[body.length - 1] as Operation;
  return ret.operands.map((v) => {
    const def = body.find((op) => op.results.includes(v));
    return def?.name === 'arith.constant'
      ? printAttribute(def.attributes.value as never)
      : 'not folded';
  });
}

describe('n-D vector constant folds against mlir-opt-22 and the interpreter', () => {
  const specs = fc.sample(functionArb, { seed: 2024, numRuns: 80 });
  const text = specs.map((spec, k) => functionText(k, spec)).join('\n');
  const original = parseModule(text);
  const ours = canonicalize(original);
  const run = runMlirOpt(printModule(original), ['--canonicalize']);

  it('mlir-opt-22 accepts the random module', () => {
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('every function folds to the constants mlir-opt computes, and keeps its values', () => {
    const theirs = parseModule(run.stdout);
    const mismatches: string[] = [];
    specs.forEach((_, k) => {
      const name = `f${k}`;
      const expected = returnedConstants(theirs, name);
      const got = returnedConstants(ours, name);
      if (JSON.stringify(got) !== JSON.stringify(expected))
        mismatches.push(`${name}: ${got.join(' | ')} vs mlir-opt ${expected.join(' | ')}`);
      const reference = interpret(original, name, []);
      if (JSON.stringify(interpret(ours, name, [])) !== JSON.stringify(reference))
        mismatches.push(`${name}: values differ from the unfolded function`);
    });
    expect(mismatches).toEqual([]);
    expect(expectedFoldCount(theirs, specs.length)).toBeGreaterThan(specs.length);
  });
});

/** How many returned values mlir-opt folded to constants (the corpus must exercise folds). */
function expectedFoldCount(module: Module, functions: number): number {
  let folded = 0;
  for (let k = 0; k < functions; k++)
    folded += returnedConstants(module, `f${k}`).filter((c) => c !== 'not folded').length;
  return folded;
}

/**
 * The wasm engine addresses a rank-1 memref indexed by a loop's induction variable (plus a
 * constant) through a pointer it advances with the loop (src/wasm/lowering/induction-pointers.ts).
 * Random loops over every element width check that this reaches the same elements as the
 * interpreter and the js engine, byte for byte: constant and argument lower bounds (negative
 * ones included, where the constant must not go into the instruction's offset), constant and
 * argument steps, `iv + c` written either way round, nested loops that read the outer
 * variable, vector loads and stores, loops whose vector body runs before a remainder, and
 * memrefs the first buffer of memory holds (address 0, where a wrong offset leaves memory).
 * The wasm engine's `inductionPointers: false` (addresses from indices) agrees as well.
 */
import { parseModule } from '@tilekit/loop-ir';
import { snapshot } from '@tilekit/test-support';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compile,
  compileWasm,
  EngineArgumentError,
  type EngineName,
  wasmKernelImage,
} from '../src/index.js';

const ENGINES: readonly EngineName[] = ['interpreter', 'js', 'wasm'];

/** Element types by name: the typed array a memref of it takes, and whether it is a float. */
const ELEMENTS = {
  f32: { array: Float32Array, float: true, lanes: 4 },
  f64: { array: Float64Array, float: true, lanes: 2 },
  i8: { array: Int8Array, float: false, lanes: 16 },
  i16: { array: Int16Array, float: false, lanes: 8 },
  i32: { array: Int32Array, float: false, lanes: 4 },
  i64: { array: BigInt64Array, float: false, lanes: 2 },
} as const;
type ElementName = keyof typeof ELEMENTS;

/** One random loop: its shape, drawn by fast-check. */
interface LoopCase {
  readonly element: ElementName;
  /** A constant lower bound, or `arg` for one passed as `%lo`. */
  readonly lower: number | 'arg';
  readonly lowerValue: number;
  /** A constant step, or `arg` for one passed as `%st`. */
  readonly step: number | 'arg';
  readonly stepValue: number;
  readonly trips: number;
  /** The constants added to the variable for the two loads and the store. */
  readonly offsets: readonly [number, number, number];
  /** Whether each `addi` puts the constant first. */
  readonly constantFirst: readonly [boolean, boolean, boolean];
  readonly nested: boolean;
  readonly vector: boolean;
}

const loopCase: fc.Arbitrary<LoopCase> = fc.record({
  element: fc.constantFrom(...(Object.keys(ELEMENTS) as ElementName[])),
  lower: fc.oneof(fc.integer({ min: -4, max: 3 }), fc.constant('arg' as const)),
  lowerValue: fc.integer({ min: -4, max: 3 }),
  step: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constant('arg' as const)),
  stepValue: fc.integer({ min: 1, max: 5 }),
  trips: fc.integer({ min: 0, max: 40 }),
  offsets: fc.tuple(fc.nat(4), fc.nat(4), fc.nat(4)),
  constantFirst: fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()),
  nested: fc.boolean(),
  vector: fc.boolean(),
});

/** The lower bound the loop starts from. */
const lowerOf = (c: LoopCase): number => (c.lower === 'arg' ? c.lowerValue : c.lower);
const stepOf = (c: LoopCase): number => (c.step === 'arg' ? c.stepValue : c.step);
/** What every offset is raised by so that `iv + offset` is never negative. */
const liftOf = (c: LoopCase): number => Math.max(0, -lowerOf(c));

/**
 * `@walk(%a, %x, %lo, %hi, %st)`: for `i` from the lower bound below `%hi`, reads `a[i + p]`
 * and `a[i + q]`, stores their sum at `x[i + r]`; nested, an inner loop also copies
 * `a[i + p]` to `x[j]` for the first few `j`; with `vector`, the loop also moves a vector from
 * `a[i + q]` to `x[i + r]`.
 */
function walkKernel(c: LoopCase): string {
  const { element } = c;
  const { float, lanes } = ELEMENTS[element];
  const memref = `memref<?x${element}>`;
  const add = float ? 'arith.addf' : 'arith.addi';
  const lift = liftOf(c);
  const index = (k: 0 | 1 | 2, name: string): string => {
    const constant = `%k${k}`;
    const [a, b] = c.constantFirst[k] ? [constant, '%i'] : ['%i', constant];
    return `    ${constant} = arith.constant ${c.offsets[k] + lift} : index
    ${name} = arith.addi ${a}, ${b} : index
`;
  };
  const lower = c.lower === 'arg' ? '%lo' : '%lower';
  const step = c.step === 'arg' ? '%st' : '%step';
  const nested = c.nested
    ? `    scf.for %j = %c0 to %c3 step %c1 {
      %w = memref.load %a[%p] : ${memref}
      memref.store %w, %x[%j] : ${memref}
    }
`
    : '';
  const vector = c.vector
    ? `    %vv = vector.load %a[%q] : ${memref}, vector<${lanes}x${element}>
    vector.store %vv, %x[%r] : ${memref}, vector<${lanes}x${element}>
`
    : '';
  return `func.func @walk(%a: ${memref}, %x: ${memref}, %lo: index, %hi: index, %st: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %lower = arith.constant ${lowerOf(c)} : index
  %step = arith.constant ${stepOf(c)} : index
  scf.for %i = ${lower} to %hi step ${step} {
${index(0, '%p')}${index(1, '%q')}${index(2, '%r')}    %u = memref.load %a[%p] : ${memref}
    %v = memref.load %a[%q] : ${memref}
    %s = ${add} %u, %v : ${element}
    memref.store %s, %x[%r] : ${memref}
${nested}${vector}  }
  return
}`;
}

/** The kernel's arguments: `a` of small distinct values, `x` zeroed, bounds and step. */
function walkArguments(c: LoopCase) {
  const { array: Array_ } = ELEMENTS[c.element];
  const hi = lowerOf(c) + c.trips;
  // Room for the largest index: hi - 1 + the largest offset, the lift and a vector's lanes.
  const length = Math.max(hi, 0) + 4 + liftOf(c) + ELEMENTS[c.element].lanes + 1;
  const values = Array.from({ length }, (_, k) => ((k * 7) % 23) - 11);
  const a =
    Array_ === BigInt64Array
      ? BigInt64Array.from(values, (v) => BigInt(v))
      : new (Array_ as Float64ArrayConstructor)(values);
  return () => [
    a.slice(),
    new (Array_ as Float64ArrayConstructor)(length),
    lowerOf(c),
    hi,
    stepOf(c),
  ];
}

describe('induction pointers reach the elements the index names, on every engine', () => {
  const cases = fc.sample(loopCase, { seed: 4417, numRuns: 240 });
  cases.forEach((c, k) => {
    it(`loop ${k}: ${c.element}, lower ${c.lower}, step ${c.step}${c.nested ? ', nested' : ''}${c.vector ? ', vector' : ''}`, () => {
      const text = walkKernel(c);
      const module = parseModule(text);
      const args = walkArguments(c);
      const runs: { label: string; bytes: string }[] = ENGINES.map((engine) => {
        const a = args();
        compile(module, 'walk', { engine })(...a);
        return { label: engine, bytes: snapshot(a, []) };
      });
      const computed = args();
      compileWasm(module, 'walk', { inductionPointers: false })(...computed);
      runs.push({ label: 'wasm without induction pointers', bytes: snapshot(computed, []) });
      const [reference, ...others] = runs;
      for (const run of others) {
        expect(run.bytes, `${run.label} vs interpreter\n${text}`).toBe(reference?.bytes);
      }
    });
  });
});

describe('the inductionPointers option', () => {
  const module = parseModule(
    walkKernel(fc.sample(loopCase, { seed: 7, numRuns: 1 })[0] as LoopCase),
  );

  it('changes the code of a loop that indexes a memref by its variable', () => {
    const withPointers = wasmKernelImage(module, 'walk').bytes;
    const without = wasmKernelImage(module, 'walk', { inductionPointers: false }).bytes;
    expect(Buffer.from(withPointers).equals(Buffer.from(without))).toBe(false);
    expect(wasmKernelImage(module, 'walk', { inductionPointers: true }).bytes).toEqual(
      withPointers,
    );
  });

  it.each([['yes'], [1], [{}]])('refuses %j with an error naming the option', (value) => {
    const options = { inductionPointers: value } as unknown as { inductionPointers: boolean };
    expect(() => wasmKernelImage(module, 'walk', options)).toThrow(EngineArgumentError);
    expect(() => wasmKernelImage(module, 'walk', options)).toThrow(/options\.inductionPointers/);
  });
});

/**
 * The wasm engine keeps an SpMM output chunk in registers across a sparse row (the row loop
 * and the chunk loop interchanged) and, after a fill of the whole output, starts each chunk
 * from the fill value instead of filling (row-accumulation.ts). Random CSR matrices (empty,
 * skewed, with empty rows) times dense matrices of 1, 3, 63, 64, 65 or random columns, in f64,
 * f32 and i32 with 32- or 64-bit positions, `=` (fill of 0.0, -0.0 or 7) and `+=` kernels,
 * vectorized at several lengths or scalar, give the interpreter's results bit for bit, call
 * after call of one compiled function with changed operands, engine arrays passed in place
 * included. Loops the rewrite must leave alone are left alone.
 */
import {
  createModule,
  type Module,
  type Operation,
  parseModule,
  printModule,
  walkOperations,
} from '@tilekit/loop-ir';
import { vectorize } from '@tilekit/sparse-vectorizer';
import { snapshot } from '@tilekit/test-support';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, engineArray } from '../src/index.js';
import { accumulateRowsInRegisters, ENTRY_BLOCK } from '../src/wasm/lowering/row-accumulation.js';

const BLOCK = Number(ENTRY_BLOCK);

type Value = 'f64' | 'f32' | 'i32';
type Position = 'i32' | 'i64';

interface Variant {
  readonly value: Value;
  readonly position: Position;
  /** The fill constant of a `=` kernel, or undefined for `+=`. */
  readonly fill: string | undefined;
  /** Vector length, or undefined for the scalar loops. */
  readonly vl: number | undefined;
}

const MARK = '{"Emitted from" = "linalg.generic"}';

/** `C(i,k) (+)= A(i,j) * B(j,k)` as the sparsifier emits it for a CSR `A`. */
function spmmText({ value, position, fill }: Variant): string {
  const float = value !== 'i32';
  const [mul, add] = float ? ['arith.mulf', 'arith.addf'] : ['arith.muli', 'arith.addi'];
  const index = (from: string, to: string) =>
    position === 'i32'
      ? `%${to}w = arith.extui %${from} : i32 to i64
      %${to} = arith.index_cast %${to}w : i64 to index`
      : `%${to} = arith.index_cast %${from} : i64 to index`;
  const m2 = `memref<?x?x${value}>`;
  const fillNest =
    fill === undefined
      ? ''
      : `%z = arith.constant ${fill} : ${value}
    scf.for %fi = %c0 to %m step %c1 {
      scf.for %fk = %c0 to %n step %c1 {
        memref.store %z, %C[%fi, %fk] : ${m2}
      }
    }`;
  return `func.func @spmm(%pos: memref<?x${position}>, %crd: memref<?x${position}>, %val: memref<?x${value}>, %B: ${m2}, %C: ${m2}, %m: index, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    ${fillNest}
    scf.for %i = %c0 to %m step %c1 {
      %p0 = memref.load %pos[%i] : memref<?x${position}>
      ${index('p0', 'lo')}
      %i1 = arith.addi %i, %c1 : index
      %p1 = memref.load %pos[%i1] : memref<?x${position}>
      ${index('p1', 'hi')}
      scf.for %jj = %lo to %hi step %c1 {
        %cj = memref.load %crd[%jj] : memref<?x${position}>
        ${index('cj', 'j')}
        %a = memref.load %val[%jj] : memref<?x${value}>
        scf.for %k = %c0 to %n step %c1 {
          %c = memref.load %C[%i, %k] : ${m2}
          %b = memref.load %B[%j, %k] : ${m2}
          %p = ${mul} %a, %b : ${value}
          %s = ${add} %c, %p : ${value}
          memref.store %s, %C[%i, %k] : ${m2}
        } ${MARK}
      } ${MARK}
    } ${MARK}
    return
  }`;
}

function spmmModule(variant: Variant) {
  const scalar = parseModule(spmmText(variant));
  return variant.vl === undefined ? scalar : vectorize(scalar, { vectorLength: variant.vl }).module;
}

const VALUE_ARRAYS = { f64: Float64Array, f32: Float32Array, i32: Int32Array } as const;

/** A random CSR matrix `rows x cols` (some rows empty, one maybe long) and a dense `B`, `C`. */
interface Operands {
  readonly rows: number;
  readonly cols: number;
  readonly n: number;
  readonly pos: number[];
  readonly crd: number[];
  readonly val: number[];
  readonly b: number[];
  readonly c: number[];
}

const NS = [1, 3, 63, 64, 65];
const number = (value: Value) =>
  value === 'i32'
    ? fc.integer({ min: -1000, max: 1000 })
    : fc.double({ min: -4, max: 4, noNaN: true, noDefaultInfinity: true });

function operands(value: Value): fc.Arbitrary<Operands> {
  return fc
    .record({
      rows: fc.integer({ min: 0, max: 12 }),
      cols: fc.integer({ min: 1, max: 12 }),
      n: fc.oneof(fc.constantFrom(...NS), fc.integer({ min: 1, max: 20 })),
      lengths: fc.array(
        fc.oneof(
          fc.constant(0),
          fc.integer({ min: 0, max: 3 }),
          fc.integer({ min: 20, max: 40 }),
          // Rows ending a block early, exactly or one into the next.
          fc
            .tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: -1, max: 1 }))
            .map(([blocks, off]) => blocks * BLOCK + off),
        ),
        { maxLength: 12 },
      ),
      seed: fc.array(number(value), { minLength: 1, maxLength: 64 }),
      picks: fc.array(fc.nat(), { minLength: 1, maxLength: 64 }),
    })
    .map(({ rows, cols, n, lengths, seed, picks }) => {
      const at = (k: number, list: readonly number[]) => list[k % list.length] as number;
      const pos = [0];
      const crd: number[] = [];
      for (let i = 0; i < rows; i++) {
        const length = at(i, lengths.length === 0 ? [0] : lengths);
        // Sorted columns, repeats allowed (the kernel sums them in order).
        const row = Array.from({ length }, (_, e) => at(i * 7 + e, picks) % cols).sort(
          (x, y) => x - y,
        );
        crd.push(...row);
        pos.push(crd.length);
      }
      const val = crd.map((_, e) => at(e * 3 + 1, seed));
      const b = Array.from({ length: cols * n }, (_, e) => at(e * 5 + 2, seed));
      const c = Array.from({ length: rows * n }, (_, e) => at(e * 11 + 3, seed));
      return { rows, cols, n, pos, crd, val, b, c };
    });
}

/** The kernel's arguments for `o`, fresh arrays (or engine arrays for `B` and `C`). */
function argumentsOf(variant: Variant, o: Operands, inEngine: boolean) {
  const Values = VALUE_ARRAYS[variant.value];
  const positions = (list: readonly number[]) =>
    variant.position === 'i32' ? Int32Array.from(list) : BigInt64Array.from(list, BigInt);
  const dense = (list: readonly number[], rows: number) => {
    if (!inEngine) return { data: Values.from(list), shape: [rows, o.n] };
    const array = engineArray(Values, list.length);
    array.data.set(list);
    return { data: array.data, shape: [rows, o.n], array };
  };
  return [
    positions(o.pos),
    positions(o.crd),
    Values.from(o.val),
    dense(o.b, o.cols),
    dense(o.c, o.rows),
    BigInt(o.rows),
    BigInt(o.n),
  ] as const;
}

const VARIANTS: Variant[] = (['f64', 'f32', 'i32'] as const).flatMap((value) =>
  (['i32', 'i64'] as const).flatMap((position) =>
    [...(value === 'i32' ? ['0', '7'] : ['0.0', '-0.0']), undefined].flatMap((fill) =>
      [undefined, 2, 4, 8].map((vl) => ({ value, position, fill, vl })),
    ),
  ),
);

/** Ops named `name` under `root`. */
function count(root: Operation, name: string): number {
  let n = 0;
  walkOperations(root, (op) => {
    if (op.name === name) n++;
  });
  return n;
}

/** `module` printed with the chunk loop stepping `by` where it stepped `vl` (overlapping chunks). */
function printedWithStep(module: Module, vl: number, by: number): string {
  const text = printModule(module);
  const stepped = text.replace(`step %c${vl} {`, `step %c${by} {`);
  expect(stepped).not.toBe(text);
  return stepped.replace(
    `%c${vl} = arith.constant ${vl} : index`,
    `%c${vl} = arith.constant ${vl} : index\n    %c${by} = arith.constant ${by} : index`,
  );
}

const spmmFunc = (variant: Variant) => spmmModule(variant).operations[0] as Operation;

/** Asserts that `module`'s wasm gives the interpreter's output bits on 30 random f64 operands. */
function expectInterpreterBits(module: Module, variant: Variant, seed: number): void {
  const wasm = compile(module, 'spmm', { engine: 'wasm' });
  const interpreter = compile(module, 'spmm', { engine: 'interpreter' });
  fc.assert(
    fc.property(operands('f64'), (o) => {
      const expected = argumentsOf(variant, o, false);
      interpreter(...expected);
      const args = argumentsOf(variant, o, false);
      wasm(...args);
      expect(snapshot([args[4].data], [])).toBe(snapshot([expected[4].data], []));
    }),
    { seed, numRuns: 30 },
  );
}

describe('SpMM rows accumulated in registers on the wasm engine', () => {
  it('the rewrite applies: chunks carried through blocks of the row, the fill gone when vectorized', () => {
    for (const variant of VARIANTS) {
      const before = spmmFunc(variant);
      const after = accumulateRowsInRegisters(before);
      // One scf.for carrying the chunk (it has a result); the fill nest dropped where it can.
      let carrying = 0;
      walkOperations(after, (op) => {
        if (op.name === 'scf.for' && op.results.length === 1) carrying++;
      });
      expect(carrying, JSON.stringify(variant)).toBe(1);
      const fillDropped = variant.fill !== undefined && variant.vl !== undefined;
      // The block loop is new; the first block starts from the fill in an scf.if.
      expect(count(after, 'scf.for'), JSON.stringify(variant)).toBe(
        count(before, 'scf.for') + 1 - (fillDropped ? 2 : 0),
      );
      expect(count(after, 'scf.if'), JSON.stringify(variant)).toBe(fillDropped ? 1 : 0);
      expect(printModule(createModule([after])), JSON.stringify(variant)).toContain(
        `arith.constant ${BLOCK} : index`,
      );
    }
  });

  it('drops a fill before blocks written by hand only where every row runs a block', () => {
    // Already interchanged, in blocks of 3, the block loop bounded by `hi` (an empty row runs
    // no chunk pass, so its chunks must keep the fill) or by `max(hi, lo + 1)` as the rewrite
    // bounds it (at least one pass: the fill can go).
    const blockedText = (atLeastOnce: boolean) => `
      #rest = affine_map<(d0, d1) -> (4, d0 - d1)>
      func.func @spmm(%pos: memref<?xi32>, %crd: memref<?xi32>, %val: memref<?xf64>, %B: memref<?x?xf64>, %C: memref<?x?xf64>, %m: index, %n: index) {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c3 = arith.constant 3 : index
        %c4 = arith.constant 4 : index
        %z = arith.constant 0.0 : f64
        %pass = arith.constant dense<0.0> : vector<4xf64>
        scf.for %fi = %c0 to %m step %c1 {
          scf.for %fk = %c0 to %n step %c1 {
            memref.store %z, %C[%fi, %fk] : memref<?x?xf64>
          }
        }
        scf.for %i = %c0 to %m step %c1 {
          %p0 = memref.load %pos[%i] : memref<?xi32>
          %lo0 = arith.extui %p0 : i32 to i64
          %lo = arith.index_cast %lo0 : i64 to index
          %i1 = arith.addi %i, %c1 : index
          %p1 = memref.load %pos[%i1] : memref<?xi32>
          %hi0 = arith.extui %p1 : i32 to i64
          %hi = arith.index_cast %hi0 : i64 to index
          %past = arith.addi %lo, %c1 : index
          %most = arith.maxsi %hi, %past : index
          scf.for %jb = %lo to ${atLeastOnce ? '%most' : '%hi'} step %c3 {
            %jb3 = arith.addi %jb, %c3 : index
            %je = arith.minsi %jb3, %hi : index
            scf.for %k = %c0 to %n step %c4 {
              %left = affine.min #rest(%n, %k)
              %mask = vector.create_mask %left : vector<4xi1>
              %c = vector.maskedload %C[%i, %k], %mask, %pass : memref<?x?xf64>, vector<4xi1>, vector<4xf64> into vector<4xf64>
              %sum = scf.for %jj = %jb to %je step %c1 iter_args(%acc = %c) -> (vector<4xf64>) {
                %cj = memref.load %crd[%jj] : memref<?xi32>
                %j0 = arith.extui %cj : i32 to i64
                %j = arith.index_cast %j0 : i64 to index
                %a = memref.load %val[%jj] : memref<?xf64>
                %as = vector.broadcast %a : f64 to vector<4xf64>
                %b = vector.maskedload %B[%j, %k], %mask, %pass : memref<?x?xf64>, vector<4xi1>, vector<4xf64> into vector<4xf64>
                %p = arith.mulf %as, %b : vector<4xf64>
                %s = arith.addf %acc, %p : vector<4xf64>
                scf.yield %s : vector<4xf64>
              }
              vector.maskedstore %C[%i, %k], %mask, %sum : memref<?x?xf64>, vector<4xi1>, vector<4xf64>
            }
          }
        }
        return
      }`;
    const variant: Variant = { value: 'f64', position: 'i32', fill: '0.0', vl: 4 };
    for (const atLeastOnce of [false, true]) {
      const module = parseModule(blockedText(atLeastOnce));
      const after = accumulateRowsInRegisters(module.operations[0] as Operation);
      expect(count(after, 'scf.if'), `at least once: ${atLeastOnce}`).toBe(atLeastOnce ? 1 : 0);
      expectInterpreterBits(module, variant, 3537);
    }
  });

  it('gives the interpreter results bit for bit, call after call with changed operands', () => {
    for (const variant of VARIANTS) {
      const module = spmmModule(variant);
      const wasm = compile(module, 'spmm', { engine: 'wasm' });
      const interpreter = compile(module, 'spmm', { engine: 'interpreter' });
      fc.assert(
        fc.property(operands(variant.value), fc.boolean(), (o, inEngine) => {
          const expected = argumentsOf(variant, o, false);
          interpreter(...expected);
          const args = argumentsOf(variant, o, inEngine);
          try {
            wasm(...args);
            // An engine array's view is read again: the call may have grown the memory.
            const output = 'array' in args[4] ? args[4].array.data : args[4].data;
            expect(snapshot([output], [])).toBe(snapshot([expected[4].data], []));
          } finally {
            for (const a of [args[3], args[4]]) if ('array' in a) a.array.dispose();
          }
        }),
        { seed: 3535, numRuns: 40 },
      );
    }
  });

  it('leaves loops alone where the output is read elsewhere or a step is shorter than a vector', () => {
    const variant: Variant = { value: 'f64', position: 'i32', fill: '0.0', vl: 4 };
    const text = spmmText({ ...variant, vl: undefined });
    const readElsewhere = text.replace(
      '%a = memref.load %val[%jj] : memref<?xf64>',
      `%a0 = memref.load %val[%jj] : memref<?xf64>
        %first = memref.load %C[%i, %c0] : memref<?x?xf64>
        %a = arith.addf %a0, %first : f64`,
    );
    const shortStep = printedWithStep(spmmModule(variant), 4, 2);
    for (const module of [parseModule(readElsewhere), parseModule(shortStep)]) {
      const func = module.operations[0] as Operation;
      expect(accumulateRowsInRegisters(func)).toBeDefined();
      let carrying = 0;
      walkOperations(accumulateRowsInRegisters(func), (op) => {
        if (op.name === 'scf.for' && op.results.length > 0) carrying++;
      });
      expect(carrying).toBe(0);
      expectInterpreterBits(module, variant, 3536);
    }
  });
});

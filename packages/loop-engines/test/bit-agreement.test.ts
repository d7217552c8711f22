/**
 * The engines agree bit for bit on float data, NaNs included: random kernels that move bit
 * patterns (loads, stores, bitcasts, selects, sign ops, min/max, reductions, lane moves, NaN
 * constants) over inputs full of NaN payloads, signalling NaNs, signed zeros and subnormals
 * leave byte-identical memrefs on the interpreter, js and wasm. Bits that only move must
 * come out as they went in (MLIR's semantics), which is checked against the inputs directly.
 */
import { parseModule } from '@tilekit/loop-ir';
import { snapshot } from '@tilekit/test-support';
import { describe, expect, it } from 'vitest';
import { compile, type EngineName } from '../src/index.js';
import { bitArguments, bitKernels } from './bit-kernels.js';

const ENGINES: readonly EngineName[] = ['interpreter', 'js', 'wasm'];

/** `@copy(%a, %x, %n)` copying `%a` to `%x` through `body` (which reads `%v`, defines `%w`). */
function copyKernel(type: string, int: string, body: string): string {
  return `func.func @copy(%a: memref<?x${type}>, %x: memref<?x${type}>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %a[%i] : memref<?x${type}>
    ${body.replaceAll('INT', int).replaceAll('FLOAT', type)}
    memref.store %w, %x[%i] : memref<?x${type}>
  }
  return
}`;
}

const MOVES = {
  'load, select and store': '%t = arith.constant true\n    %w = arith.select %t, %v, %v : FLOAT',
  'bitcast round trip':
    '%b = arith.bitcast %v : FLOAT to INT\n    %w = arith.bitcast %b : INT to FLOAT',
};

describe('NaN bits survive loads, stores and bitcasts on every engine', () => {
  const f32 = new Uint32Array([
    0x7f800001, 0xffffffff, 0x7fc00001, 0xff800001, 0x7fc00000, 0xffc00000, 0x80000000, 1,
  ]);
  const f64 = new BigUint64Array([
    0x7ff0000000000001n,
    0xffffffffffffffffn,
    0x7ff8000000000001n,
    0xfff0000000000001n,
    0n,
    1n,
  ]);
  for (const [label, body] of Object.entries(MOVES)) {
    for (const engine of ENGINES) {
      it(`${label}, f32 and f64, ${engine}`, () => {
        const run = (type: 'f32' | 'f64', int: string, bits: Uint32Array | BigUint64Array) => {
          const text = copyKernel(type, int, body);
          const fn = compile(parseModule(text), 'copy', { engine });
          const Data = type === 'f32' ? Float32Array : Float64Array;
          const a = new Data(bits.slice().buffer);
          const x = new Data(bits.length);
          fn(a, x, bits.length);
          return [...(type === 'f32' ? new Uint32Array(x.buffer) : new BigUint64Array(x.buffer))];
        };
        expect(run('f32', 'i32', f32)).toEqual([...f32]);
        expect(run('f64', 'i64', f64)).toEqual([...f64]);
      });
    }
  }
});

describe('random bit-moving kernels: engines agree byte for byte', () => {
  const kernels = bitKernels(7, 60);
  const module = parseModule(kernels.join('\n'));
  kernels.forEach((_, k) => {
    it(`kernel k${k}`, () => {
      const args = bitArguments(100 + k, 8 + (k % 9));
      const [reference, ...others] = ENGINES.map((engine) => {
        const a = args();
        compile(module, `k${k}`, { engine })(...a);
        return snapshot(a, []);
      });
      others.forEach((s, e) => {
        expect(s, `${ENGINES[e + 1]} vs interpreter\n${kernels[k]}`).toBe(reference);
      });
    });
  });
});

describe('maximumf / minimumf of a NaN is the positive quiet NaN on every engine', () => {
  const module =
    parseModule(`func.func @sign(%nan: f32, %v: memref<?xf32>, %o: memref<?xf32>) -> (f32, f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %one = arith.constant 1.0 : f32
  %m = arith.maximumf %nan, %two : f32
  %n = arith.minimumf %two, %nan : f32
  %s = math.copysign %one, %m : f32
  %t = math.copysign %one, %n : f32
  %x = vector.load %v[%c0] : memref<?xf32>, vector<4xf32>
  %y = vector.broadcast %two : f32 to vector<4xf32>
  %vm = arith.maximumf %x, %y : vector<4xf32>
  %vn = arith.minimumf %y, %x : vector<4xf32>
  %r = vector.reduction <maximumf>, %x : vector<4xf32> into f32
  %q = vector.reduction <minimumf>, %x : vector<4xf32> into f32
  %rs = math.copysign %one, %r : f32
  %qs = math.copysign %one, %q : f32
  vector.store %vm, %o[%c0] : memref<?xf32>, vector<4xf32>
  %c4 = arith.constant 4 : index
  vector.store %vn, %o[%c4] : memref<?xf32>, vector<4xf32>
  return %s, %t, %rs, %qs : f32, f32, f32, f32
}`);
  for (const engine of ENGINES) {
    it(engine, () => {
      // NaNs with the sign bit set, signalling and quiet, and one number.
      const v = new Float32Array(
        new Uint32Array([0xffc00000, 3 << 23, 0xff800001, 0x40000000]).buffer,
      );
      const o = new Float32Array(8);
      const signs = compile(module, 'sign', { engine })(Number.NaN, v, o);
      expect(signs).toEqual([1, 1, 1, 1]);
      const nan = 0x7fc00000;
      expect([...new Uint32Array(o.buffer)]).toEqual([
        nan,
        0x40000000,
        nan,
        0x40000000,
        nan,
        3 << 23,
        nan,
        0x40000000,
      ]);
    });
  }
});

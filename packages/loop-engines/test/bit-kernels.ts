/**
 * Random kernels that move float bit patterns around: loads and stores, `arith.bitcast`,
 * selects, sign operations, NaN-propagating and NaN-ignoring min/max, reductions, vector lane
 * moves and NaN constants. Each is drawn from a tape of random choices (fast-check, seeded),
 * so a failure reproduces from the seed. Arithmetic that computes a new NaN (`addf`, ...) is
 * left out: its payload is unspecified in MLIR and differs between hosts.
 */
import fc from 'fast-check';

/** The kernel's arguments: four inputs, the four outputs of the same types, the trip count. */
export const BIT_KERNEL_SIGNATURE =
  '%af: memref<?xf32>, %ai: memref<?xi32>, %df: memref<?xf64>, %di: memref<?xi64>, ' +
  '%of: memref<?xf32>, %oi: memref<?xi32>, %odf: memref<?xf64>, %odi: memref<?xi64>, %n: index';

/** Patterns worth moving: NaNs of every kind, zeros, infinities, subnormals, extremes. */
export const F32_PATTERNS = [
  0x7fc00000, 0xffc00000, 0x7f800001, 0xff800001, 0x7fbfffff, 0xffffffff, 0x7fc00001, 0x7f800000,
  0xff800000, 0x00000000, 0x80000000, 0x00000001, 0x807fffff, 0x3f800000, 0xbf800000, 0x7f7fffff,
];
export const F64_PATTERNS = [
  0x7ff8000000000000n,
  0xfff8000000000000n,
  0x7ff0000000000001n,
  0xfff0000000000001n,
  0x7ff7ffffffffffffn,
  0xffffffffffffffffn,
  0x7ff8000000000001n,
  0x7ff0000020000000n,
  0x7ff0000000000000n,
  0xfff0000000000000n,
  0n,
  0x8000000000000000n,
  1n,
  0x3ff0000000000000n,
  0xbff0000000000000n,
];

type Kind = 'f32' | 'i32' | 'f64' | 'i64' | 'v4f32' | 'v4i32' | 'v2f64' | 'v2i64';

const TYPE: Readonly<Record<Kind, string>> = {
  f32: 'f32',
  i32: 'i32',
  f64: 'f64',
  i64: 'i64',
  v4f32: 'vector<4xf32>',
  v4i32: 'vector<4xi32>',
  v2f64: 'vector<2xf64>',
  v2i64: 'vector<2xi64>',
};
const INT_OF: Readonly<Partial<Record<Kind, Kind>>> = {
  f32: 'i32',
  f64: 'i64',
  v4f32: 'v4i32',
  v2f64: 'v2i64',
};
const LANES_OF: Readonly<Partial<Record<Kind, Kind>>> = { v4f32: 'f32', v2f64: 'f64' };
const VECTOR_OF: Readonly<Partial<Record<Kind, Kind>>> = { f32: 'v4f32', f64: 'v2f64' };
const FLOAT_KINDS: readonly Kind[] = ['f32', 'f64', 'v4f32', 'v2f64'];
const PREDICATES = ['oeq', 'ogt', 'olt', 'une', 'uno', 'ord', 'ule'];
const MIN_MAX = ['maximumf', 'minimumf', 'maxnumf', 'minnumf'];

/** Draws numbers below `n` from a tape of random naturals. */
class Tape {
  #k = 0;
  constructor(readonly values: readonly number[]) {}
  pick(n: number): number {
    const v = this.values[this.#k % this.values.length] as number;
    this.#k++;
    return (v + Math.floor(this.#k / this.values.length)) % n;
  }
  of<T>(xs: readonly T[]): T {
    return xs[this.pick(xs.length)] as T;
  }
}

/** One function body under construction: SSA names by kind. */
class Body {
  readonly lines: string[] = [];
  readonly pool = new Map<Kind, string[]>();
  #next = 0;

  constructor(readonly tape: Tape) {}

  /** A value no later op draws as an operand (a select's condition). */
  temp(rhs: string): string {
    const name = `%v${this.#next++}`;
    this.lines.push(`${name} = ${rhs}`);
    return name;
  }

  add(kind: Kind, rhs: string): string {
    const name = this.temp(rhs);
    this.pool.set(kind, [...(this.pool.get(kind) ?? []), name]);
    return name;
  }

  any(kind: Kind): string | undefined {
    const names = this.pool.get(kind);
    return names === undefined || names.length === 0 ? undefined : this.tape.of(names);
  }

  /** One random op whose operands exist; false when the drawn op has none. */
  step(): boolean {
    const t = this.tape;
    const kind = t.of(FLOAT_KINDS);
    const ty = TYPE[kind];
    const a = this.any(kind);
    const b = this.any(kind);
    const intKind = INT_OF[kind] as Kind;
    switch (t.pick(8)) {
      case 0: {
        const i = this.any(intKind);
        if (i === undefined) return false;
        this.add(kind, `arith.bitcast ${i} : ${TYPE[intKind]} to ${ty}`);
        return true;
      }
      case 1:
        if (a === undefined) return false;
        this.add(intKind, `arith.bitcast ${a} : ${ty} to ${TYPE[intKind]}`);
        return true;
      case 2:
        if (a === undefined || b === undefined) return false;
        this.add(kind, `arith.${t.of(MIN_MAX)} ${a}, ${b} : ${ty}`);
        return true;
      case 3: {
        if (a === undefined || b === undefined) return false;
        const cond = this.temp(`arith.cmpf ${t.of(PREDICATES)}, ${a}, ${b} : ${ty}`);
        const condType = kind.startsWith('v') ? `${ty.replace(/x[fi]\d+>/, 'xi1>')}, ` : '';
        this.add(kind, `arith.select ${cond}, ${a}, ${b} : ${condType}${ty}`);
        return true;
      }
      case 4:
        if (a === undefined) return false;
        this.add(kind, `arith.negf ${a} : ${ty}`);
        return true;
      case 5:
        if (a === undefined || b === undefined) return false;
        this.add(kind, `math.copysign ${a}, ${b} : ${ty}`);
        return true;
      case 6: {
        const lane = LANES_OF[kind];
        if (lane !== undefined && a !== undefined) {
          const k = t.pick(kind === 'v4f32' ? 4 : 2);
          if (t.pick(2) === 0) {
            this.add(lane, `vector.reduction <${t.of(MIN_MAX)}>, ${a} : ${ty} into ${lane}`);
          } else {
            this.add(lane, `vector.extract ${a}[${k}] : ${lane} from ${ty}`);
          }
          return true;
        }
        const vector = VECTOR_OF[kind];
        if (vector === undefined || a === undefined) return false;
        const into = this.any(vector);
        if (into !== undefined && t.pick(2) === 0) {
          const k = t.pick(kind === 'f32' ? 4 : 2);
          this.add(vector, `vector.insert ${a}, ${into} [${k}] : ${ty} into ${TYPE[vector]}`);
        } else {
          this.add(vector, `vector.broadcast ${a} : ${ty} to ${TYPE[vector]}`);
        }
        return true;
      }
      default: {
        if (kind !== 'f32' && kind !== 'f64') return false;
        const bits = kind === 'f32' ? BigInt(t.of(F32_PATTERNS)) : t.of(F64_PATTERNS);
        this.add(kind, `arith.constant 0x${bits.toString(16).toUpperCase()} : ${ty}`);
        return true;
      }
    }
  }
}

/** A random kernel (its text) from `tape`: a scalar loop over the inputs, then vector code. */
export function bitKernel(name: string, tape: Tape): string {
  const loop = new Body(tape);
  loop.add('f32', 'memref.load %af[%i] : memref<?xf32>');
  loop.add('i32', 'memref.load %ai[%i] : memref<?xi32>');
  loop.add('f64', 'memref.load %df[%i] : memref<?xf64>');
  loop.add('i64', 'memref.load %di[%i] : memref<?xi64>');
  for (let s = 0, steps = 3 + tape.pick(10); s < steps; ) if (loop.step()) s++;
  const stores = (body: Body, at: string) =>
    (
      [
        ['f32', '%of', 'memref<?xf32>'],
        ['i32', '%oi', 'memref<?xi32>'],
        ['f64', '%odf', 'memref<?xf64>'],
        ['i64', '%odi', 'memref<?xi64>'],
      ] as const
    ).flatMap(([kind, m, type]) => {
      const value = body.any(kind);
      return value === undefined ? [] : [`memref.store ${value}, ${m}[${at}] : ${type}`];
    });

  const vec = new Body(tape);
  vec.add('v4f32', 'vector.load %af[%c0] : memref<?xf32>, vector<4xf32>');
  vec.add('v4i32', 'vector.load %ai[%c4] : memref<?xi32>, vector<4xi32>');
  vec.add('v2f64', 'vector.load %df[%c0] : memref<?xf64>, vector<2xf64>');
  vec.add('v2i64', 'vector.load %di[%c4] : memref<?xi64>, vector<2xi64>');
  for (let s = 0, steps = 3 + tape.pick(10); s < steps; ) if (vec.step()) s++;
  const vectorStores = (
    [
      ['v4f32', '%of', 'memref<?xf32>', 'vector<4xf32>'],
      ['v4i32', '%oi', 'memref<?xi32>', 'vector<4xi32>'],
      ['v2f64', '%odf', 'memref<?xf64>', 'vector<2xf64>'],
      ['v2i64', '%odi', 'memref<?xi64>', 'vector<2xi64>'],
    ] as const
  ).map(([kind, m, mt, vt]) => `vector.store ${vec.any(kind)}, ${m}[%c4] : ${mt}, ${vt}`);

  return [
    `func.func @${name}(${BIT_KERNEL_SIGNATURE}) {`,
    '  %c0 = arith.constant 0 : index',
    '  %c1 = arith.constant 1 : index',
    '  %c4 = arith.constant 4 : index',
    '  scf.for %i = %c0 to %n step %c1 {',
    ...[...loop.lines, ...stores(loop, '%i')].map((l) => `    ${l}`),
    '  }',
    ...[...vec.lines, ...stores(vec, '%c0'), ...vectorStores].map((l) => `  ${l}`),
    '  return',
    '}',
  ].join('\n');
}

/** `count` random kernels from `seed`. */
export function bitKernels(seed: number, count: number): string[] {
  return fc
    .sample(fc.array(fc.nat(), { minLength: 64, maxLength: 64 }), { seed, numRuns: count })
    .map((values, k) => bitKernel(`k${k}`, new Tape(values)));
}

/** Inputs of length `n` (at least 8) filled with the interesting patterns and random bits. */
export function bitArguments(seed: number, n: number) {
  const [tape] = fc.sample(fc.array(fc.nat(), { minLength: 4 * n, maxLength: 4 * n }), {
    seed,
    numRuns: 1,
  }) as [number[]];
  const t = new Tape(tape);
  const u32 = () =>
    t.pick(3) === 0 ? (t.pick(2 ** 30) * 4 + t.pick(4)) >>> 0 : t.of(F32_PATTERNS);
  const u64 = () => (t.pick(3) === 0 ? (BigInt(u32()) << 32n) | BigInt(u32()) : t.of(F64_PATTERNS));
  const af = new Float32Array(new Uint32Array(Array.from({ length: n }, u32)).buffer);
  const ai = new Int32Array(Array.from({ length: n }, u32));
  const df = new Float64Array(new BigUint64Array(Array.from({ length: n }, u64)).buffer);
  const di = new BigInt64Array(Array.from({ length: n }, () => BigInt.asIntN(64, u64())));
  return () => [
    af.slice(),
    ai.slice(),
    df.slice(),
    di.slice(),
    new Float32Array(n),
    new Int32Array(n),
    new Float64Array(n),
    new BigInt64Array(n),
    n,
  ];
}

/**
 * `SparseTensor`'s constructors and conversions are installed by the entries that hand out
 * sparse tensors, so that a tfjs op's bundle need not carry them (construction-hook.ts). Each
 * test loads the package's modules afresh (the suites' setup installs the compiler entry, which
 * installs them too): without an installer, every method that needs them throws one typed
 * error naming the import and nothing else is affected (storage is wrapped, checked and read
 * back); each entry that exports a way to obtain a `SparseTensor` installs them on load; and
 * the installed methods give the same tensors as a separately loaded, installed copy.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { thrownBy } from '@tilekit/test-support/thrown-by';
import { beforeEach, describe, expect, it, vi } from 'vitest';

type SparseTensorClass = typeof import('../../src/sparse-tensor/sparse-tensor.js').SparseTensor;
type SparseTensorInstance = InstanceType<SparseTensorClass>;

/** The class module alone, loaded afresh: nothing has installed its construction. */
async function bareClass(): Promise<{
  SparseTensor: SparseTensorClass;
  SparseError: typeof import('../../src/sparse-error.js').SparseError;
}> {
  vi.resetModules();
  const { SparseTensor } = await import('../../src/sparse-tensor/sparse-tensor.js');
  const { SparseError } = await import('../../src/sparse-error.js');
  return { SparseTensor, SparseError };
}

/** CSR storage of a seeded random matrix, canonical (rows sorted, no repeats). */
function randomCsr(seed: number) {
  const random = seededRandom(seed);
  const rows = 1 + Math.floor(random() * 6);
  const cols = 1 + Math.floor(random() * 6);
  const positions = [0];
  const coordinates: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++)
      if (random() < 0.4) {
        coordinates.push(j);
        values.push(Math.round((random() - 0.5) * 100));
      }
    positions.push(coordinates.length);
  }
  return {
    shape: [rows, cols],
    storage: {
      positions: [undefined, Uint32Array.from(positions)],
      coordinates: [undefined, Uint32Array.from(coordinates)],
      values: Float32Array.from(values),
    },
  };
}

/** Every method that needs the installed construction, called on `A` or its class. */
const NEEDING: readonly (readonly [
  string,
  (S: SparseTensorClass, A: SparseTensorInstance) => unknown,
])[] = [
  ['from', (S) => S.from({ indices: [[0, 1]], values: [1], denseShape: [2, 2] })],
  ['from', (S) => new S({ indices: [[0, 1]], values: [1], denseShape: [2, 2] })],
  ['fromDense', (S) => S.fromDense([0, 1, 0, 2], [2, 2])],
  ['fromCoordinates', (S) => S.fromCoordinates([[0, 1]], [1], [2, 2])],
  ['convert', (_, A) => A.convert('CSC')],
  ['withoutZeros', (_, A) => A.withoutZeros()],
  ['toDense', (_, A) => A.toDense()],
  ['toTriple', (_, A) => A.toTriple()],
  ['transpose', (_, A) => A.transpose()],
];

describe('SparseTensor without its construction installed', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('throws one SparseError naming the method and the import, for every method that needs it', async () => {
    const { SparseTensor, SparseError } = await bareClass();
    const { shape, storage } = randomCsr(3);
    const A = SparseTensor.fromStorage(shape, 'CSR', storage);
    for (const [method, call] of NEEDING) {
      const error = thrownBy(() => call(SparseTensor, A));
      expect(error, method).toBeInstanceOf(SparseError);
      expect((error as Error).message, method).toBe(
        `SparseTensor.${method} needs the constructors that '@tilekit/sparse' and TfSparseTensor install; import SparseTensor from '@tilekit/sparse'`,
      );
    }
  });

  it('still wraps, checks and reads back storage (what an op does with a tensor it is given)', async () => {
    const { SparseTensor } = await bareClass();
    for (let seed = 1; seed <= 20; seed++) {
      const { shape, storage } = randomCsr(seed);
      const A = SparseTensor.fromStorage(shape, 'CSR', storage);
      const rows = (storage.positions[1] as Uint32Array).length - 1;
      const expected = { coordinates: [] as number[][], values: [] as number[] };
      for (let i = 0; i < rows; i++)
        for (let p = storage.positions[1]![i]!; p < storage.positions[1]![i + 1]!; p++) {
          expected.coordinates.push([i, storage.coordinates[1]![p]!]);
          expected.values.push(storage.values[p]!);
        }
      expect(A.toCoordinates(), `seed ${seed}`).toEqual(expected);
      expect(A.nnz).toBe(expected.values.length);
      expect(A.levelSizes).toEqual(shape);
      // Invalid storage is still refused by the class's own checks.
      const bad = { ...storage, positions: [undefined, Uint32Array.of(1, 0)] };
      expect(() => SparseTensor.fromStorage([1, 2], 'CSR', bad)).toThrow(/positions/);
    }
  });
});

/** A level spelling as a tensor names it (`structured[n, m]` with numbers). */
const concrete = (spelling: string) => spelling.replace('[n, m]', '[2, 4]');

describe('the format layer without the construction installed', () => {
  it('refuses the level types and block maps the constructors register, naming the import', async () => {
    const { SparseTensor } = await bareClass();
    const { LEVEL_SPELLINGS, lookupLevel } = await import(
      '../../src/sparse-tensor/levels/registry.js'
    );
    const { levelOf, resolveFormat } = await import('../../src/sparse-tensor/format.js');
    const { SparseFormatError } = await import('../../src/sparse-tensor/errors.js');
    const needing =
      "the constructors that '@tilekit/sparse' and TfSparseTensor install; import SparseTensor from '@tilekit/sparse'";
    const registeredLater = LEVEL_SPELLINGS.map(concrete).filter(
      (s) => lookupLevel(s) === undefined,
    );
    expect(registeredLater).toEqual([
      'loose_compressed',
      'loose_compressed(nonunique)',
      'structured[2, 4]',
    ]);
    for (const spelling of registeredLater) {
      const asLevel = thrownBy(() => levelOf(spelling as never));
      expect(asLevel).toBeInstanceOf(SparseFormatError);
      expect((asLevel as Error).message).toContain(
        `level type '${spelling}' comes with ${needing}`,
      );
      // As a tensor's format: the tensor could only have been built by the constructors.
      const wrapped = thrownBy(() =>
        SparseTensor.fromStorage(
          [2, 4],
          { levels: ['dense', spelling as never] },
          {
            positions: [undefined, Uint32Array.of(0, 0, 0)],
            coordinates: [undefined, new Uint32Array(0)],
            values: new Float32Array(0),
          },
        ),
      );
      expect(wrapped).toBeInstanceOf(SparseFormatError);
      expect((wrapped as Error).message).toContain(`comes with ${needing}`);
    }
    const blocked = thrownBy(() =>
      resolveFormat(
        {
          levels: ['dense', 'dense'],
          order: [0, 0],
          expressions: [
            { op: 'floordiv', by: 2 },
            { op: 'mod', by: 2 },
          ],
        } as never,
        1,
      ),
    );
    expect(blocked).toBeInstanceOf(SparseFormatError);
    expect((blocked as Error).message).toContain(
      `a block or structured format comes with ${needing}`,
    );
    // A spelling nobody registers is still unknown, with the list to choose from.
    expect(() => levelOf('compresed' as never)).toThrow(
      /unknown level type .*expected one of dense, compressed/,
    );
  });

  it('knows every listed level type once the construction is installed', async () => {
    await bareClass();
    const { LEVEL_SPELLINGS, lookupLevel } = await import(
      '../../src/sparse-tensor/levels/registry.js'
    );
    const { installSparseTensorConstruction } = await import(
      '../../src/sparse-tensor/construction.js'
    );
    installSparseTensorConstruction();
    installSparseTensorConstruction();
    for (const spelling of LEVEL_SPELLINGS.map(concrete))
      expect(lookupLevel(spelling)?.spelling, spelling).toBe(spelling);
    // A spelling of theirs that names no level is then simply unknown.
    const { levelOf } = await import('../../src/sparse-tensor/format.js');
    for (const bad of ['structured[5, 2]', 'structured[0, 4]', 'loose_compressed(unique)'])
      expect(() => levelOf(bad as never), bad).toThrow(/unknown level type/);
  });
});

describe('the entries that hand out sparse tensors install the construction on load', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  const ENTRIES: readonly (readonly [string, () => Promise<unknown>])[] = [
    ['@tilekit/sparse', () => import('../../src/index.js')],
    ['@tilekit/sparse/tfjs (TfSparseTensor)', () => import('../../src/tfjs/sparse-tensor-tf.js')],
    ['@tilekit/sparse/tfjs/compiler', () => import('../../src/tfjs/compiler.js')],
  ];

  for (const [entry, load] of ENTRIES)
    it(`${entry}`, async () => {
      await load();
      const { SparseTensor } = await import('../../src/sparse-tensor/sparse-tensor.js');
      const A = SparseTensor.fromCoordinates(
        [
          [1, 0],
          [0, 2],
          [1, 0],
        ],
        [2, 3, 4],
        [2, 3],
      );
      expect([...(A.toDense() as Float32Array)]).toEqual([0, 0, 3, 6, 0, 0]);
      expect(A.convert('CSC').toTriple()).toEqual(A.toTriple());
      // With the level types and block maps only such tensors hold (a structured level pads its
      // groups with stored zeros: the dense tensors agree).
      const { blockSparseFormat } = await import('../../src/sparse-tensor/format.js');
      for (const format of [
        { levels: ['dense', 'loose_compressed'] as const },
        blockSparseFormat([1, 1]),
        {
          levels: ['dense', 'dense', 'structured[1, 1]'] as const,
          order: [0, 1, 1],
          expressions: [{ op: 'dim' }, { op: 'floordiv', by: 1 }, { op: 'mod', by: 1 }] as const,
        },
      ])
        expect(
          [...(A.convert(format as never).toDense() as Float32Array)],
          JSON.stringify(format),
        ).toEqual([0, 0, 3, 6, 0, 0]);
    });

  it('the functions that build a host tensor from tfjs data install it when called', async () => {
    const tfjs = await import('@tensorflow/tfjs-core');
    await import('@tensorflow/tfjs-backend-cpu');
    const { sparseTensorFromTensor } = await import('../../src/tfjs/convert.js');
    const dense = tfjs.tensor2d([
      [0, 5],
      [7, 0],
    ]);
    expect(sparseTensorFromTensor(dense, 'CSR').toTriple()).toEqual({
      indices: [
        [0, 1],
        [1, 0],
      ],
      values: Float32Array.of(5, 7),
      denseShape: [2, 2],
    });
    dense.dispose();
  });
});

describe('installed construction', () => {
  it('builds the same tensors in a fresh copy of the modules as in the suite’s copy', async () => {
    const installed = (await import('../../src/index.js')).SparseTensor;
    const { SparseTensor: bare } = await bareClass();
    const { installSparseTensorConstruction } = await import(
      '../../src/sparse-tensor/construction.js'
    );
    installSparseTensorConstruction();
    const random = seededRandom(11);
    for (let n = 0; n < 30; n++) {
      const shape = [1 + Math.floor(random() * 5), 1 + Math.floor(random() * 5)];
      const count = Math.floor(random() * 12);
      const tuples = Array.from({ length: count }, () =>
        shape.map((s) => Math.floor(random() * s)),
      );
      const values = tuples.map(() => Math.round((random() - 0.5) * 50));
      const a = installed.fromCoordinates(tuples, values, shape, 'CSC');
      const b = bare.fromCoordinates(tuples, values, shape, 'CSC');
      expect(b.toTriple(), `case ${n}`).toEqual(a.toTriple());
      expect([...(b.convert('CSR').toDense() as Float32Array)]).toEqual([
        ...(a.toDense() as Float32Array),
      ]);
    }
  });
});

/**
 * scipy.sparse's results on seeded random sparse cases
 * (`scripts/generate-scipy-sparse-fixture.py` with scipy installed): conversions that sum
 * duplicate coordinates, transposes, element-wise operations, division by a dense matrix,
 * SpGEMM and SpMV, on operands with explicit zeros, NaN and infinities, each result as the
 * stored entries of scipy's canonical CSR form (or a dense vector).
 */
import { refuse } from '../core/arguments.js';
import file from '../fixtures/scipy-sparse.json' with { type: 'json' };
import {
  asCaseFile,
  CaseDataError,
  type CaseFile,
  hasNumbers,
  hasStrings,
  isNumbers,
} from './case-file.js';

/** A number as the fixture stores it: NaN and the infinities are strings. */
export type ScipyNumber = number | 'NaN' | 'Infinity' | '-Infinity';

/** The operations the fixture records (see the generator's docstring for scipy's call). */
export type ScipySparseOp =
  | 'convert'
  | 'transpose'
  | 'add'
  | 'subtract'
  | 'maximum'
  | 'minimum'
  | 'multiply'
  | 'divide'
  | 'matmul'
  | 'spmv';

/** A sparse operand as given to scipy: coordinate tuples (any order, repeats) and values. */
export interface ScipySparseOperand {
  readonly coordinates: readonly (readonly [number, number])[];
  readonly values: readonly ScipyNumber[];
}

/** scipy's result: the stored entries of its canonical CSR form, row-major. */
export interface ScipyStoredResult {
  readonly shape: readonly [number, number];
  readonly coordinates: readonly (readonly [number, number])[];
  readonly values: readonly ScipyNumber[];
}

/** One case: an operation, its operands and scipy's result. */
export interface ScipySparseCase {
  readonly id: string;
  readonly op: ScipySparseOp;
  /** `[m, n]`, or `[m, k, n]` for `matmul` (A is m x k, B is k x n). */
  readonly shape: readonly number[];
  readonly A: ScipySparseOperand;
  readonly B?: ScipySparseOperand;
  /** The dense divisor of `divide`, row-major. */
  readonly D?: readonly number[];
  /** The dense vector of `spmv`. */
  readonly x?: readonly number[];
  readonly result: ScipyStoredResult | { readonly dense: readonly ScipyNumber[] };
}

/** The fixture file: a `CaseFile` plus the scipy version and seed it came from. */
export interface ScipySparseFile extends CaseFile<ScipySparseCase> {
  readonly scipy: string;
  readonly seed: number;
}

const OPS: readonly string[] = [
  'convert',
  'transpose',
  'add',
  'subtract',
  'maximum',
  'minimum',
  'multiply',
  'divide',
  'matmul',
  'spmv',
];

const isScipyNumber = (v: unknown): v is ScipyNumber =>
  typeof v === 'number' || v === 'NaN' || v === 'Infinity' || v === '-Infinity';

const isPairs = (v: unknown): boolean => Array.isArray(v) && v.every((c) => isNumbers(c, 2));

const isOperand = (v: unknown): v is ScipySparseOperand => {
  const o = v as ScipySparseOperand | null;
  return (
    typeof o === 'object' &&
    o !== null &&
    isPairs(o.coordinates) &&
    Array.isArray(o.values) &&
    o.values.length === o.coordinates.length &&
    o.values.every(isScipyNumber)
  );
};

/** Whether `value` is one fixture case (used to shape-check the JSON at import). */
export function isScipySparseCase(value: unknown): value is ScipySparseCase {
  if (!hasStrings(value, ['id', 'op']) || !OPS.includes(value.op as string)) return false;
  if (!isNumbers(value.shape) || !isOperand(value.A)) return false;
  if (value.B !== undefined && !isOperand(value.B)) return false;
  if (value.D !== undefined && !isNumbers(value.D)) return false;
  if (value.x !== undefined && !isNumbers(value.x)) return false;
  const r = value.result as Record<string, unknown> | null;
  if (typeof r !== 'object' || r === null) return false;
  if (Array.isArray(r.dense)) return r.dense.every(isScipyNumber);
  return (
    isNumbers(r.shape, 2) &&
    isPairs(r.coordinates) &&
    Array.isArray(r.values) &&
    r.values.length === (r.coordinates as unknown[]).length &&
    r.values.every(isScipyNumber)
  );
}

/**
 * Checks a loaded fixture (the committed one, or a held-out file made with another seed).
 * @throws CaseDataError when the data does not have the declared shape.
 */
export function asScipySparseFile(data: unknown): ScipySparseFile {
  const checked = asCaseFile(data, isScipySparseCase);
  if (!hasStrings(checked, ['scipy']) || !hasNumbers(checked, ['seed'])) {
    throw new CaseDataError(`${checked.name}: expected the scipy version and the seed`);
  }
  return checked as unknown as ScipySparseFile;
}

/** A fixture number as a JavaScript number (NaN and the infinities decoded). */
export function scipyNumber(v: ScipyNumber): number {
  if (typeof v !== 'number' && v !== 'NaN' && v !== 'Infinity' && v !== '-Infinity') {
    refuse('v', "a number or 'NaN', 'Infinity', '-Infinity'", v);
  }
  return typeof v === 'number' ? v : Number(v);
}

/** scipy.sparse's results on the committed seeded set. */
export const SCIPY_SPARSE: ScipySparseFile = asScipySparseFile(file);

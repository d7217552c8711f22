/**
 * TSCATTER outputs of the PTO ISA CPU simulator (copied unchanged from the shared reference data
 * by scripts/import-reference-data.mjs).
 */
import file from '../fixtures/pto-tscatter-cpusim.json' with { type: 'json' };
import { asCaseFile, type CaseFile, hasNumbers, hasStrings, isNumbers } from './case-file.js';

/** C element type names the simulator uses. */
export type CpuSimType = 'float32' | 'int8' | 'uint8' | 'int16' | 'uint16' | 'int32' | 'uint32';

/** Each simulator C type as the PTO/XLA element type name tilekit's options use. */
export const CPU_SIM_ELEMENT_TYPES = {
  float32: 'f32',
  int8: 's8',
  uint8: 'u8',
  int16: 's16',
  uint16: 'u16',
  int32: 's32',
  uint32: 'u32',
} as const satisfies Record<CpuSimType, string>;

/** One simulator call on row-major tiles. */
export interface PtoTScatterCpuSimCase {
  readonly dtype: CpuSimType;
  readonly indexDtype: CpuSimType;
  /** Physical `[rows, cols]` of each tile. */
  readonly dst: readonly [number, number];
  readonly src: readonly [number, number];
  readonly idx: readonly [number, number];
  /** Valid region of the index tile. */
  readonly validRow: number;
  readonly validCol: number;
  /** Row-major physical storage. */
  readonly srcData: readonly number[];
  readonly idxData: readonly number[];
  /** The whole destination tile after the call, row-major. */
  readonly expected: readonly number[];
}

function isCpuSimCase(value: unknown): value is PtoTScatterCpuSimCase {
  return (
    hasStrings(value, ['dtype', 'indexDtype']) &&
    hasNumbers(value, ['validRow', 'validCol']) &&
    isNumbers(value.dst, 2) &&
    isNumbers(value.src, 2) &&
    isNumbers(value.idx, 2) &&
    isNumbers(value.srcData) &&
    isNumbers(value.idxData) &&
    isNumbers(value.expected)
  );
}

/** The simulator cases. */
export const PTO_TSCATTER_CPUSIM: CaseFile<PtoTScatterCpuSimCase> = asCaseFile(file, isCpuSimCase);

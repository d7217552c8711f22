/**
 * XLA-derived layout cases (copied unchanged from the shared reference data by
 * scripts/import-reference-data.mjs): linear indices, ArraySize figures and parse/print pairs,
 * each with the XLA test or document it comes from.
 */
import file from '../fixtures/xla-layout-vectors.json' with { type: 'json' };
import { asCaseFile, type CaseFile, hasNumbers, hasStrings, isNumbers } from './case-file.js';

/** `linear_index`: the physical element offset XLA computes for a logical index. */
export interface XlaLinearIndexVector {
  readonly kind: 'linear_index';
  /** XLA shape text. */
  readonly shape: string;
  /** Logical index, most major first. */
  readonly index: readonly number[];
  /** Physical element offset. */
  readonly expected: number;
  readonly source: string;
}

/** `array_size`: what `ShapeUtil::ArraySize` reports, and the fully expanded element count. */
export interface XlaArraySizeVector {
  readonly kind: 'array_size';
  readonly shape: string;
  readonly arraysize_elements: number;
  readonly arraysize_bytes: number;
  /** Element count of the expanded tiled shape (every tile's padding); absent for untiled shapes. */
  readonly expanded_elements?: number;
  readonly source: string;
}

/** `parse_print`: canonical print of `input`, or `ERROR...` when XLA rejects it. */
export interface XlaParsePrintVector {
  readonly kind: 'parse_print';
  /** Shape text, or `LAYOUT {...}` for a bare layout. */
  readonly input: string;
  readonly expected: string;
  readonly source: string;
}

/** One XLA-derived case. */
export type XlaLayoutVector = XlaLinearIndexVector | XlaArraySizeVector | XlaParsePrintVector;

function isXlaLayoutVector(value: unknown): value is XlaLayoutVector {
  if (!hasStrings(value, ['kind', 'source'])) return false;
  switch (value.kind) {
    case 'linear_index':
      return (
        hasStrings(value, ['shape']) && hasNumbers(value, ['expected']) && isNumbers(value.index)
      );
    case 'array_size':
      return (
        hasStrings(value, ['shape']) && hasNumbers(value, ['arraysize_elements', 'arraysize_bytes'])
      );
    case 'parse_print':
      return hasStrings(value, ['input', 'expected']);
    default:
      return false;
  }
}

/** The XLA-derived cases. */
export const XLA_LAYOUT_VECTORS: CaseFile<XlaLayoutVector> = asCaseFile(file, isXlaLayoutVector);

/**
 * XLA's own verdicts on generated shape text (`scripts/generate-xla-shape-fixture.py` with
 * jax/jaxlib installed): whether `xla::ParseShape` and XLA's layout validator accept each
 * string, XLA's canonical print of it, and `ShapeUtil::ByteSizeOf` of accepted arrays.
 */
import file from '../fixtures/xla-shape-parser.json' with { type: 'json' };
import { asCaseFile, CaseDataError, type CaseFile, hasNumbers, hasStrings } from './case-file.js';

/** What XLA did with a string. */
export type XlaShapeVerdict =
  /** Parsed and valid. */
  | 'accepted'
  /** `ParseShape` reported a syntax error. */
  | 'syntax-error'
  /** Parsed, but XLA's layout validator rejected it. */
  | 'invalid'
  /** XLA aborted the process (a failed `CHECK`): the text is not a valid shape either. */
  | 'abort';

/** One generated string and XLA's verdict on it. */
export interface XlaShapeParserCase {
  /** The generator class it came from (or the deliberate difference it shows). */
  readonly class: string;
  /** The shape text given to XLA. */
  readonly input: string;
  readonly verdict: XlaShapeVerdict;
  /** XLA's canonical print, when `ParseShape` succeeded. */
  readonly print?: string;
  /** `ShapeUtil::ByteSizeOf` of an accepted static array (tiles, `L` and `M` not counted). */
  readonly byteSizeOf?: number;
}

/** The fixture file: a `CaseFile` plus the jaxlib version and seed it came from. */
export interface XlaShapeParserFile extends CaseFile<XlaShapeParserCase> {
  readonly jaxlib: string;
  readonly seed: number;
}

const VERDICTS: readonly string[] = ['accepted', 'syntax-error', 'invalid', 'abort'];

/** Whether `value` is one fixture case (used to shape-check the JSON at import). */
export function isXlaShapeParserCase(value: unknown): value is XlaShapeParserCase {
  if (!hasStrings(value, ['class', 'input', 'verdict'])) return false;
  if (!VERDICTS.includes(value.verdict as string)) return false;
  if (value.verdict === 'accepted' && !hasStrings(value, ['print'])) return false;
  return value.byteSizeOf === undefined || hasNumbers(value, ['byteSizeOf']);
}

/**
 * Checks a loaded fixture (the committed one, or a held-out file made with another seed).
 * @throws CaseDataError when the data does not have the declared shape.
 */
export function asXlaShapeParserFile(data: unknown): XlaShapeParserFile {
  const checked = asCaseFile(data, isXlaShapeParserCase);
  if (!hasStrings(checked, ['jaxlib']) || !hasNumbers(checked, ['seed'])) {
    throw new CaseDataError(`${checked.name}: expected the jaxlib version and the seed`);
  }
  return checked as unknown as XlaShapeParserFile;
}

/** XLA's verdicts on the committed seeded set. */
export const XLA_SHAPE_PARSER: XlaShapeParserFile = asXlaShapeParserFile(file);

/**
 * Layout cases from XLA itself (`XLA_SHAPE_PARSER`): for each generated string, the
 * implementation accepts exactly what XLA's parser and validator accept, prints what XLA prints,
 * and reports XLA's `ShapeUtil::ByteSizeOf` for untiled arrays.
 */

import { requireArray, requireObject, requireString } from '../../core/arguments.js';
import { CaseMismatch, type ConformanceCase, check } from '../../core/case.js';
import { formatValue } from '../../core/compare.js';
import {
  XLA_SHAPE_PARSER,
  type XlaShapeParserCase,
  type XlaShapeParserFile,
} from '../../data/xla-shape-parser.js';
import type { LayoutImpl } from './layout-impl.js';
import type { LayoutCaseId } from './xla-cases.js';

/** XLA's canonical print shows a tile list as `T(`; untiled arrays are the ones without it. */
const TILED = /:[^}]*T\(/;

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function acceptedCase<S>(impl: LayoutImpl<S>, v: XlaShapeParserCase, source: string): () => void {
  return () => {
    let shape: S;
    try {
      shape = impl.parseShape(v.input);
    } catch (error) {
      throw new CaseMismatch(
        `parseShape(${JSON.stringify(v.input)}) threw (${describeError(error)}), but XLA accepts it as ${v.print} (${source})`,
      );
    }
    const printed = impl.formatShape(shape);
    check(
      printed === v.print,
      () =>
        `formatShape(parseShape(${JSON.stringify(v.input)})) is ${printed}, XLA prints ${v.print} (${source})`,
    );
    if (v.byteSizeOf !== undefined && !TILED.test(v.print ?? '')) {
      // Untiled, ShapeUtil::ArraySize is ByteSizeOf (no tiles to pad, L ignored).
      const { bytes } = impl.xlaArraySize(shape);
      check(
        bytes === v.byteSizeOf,
        () =>
          `xlaArraySize(${v.print}).bytes is ${bytes}, XLA's ByteSizeOf says ${v.byteSizeOf} (${source})`,
      );
    }
  };
}

function rejectedCase<S>(impl: LayoutImpl<S>, v: XlaShapeParserCase, source: string): () => void {
  return () => {
    let result: unknown;
    try {
      result = impl.formatShape(impl.parseShape(v.input));
    } catch {
      return;
    }
    const why = v.verdict === 'abort' ? 'XLA aborts on it' : `XLA reports ${v.verdict}`;
    throw new CaseMismatch(
      `parseShape(${JSON.stringify(v.input)}) accepted it as ${formatValue(result)}; ${why} (${source})`,
    );
  };
}

/**
 * One case per string of an XLA shape-parser fixture, with id
 * `layout/xla-parser/<class>/<n>` (`n`: the string's position in the file).
 * @param file The committed fixture by default; a held-out file (another seed) works the same.
 */
export function xlaParserCases<S, L>(
  impl: LayoutImpl<S, L>,
  file: XlaShapeParserFile = XLA_SHAPE_PARSER,
): ConformanceCase<LayoutCaseId>[] {
  requireObject(impl as unknown, 'impl');
  requireObject(file as unknown, 'file');
  requireArray(file.cases, 'file.cases', 2 ** 20);
  for (let n = 0; n < file.cases.length; n++) {
    const c: unknown = file.cases[n];
    requireObject(c, `file.cases[${n}]`);
    requireString(c.class, `file.cases[${n}].class`);
    requireString(c.input, `file.cases[${n}].input`);
  }
  const source = `XLA via jaxlib ${file.jaxlib}, seed ${file.seed}`;
  return file.cases.map((v, n) => ({
    id: `layout/xla-parser/${v.class}/${n}`,
    rule: v.verdict === 'accepted' ? 'layout.parse-print' : 'layout.reject-invalid',
    run: v.verdict === 'accepted' ? acceptedCase(impl, v, source) : rejectedCase(impl, v, source),
  }));
}

/**
 * A shape written with another library's element type name (tfjs's `int32`, NumPy's `float64`,
 * MLIR's `i32`) is a syntax error that names XLA's spelling of that same type.
 */
import { describe, expect, it } from 'vitest';
import { LayoutSyntaxError, PRIMITIVE_TYPES, parseShape, primitiveCategory } from '../src/index.js';

/** Other libraries' names for an XLA type, derived from its category and width. */
function otherSpellings(type: string): string[] {
  const category = primitiveCategory(type as never);
  const bits = /^[suf](\d+)$/.exec(type)?.[1];
  if (type === 'pred') return ['bool', 'BOOL', 'i1'];
  if (type === 'bf16') return ['bfloat16'];
  if (type === 'c64') return ['complex64'];
  if (type === 'c128') return ['complex128'];
  if (bits === undefined) return [];
  // MLIR's i1 is its boolean: pred, not s1.
  if (category === 'signed')
    return [`int${bits}`, `Int${bits}`, ...(bits === '1' ? [] : [`i${bits}`])];
  if (category === 'unsigned') return [`uint${bits}`, `ui${bits}`];
  if (category === 'float') return [`float${bits}`];
  return [];
}

describe('element type names from tfjs, NumPy and MLIR', () => {
  const cases = PRIMITIVE_TYPES.flatMap((type) => otherSpellings(type).map((name) => [name, type]));

  it('covers every integer and float width XLA names', () => {
    expect(cases.length).toBeGreaterThan(30);
  });

  for (const [name, type] of cases) {
    it(`${name}[2,3]{1,0} says XLA writes it ${type}, and ${type}[2,3]{1,0} parses`, () => {
      let caught: unknown;
      try {
        parseShape(`${name}[2,3]{1,0}`);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(LayoutSyntaxError);
      expect((caught as Error).message).toContain(`XLA writes ${name} as ${type}`);
      expect(parseShape(`${type}[2,3]{1,0}`)).toMatchObject({ kind: 'array', elementType: type });
    });
  }

  it('a name that is no type of any library gets no hint', () => {
    for (const name of ['int', 'floaty', 'x32', 'uint', 'tensor']) {
      expect(() => parseShape(`${name}[2]{0}`)).toThrow(
        /expected a primitive type \(e\.g\. 'f32'\)/,
      );
    }
  });
});

/**
 * The passes that assemble a sparse result of two row-major sparse operands on WebGL (the walks
 * of ../assembly-walk.ts in GLSL), one output element per fragment, inputs as flat `[1, n]`
 * views and sizes as uniforms (tfjs's shape uniforms and this module's), so one program per
 * kind serves every shape:
 * - the symbolic pass: per row, its count of distinct output columns, after a leading 0;
 * - a prefix-sum step (log2 steps of adding the element `offset` before, Hillis and Steele):
 *   tfjs's own `cumsum` program writes the size into its code, and counts stay exact in float32
 *   textures below 2^24), and the total, its last element, as a tensor of its own;
 * - the numeric pass: per output entry, its row by a binary search of the row positions, then
 *   the row walked up to the entry's place in it, writing its column or its value.
 */
import type { GPGPUProgram } from '@tensorflow/tfjs-backend-webgl';
import { assemblyInputs } from '../assembly-call.js';
import type { AssemblyCombine, AssemblyPart, ShaderDialect } from '../assembly-walk.js';
import { readers, valueAt, walkFunctions, walkRow } from '../assembly-walk.js';

/** GLSL over flat `[1, n]` views (every value a float, as WebGL stores them). */
function glsl(): ShaderDialect {
  const getter = (input: string) => `get${input[0]?.toUpperCase()}${input.slice(1)}(0, at)`;
  return {
    int: (name, init) => `int ${name} = ${init};`,
    value: (name, init) => `float ${name} = ${init};`,
    intFunction: (name, params, body) =>
      `int ${name}(${params.map((p) => `int ${p}`).join(', ')}) {\n${body}\n}`,
    zero: 'zero',
    reader: (name, input, kind) =>
      kind === 'int'
        ? `int ${name}(int at) { return int(${getter(input)}); }`
        : `float ${name}(int at) { return ${getter(input)}; }`,
  };
}

/** The symbolic pass: `[0, count(row 0), count(row 1), ...]`, `rows + 1` elements. */
export class GlAssemblyCountProgram implements GPGPUProgram {
  readonly variableNames = assemblyInputs('counts');
  readonly outputShape: number[];
  readonly enableShapeUniforms = true;
  readonly userCode: string;

  constructor(combine: AssemblyCombine, rows: number) {
    this.outputShape = [rows + 1];
    const d = glsl();
    this.userCode = `
      ${readers(d, false)}
      ${walkFunctions(d)}
      void main() {
        int item = getOutputCoords();
        if (item == 0) {
          setOutput(0.0);
          return;
        }
        int i = item - 1;
        int count = 0;
        ${walkRow(d, combine, 'count = count + 1;')}
        setOutput(float(count));
      }`;
  }
}

/** One step of the inclusive prefix sum: `out[i] = x[i] + x[i - offset]` where `i >= offset`. */
export class GlScanStepProgram implements GPGPUProgram {
  readonly variableNames = ['x'];
  readonly outputShape: number[];
  readonly enableShapeUniforms = true;
  readonly customUniforms = [{ name: 'offset', type: 'int' as const }];
  readonly userCode = `
    void main() {
      int i = getOutputCoords();
      float sum = getX(0, i);
      if (i >= offset) { sum = sum + getX(0, i - offset); }
      setOutput(sum);
    }`;

  constructor(size: number) {
    this.outputShape = [size];
  }
}

/**
 * The last element of `x` as a one-element tensor (its index a uniform: tfjs's slice program
 * keys on the sliced tensor's shape, so reading the total through it would compile per shape).
 */
export class GlLastElementProgram implements GPGPUProgram {
  readonly variableNames = ['x'];
  readonly outputShape = [1];
  readonly enableShapeUniforms = true;
  readonly customUniforms = [{ name: 'last', type: 'int' as const }];
  readonly userCode = `
    void main() {
      setOutput(getX(0, last));
    }`;
}

/** The numeric pass: the result's columns or values, `nnz` elements. */
export class GlAssemblyFillProgram implements GPGPUProgram {
  readonly variableNames: string[];
  readonly outputShape: number[];
  readonly enableShapeUniforms = true;
  readonly customUniforms = [
    { name: 'rows', type: 'int' as const },
    { name: 'zero', type: 'float' as const },
  ];
  readonly userCode: string;

  constructor(combine: AssemblyCombine, part: AssemblyPart, nnz: number) {
    const values = part === 'values';
    this.variableNames = assemblyInputs(part);
    this.outputShape = [nnz];
    const d = glsl();
    const write = values
      ? `${valueAt(d, combine)}
          written = value;`
      : 'written = float(column);';
    this.userCode = `
      ${readers(d, values)}
      ${walkFunctions(d)}
      int posC(int at) { return int(getCPos(0, at)); }
      void main() {
        int e = getOutputCoords();
        // The entry's row: the last row whose position is at most e.
        int lo = 0;
        int hi = rows - 1;
        while (lo < hi) {
          int mid = lo + (hi - lo + 1) / 2;
          if (posC(mid) <= e) { lo = mid; } else { hi = mid - 1; }
        }
        int i = lo;
        int skip = e - posC(i);
        float written = 0.0;
        ${walkRow(
          d,
          combine,
          `if (skip == 0) {
            ${write}
            break;
          }
          skip = skip - 1;`,
        )}
        setOutput(written);
      }`;
  }
}

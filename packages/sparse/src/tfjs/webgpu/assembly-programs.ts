/**
 * The two passes that assemble a sparse result of two row-major sparse operands on WebGPU (the
 * walks of ../assembly-walk.ts in WGSL), one invocation per output row, grid-stride, every size
 * a uniform, so one pipeline per kind serves every shape:
 * - the symbolic pass counts each row's distinct output columns (written one place on, after a
 *   leading 0, so an inclusive prefix sum of its output is the result's row positions);
 * - the numeric pass, once the total is known, writes each row's columns in ascending order, or
 *   its values, at the row's position.
 */
import { FlatProgram, wgslForEachElement } from '@tilekit/tfjs-backend-support/webgpu-passes';
import { assemblyInputs } from '../assembly-call.js';
import type { AssemblyCombine, AssemblyPart, ShaderDialect } from '../assembly-walk.js';
import { readers, valueAt, walkFunctions, walkRow } from '../assembly-walk.js';

/** WGSL, values of type `type` (the zero is the `zero` uniform). */
function wgsl(type: 'f32' | 'i32'): ShaderDialect {
  return {
    int: (name, init) => `var ${name} : i32 = ${init};`,
    value: (name, init) => `var ${name} : ${type} = ${init};`,
    intFunction: (name, params, body) =>
      `fn ${name}(${params.map((p) => `${p} : i32`).join(', ')}) -> i32 {\n${body}\n}`,
    zero: `${type}(uniforms.zero)`,
    reader: (name, input, kind) =>
      `fn ${name}(at : i32) -> ${kind === 'int' ? 'i32' : type} { return ${input}[at]; }`,
  };
}

/** The symbolic pass: `[0, count(row 0), count(row 1), ...]`, `rows + 1` int32 elements. */
export class AssemblyCountProgram extends FlatProgram {
  readonly variableNames = assemblyInputs('counts');
  readonly uniforms = 'rows : i32,';
  private readonly combine: AssemblyCombine;

  constructor(combine: AssemblyCombine, rows: number) {
    super(`assembly_count_${combine}`, rows + 1, rows + 1);
    this.combine = combine;
  }

  getUserCode(): string {
    const d = wgsl('i32');
    return `${readers(d, false)}
      ${walkFunctions(d)}
      ${wgslForEachElement(
        'uniforms.rows + 1',
        `if (item == 0) {
          result[0] = 0;
          continue;
        }
        let i = item - 1;
        var count = 0;
        ${walkRow(d, this.combine, 'count = count + 1;')}
        result[item] = count;`,
        'item',
      )}`;
  }
}

/** The numeric pass: the result's columns (int32) or values, `nnz` elements. */
export class AssemblyFillProgram extends FlatProgram {
  readonly variableNames: string[];
  readonly uniforms = 'rows : i32, nnz : i32, zero : f32,';
  private readonly combine: AssemblyCombine;
  private readonly part: AssemblyPart;
  private readonly type: 'f32' | 'i32';

  /**
   * @param valueType The WGSL type of the operands' values.
   * @param rows Rows of the result.
   * @param nnz Stored entries of the result (the symbolic pass's total).
   */
  constructor(
    combine: AssemblyCombine,
    part: AssemblyPart,
    valueType: 'f32' | 'i32',
    rows: number,
    nnz: number,
  ) {
    super(`assembly_fill_${combine}_${part}_${valueType}`, nnz, rows);
    this.variableNames = assemblyInputs(part);
    this.combine = combine;
    this.part = part;
    this.type = valueType;
  }

  getUserCode(): string {
    const d = wgsl(this.type);
    const values = this.part === 'values';
    const write = values
      ? `${valueAt(d, this.combine)}\n        result[at] = value;`
      : 'result[at] = column;';
    return `${readers(d, values)}
      ${walkFunctions(d)}
      ${wgslForEachElement(
        'uniforms.rows',
        `let i = item;
        var at = cPos[i];
        ${walkRow(
          d,
          this.combine,
          `if (at >= uniforms.nnz) { break; }
          ${write}
          at = at + 1;`,
        )}`,
        'item',
      )}`;
  }
}

/**
 * Kernels over block (BSR) and structured (n:m) operands, planned in level space as MLIR's
 * `--sparse-reinterpret-map` does (`sparse_block_matmul.mlir`, `sparse_ds.mlir`): each
 * dimension a block format stores as `d floordiv k` and `d mod k` becomes two index
 * variables, the block tensor is read as the tensor of its levels (`toLevelTensor`), and a
 * dense operand or dense output indexed by that dimension is read with the dimension split
 * (a row-major array of shape `[.., n, ..]` is the same buffer as one of shape
 * `[.., n/k, k, ..]`, so nothing is copied). `C(i,k) = A(i,j) * B(j,k)` with `A` in BSR of
 * `[2, 2]` blocks is planned as `C(i_blk,i_off,k) = A(i_blk,j_blk,i_off,j_off) * B(j_blk,j_off,k)`.
 *
 * The rewrite stops with a typed error where a split dimension cannot be read split: a sparse
 * operand or sparse output indexed by it (its levels store the dimension whole), a block
 * operand storing it whole, two operands splitting it by different block sizes, an affine
 * subscript over it, windows.
 */
import {
  type FormatSpec,
  levelsOf,
  resolveFormat,
  type SparseFormat,
  type StorageWidth,
} from '../../sparse-tensor/format.js';
import { SparsifyError } from '../errors.js';
import type { AccessExpr, Expr, Notation } from './expression.js';
import type { PlanOptions } from './kernel-plan.js';
import { accessesOf, mapExpr, nodesOf, printExpr } from './notation.js';

/** How a tensor of the caller's notation is read by the level-space kernel. */
export interface BlockOperand {
  /** Its index variables in the caller's (dimension) form. */
  readonly indices: readonly string[];
  /**
   * Per dimension, the block size it is split by (`null`: read whole; a block of 1 still
   * splits). A dense tensor's data is read with shape `[.., n/k, k, ..]` at each split dimension.
   */
  readonly blocks: readonly (number | null)[];
  /** The block or structured format a block operand is given in; absent for dense tensors. */
  readonly format?: SparseFormat;
}

/** What a kernel's caller passes in dimension form and the kernel reads in level form. */
export interface BlockView {
  /** The caller's notation. */
  readonly expression: string;
  /** The level-space notation the kernel is emitted for. */
  readonly levelExpression: string;
  /** Every block operand and every dense tensor with a split dimension, by name. */
  readonly tensors: ReadonlyMap<string, BlockOperand>;
  /** The output's name. */
  readonly output: string;
}

/** The level-space notation and formats of a notation with block operands. */
export interface LevelSpaceForm {
  readonly expression: string;
  readonly formats: Readonly<Record<string, FormatSpec>>;
  readonly view: BlockView;
}

/** One split index variable: its block size, the tensor whose format splits it, its two names. */
interface Split {
  readonly block: number;
  readonly by: string;
  readonly outer: string;
  readonly inner: string;
}

const WHAT_WORKS = "convert it to 'CSR' (tensor.convert('CSR'))";

/** Widths the options give, where the spec itself names none (as plan-kernel.ts resolves). */
function widthsFor(spec: FormatSpec, options: PlanOptions) {
  const named =
    typeof spec === 'object' && !Array.isArray(spec)
      ? (spec as { posWidth?: StorageWidth; crdWidth?: StorageWidth })
      : {};
  const posWidth = named.posWidth ?? options.posWidth;
  const crdWidth = named.crdWidth ?? options.crdWidth;
  return {
    ...(posWidth === undefined ? {} : { posWidth }),
    ...(crdWidth === undefined ? {} : { crdWidth }),
  };
}

/** A format that stores a tensor as a plain row-major array (what the planner reads as dense). */
function isPlainDense(format: SparseFormat): boolean {
  return (
    format.expressions === undefined &&
    levelsOf(format).every((l) => l.iteration === 'range') &&
    format.order.every((d, l) => d === l)
  );
}

/**
 * The level-space form of `notation` when some tensor of it has a block or structured format
 * in `formats`, else `undefined`. Throws a {@link SparsifyError} naming the tensor (and what
 * works) where a split dimension cannot be read split.
 */
export function levelSpaceForm(
  notation: Notation,
  formats: Readonly<Record<string, FormatSpec>>,
  options: PlanOptions = {},
): LevelSpaceForm | undefined {
  const accesses = [notation.output, ...accessesOf(notation.rhs)];
  const resolved = new Map<string, SparseFormat>();
  for (const a of accesses) {
    if (resolved.has(a.tensor) || !Object.hasOwn(formats, a.tensor)) continue;
    const spec = formats[a.tensor] as FormatSpec;
    if (a.indices.length === 0) continue;
    resolved.set(a.tensor, resolveFormat(spec, a.indices.length, widthsFor(spec, options)));
  }
  const blocked = new Map([...resolved].filter(([, f]) => f.expressions !== undefined));
  if (blocked.size === 0) return undefined;
  const out = notation.output.tensor;
  if (blocked.has(out)) {
    throw new SparsifyError(
      `formats.${out}`,
      `a kernel's output is not assembled in a block or structured format; give ${out} 'CSR' (or no format: dense) and convert the result (${out}.convert(format))`,
    );
  }
  if (accesses.some((a) => a.windows !== undefined)) {
    throw new SparsifyError(
      'expression',
      `windows are not read beside a block or structured operand (${[...blocked.keys()].join(', ')}); slice the window first, or ${WHAT_WORKS}`,
    );
  }
  const splits = splitsOf(accesses, blocked);
  const fresh = freshNames(notation, formats);
  const named = new Map<string, Split>();
  for (const [v, s] of splits) {
    named.set(v, { ...s, outer: fresh(`${v}_blk`), inner: fresh(`${v}_off`) });
  }
  const tensors = new Map<string, BlockOperand>();
  const rewrite = (a: AccessExpr): AccessExpr => {
    const format = blocked.get(a.tensor);
    if (format !== undefined) {
      tensors.set(a.tensor, { indices: a.indices, blocks: a.indices.map(() => null), format });
      const indices = format.order.map((d, l) => {
        const v = a.indices[d] as string;
        const e = format.expressions?.[l];
        const split = named.get(v);
        if (e === undefined || e.op === 'dim' || split === undefined) return v;
        return e.op === 'floordiv' ? split.outer : split.inner;
      });
      return { kind: 'access', tensor: a.tensor, indices };
    }
    const subscripted = a.subscripts?.flatMap((s) => s.terms.map((t) => t.index)) ?? [];
    const split = [...a.indices, ...subscripted].find((v) => named.has(v));
    if (split === undefined) return a;
    checkSplitReadable(
      a,
      split,
      resolved.get(a.tensor),
      named.get(split) as Split,
      a.tensor === out,
    );
    const blocks = a.indices.map((v) => named.get(v)?.block ?? null);
    const seen = tensors.get(a.tensor);
    if (seen !== undefined && seen.blocks.join() !== blocks.join()) {
      throw new SparsifyError(
        'expression',
        `${a.tensor} is read with its dimensions split by [${seen.blocks}] and by [${blocks}]; read it through one index pattern, or ${WHAT_WORKS} the block operand`,
      );
    }
    tensors.set(a.tensor, { indices: a.indices, blocks });
    const indices = a.indices.flatMap((v) => {
      const split = named.get(v);
      return split === undefined ? [v] : [split.outer, split.inner];
    });
    return { kind: 'access', tensor: a.tensor, indices };
  };
  const output = rewrite(notation.output);
  const rhs = mapExpr(notation.rhs, (e) => levelSpaceNode(e, named, rewrite));
  const levelFormats: Record<string, FormatSpec> = Object.create(null);
  for (const [name, spec] of Object.entries(formats)) {
    const format = blocked.get(name);
    if (format !== undefined) {
      levelFormats[name] = {
        levels: format.levels,
        posWidth: format.posWidth,
        crdWidth: format.crdWidth,
      };
    } else if (!tensors.has(name)) {
      levelFormats[name] = spec;
    }
    // A dense tensor read split is plain dense data: it needs no format.
  }
  const expression = `${printExpr(output)} ${notation.op} ${printExpr(rhs)}`;
  return {
    expression,
    formats: levelFormats,
    view: Object.freeze({
      expression: notation.source,
      levelExpression: expression,
      tensors,
      output: out,
    }),
  };
}

/** One node of the right-hand side in level space. */
function levelSpaceNode(
  e: Expr,
  named: ReadonlyMap<string, Split>,
  rewrite: (a: AccessExpr) => AccessExpr,
): Expr {
  if (e.kind === 'access') return rewrite(e);
  if (e.kind === 'index') {
    const split = named.get(e.index);
    if (split === undefined) return e;
    // The dimension's coordinate is block * k + offset.
    return {
      kind: 'binary',
      op: '+',
      lhs: {
        kind: 'binary',
        op: '*',
        lhs: { kind: 'index', index: split.outer },
        rhs: { kind: 'const', value: split.block },
      },
      rhs: { kind: 'index', index: split.inner },
    };
  }
  if (e.kind === 'sum') {
    const split = named.get(e.index);
    if (split === undefined) return e;
    // A reduction over the dimension is one over its blocks and their offsets.
    const reducer = e.reducer === undefined ? {} : { reducer: e.reducer };
    return {
      kind: 'sum',
      index: split.outer,
      body: { kind: 'sum', index: split.inner, body: e.body, ...reducer },
      ...reducer,
    };
  }
  return e;
}

/** The index variables the block operands split, each with its block size (checked to agree). */
function splitsOf(
  accesses: readonly AccessExpr[],
  blocked: ReadonlyMap<string, SparseFormat>,
): Map<string, Omit<Split, 'outer' | 'inner'>> {
  const splits = new Map<string, Omit<Split, 'outer' | 'inner'>>();
  const blockAccesses = accesses.filter((a) => blocked.has(a.tensor));
  for (const a of blockAccesses) {
    if (a.subscripts !== undefined) {
      throw new SparsifyError(
        `formats.${a.tensor}`,
        `${a.tensor} is read through its levels: subscript it by index variables alone, or ${WHAT_WORKS}`,
      );
    }
    const format = blocked.get(a.tensor) as SparseFormat;
    format.order.forEach((d, l) => {
      const e = format.expressions?.[l];
      if (e?.op !== 'floordiv') return;
      const v = a.indices[d] as string;
      const seen = splits.get(v);
      if (seen !== undefined && seen.block !== e.by) {
        throw new SparsifyError(
          `formats.${a.tensor}`,
          `splits index ${v} in blocks of ${e.by}, but formats.${seen.by} splits it in blocks of ${seen.block}; give both one block size, or ${WHAT_WORKS}`,
        );
      }
      splits.set(v, { block: e.by, by: a.tensor });
    });
  }
  for (const a of blockAccesses) {
    const format = blocked.get(a.tensor) as SparseFormat;
    format.order.forEach((d, l) => {
      const v = a.indices[d] as string;
      const split = splits.get(v);
      if ((format.expressions?.[l]?.op ?? 'dim') !== 'dim' || split === undefined) return;
      throw new SparsifyError(
        `formats.${a.tensor}`,
        `stores index ${v} whole, but formats.${split.by} splits it in blocks of ${split.block}; ${WHAT_WORKS}`,
      );
    });
  }
  return splits;
}

/** A tensor other than a block operand indexed by a split variable must be dense data. */
function checkSplitReadable(
  a: AccessExpr,
  v: string,
  format: SparseFormat | undefined,
  split: Split,
  isOutput: boolean,
): void {
  const because = `is indexed by ${v}, which formats.${split.by} splits in blocks of ${split.block}`;
  if (a.subscripts !== undefined) {
    throw new SparsifyError(
      'expression',
      `${a.tensor}'s affine subscript ${because}; subscript it by index variables, or ${WHAT_WORKS} ${split.by}`,
    );
  }
  if (format !== undefined && !isPlainDense(format)) {
    const role = isOutput ? 'a sparse output' : 'a sparse operand';
    throw new SparsifyError(
      `formats.${a.tensor}`,
      `${role} ${because} (its levels store ${v} whole); make ${a.tensor} dense, or ${WHAT_WORKS} ${split.by}`,
    );
  }
}

/** A maker of names no tensor or index variable of the notation (or formats key) has. */
function freshNames(
  notation: Notation,
  formats: Readonly<Record<string, unknown>>,
): (base: string) => string {
  const taken = new Set<string>([notation.output.tensor, ...notation.output.indices]);
  for (const n of nodesOf(notation.rhs)) {
    if (n.kind === 'access') for (const name of [n.tensor, ...n.indices]) taken.add(name);
    if (n.kind === 'sum' || n.kind === 'index') taken.add(n.index);
  }
  for (const name of Object.keys(formats)) taken.add(name);
  return (base) => {
    let name = base;
    for (let k = 0; taken.has(name); k++) name = `${base}${k}`;
    taken.add(name);
    return name;
  };
}

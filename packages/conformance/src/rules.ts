/**
 * The rules the suites check, as data. Every case names exactly one of these, so a failure says
 * which part of the semantics an implementation broke; `statement` quotes or paraphrases the
 * source document the rule comes from.
 */

/** One rule of the semantics. */
export interface Rule {
  /** Stable id, `<area>.<name>`. */
  readonly id: string;
  /** What an implementation must do. */
  readonly statement: string;
  /** Where the rule is stated. */
  readonly source: string;
}

const TILED_LAYOUT = 'XLA "Tiled layout" document';
const PTO_TSCATTER = 'PTO ISA TSCATTER';
const MLIR_SPARSE_VECTORIZATION = 'MLIR SparseVectorization.cpp (ForOpRewriter / vectorizeStmt)';
const TACO_NOTATION = 'TACO index notation (Kjolstad et al., "The Tensor Algebra Compiler")';

/** Every rule, keyed by id. */
export const RULES = {
  'layout.linear-index': {
    id: 'layout.linear-index',
    statement:
      'linear_index_with_tile(e, d, t) = linear_index((⌊e/t⌋, e mod t), (⌈d/t⌉, t)): tile index first, then the within-tile index, both row-major',
    source: `${TILED_LAYOUT}, "Linear index formulas for tiling"`,
  },
  'layout.minor-to-major': {
    id: 'layout.minor-to-major',
    statement:
      'dimensions are laid out in minor_to_major order (minor_to_major[0] is the most minor) before tiling',
    source: `${TILED_LAYOUT}, Figure 1 ("1,0 relates to the physical order of dimensions")`,
  },
  'layout.tile-padding': {
    id: 'layout.tile-padding',
    statement:
      'tiles cover the shape: each physical dimension d is padded to ⌈d/t⌉·t, and the padding slots belong to no element',
    source: `${TILED_LAYOUT}, Figure 1 and "Tiling as pad-reshape-transpose"`,
  },
  'layout.tile-suffix': {
    id: 'layout.tile-suffix',
    statement:
      'a tile with fewer dimensions than the shape applies to the most minor (suffix) dimensions and leaves the major ones unchanged',
    source: `${TILED_LAYOUT}, "Linear index formulas" (tiling mentions a suffix of the physical dimensions)`,
  },
  'layout.repeated-tiling': {
    id: 'layout.repeated-tiling',
    statement:
      'each further tile applies to the suffix of the shape expanded by the previous ones, e.g. (2,4)(2,1)',
    source: `${TILED_LAYOUT}, Figure 2 "Repeated tiling"`,
  },
  'layout.combine-dimension': {
    id: 'layout.combine-dimension',
    statement:
      'a `*` (-1) tile entry removes that dimension and multiplies it into the next more minor one before tiling',
    source: `${TILED_LAYOUT}, "Combining dimensions using tiles"`,
  },
  'layout.parse-print': {
    id: 'layout.parse-print',
    statement: "shape and layout text parse and print back in XLA's canonical form",
    source: 'XLA hlo_parser_test.cc, layout_util_test.cc, layout_test.cc',
  },
  'layout.reject-invalid': {
    id: 'layout.reject-invalid',
    statement: "text XLA's parser rejects is rejected with an error",
    source: 'XLA hlo_parser_test.cc, hlo_parser.cc ParseLayout',
  },
  'layout.element-count': {
    id: 'layout.element-count',
    statement:
      "the physical element count is the fully expanded shape (every tile's padding) rounded up to L(n)",
    source: `${TILED_LAYOUT}; XLA shape_util.cc`,
  },
  'layout.xla-array-size': {
    id: 'layout.xla-array-size',
    statement:
      'ShapeUtil::ArraySize pads by the first tile only, applies L only when tiled, and counts E(n) bits per element',
    source: 'XLA shape_util.cc ArraySize',
  },
  'layout.delinearize-inverse': {
    id: 'layout.delinearize-inverse',
    statement:
      'delinearize inverts linear_index on element slots and reports padding slots as holding no element',
    source: `${TILED_LAYOUT} (the mapping is injective)`,
  },
  'relayout.placement': {
    id: 'relayout.placement',
    statement: 'relayout writes element e of x to buffer[linear_index_with_tile(e)]',
    source: `${TILED_LAYOUT}, "Tiling as pad-reshape-transpose"`,
  },
  'relayout.padding-fill': {
    id: 'relayout.padding-fill',
    statement: 'every padding slot of a relayout buffer holds padValue (0 when not given)',
    source: `${TILED_LAYOUT}, Figure 1 (padding elements) and the relayout op contract`,
  },
  'relayout.round-trip': {
    id: 'relayout.round-trip',
    statement: 'unrelayout(relayout(x, layout), shape) returns x',
    source: `${TILED_LAYOUT} (the mapping is injective)`,
  },
  'relayout.convert': {
    id: 'relayout.convert',
    statement: 'convertLayout(relayout(x, A), A, B) equals relayout(x, B)',
    source: `${TILED_LAYOUT} (layouts of one logical array)`,
  },
  'tscatter.flat-offset': {
    id: 'tscatter.flat-offset',
    statement:
      'dst_flat[idx[i,j]] = src[i,j]: indices are flat offsets into the destination storage, not row selectors',
    source: `${PTO_TSCATTER}, mathematical semantics`,
  },
  'tscatter.last-writer-wins': {
    id: 'tscatter.last-writer-wins',
    statement:
      'when several elements map to one destination offset, the last in row-major order wins',
    source: `${PTO_TSCATTER} ("last writer wins in the current implementation")`,
  },
  'tscatter.index-valid-region': {
    id: 'tscatter.index-valid-region',
    statement:
      "only idx[i,j] with i < validRow and j < validCol (the index tile's valid region) is used",
    source: `${PTO_TSCATTER} constraints; PTO CPU simulator`,
  },
  'tscatter.padding-columns': {
    id: 'tscatter.padding-columns',
    statement:
      'src and idx are read through their own physical row strides, so padding columns beyond the valid region are never used',
    source: `${PTO_TSCATTER} constraints (ValidCol <= Cols per tile); PTO CPU simulator`,
  },
  'tscatter.zero-destination': {
    id: 'tscatter.zero-destination',
    statement:
      'destination elements no index names are zero (the destination is zero-filled first)',
    source: 'PTO CPU simulator outputs (A2A3/A5 zero-fill the destination)',
  },
  'tgather.flat-offset': {
    id: 'tgather.flat-offset',
    statement: 'dst[i,j] = src_flat[idx[i,j]] on the valid region, zeros elsewhere',
    source: `${PTO_TSCATTER} (TGATHER is its flat-offset inverse)`,
  },
  'tgather.inverse': {
    id: 'tgather.inverse',
    statement:
      'with distinct offsets, tgather(tscatter(src, idx), idx) restores src on the valid region',
    source: `${PTO_TSCATTER}, mathematical semantics`,
  },
  'vectorize.loop-selection': {
    id: 'vectorize.loop-selection',
    statement:
      'only single-block, unit-step loops marked by the sparse loop emitter whose body analyses as vectorizable are rewritten; every other loop is left as it is',
    source: `${MLIR_SPARSE_VECTORIZATION}, ForOpRewriter::matchAndRewrite`,
  },
  'vectorize.vector-ops': {
    id: 'vectorize.vector-ops',
    statement:
      'a vectorized loop uses the same vector operations (masked loads/stores, gathers, broadcasts, elementwise ops) as mlir-opt --sparse-vectorization',
    source: `${MLIR_SPARSE_VECTORIZATION}, vectorizeExpr / genVectorLoad / genVectorStore`,
  },
  'vectorize.remainder-mask': {
    id: 'vectorize.remainder-mask',
    statement:
      'the mask is create_mask(min(step, hi - iv)) unless constant bounds divide by the step (then all true): lanes past the upper bound never load or store',
    source: `${MLIR_SPARSE_VECTORIZATION}, genVectorMask`,
  },
  'vectorize.reduction-init': {
    id: 'vectorize.reduction-init',
    statement:
      'the reduction vector starts as |r|0|..|0| for ADD/XOR, |r|1|..|1| for MUL and |r|r|..|r| for AND/OR, and is reduced with the same kind after the loop',
    source: `${MLIR_SPARSE_VECTORIZATION}, genVectorReducInit / isVectorizableReduction`,
  },
  'vectorize.gather-index-width': {
    id: 'vectorize.gather-index-width',
    statement:
      'gather/scatter index vectors are widened to i64 unless enable-simd-index32 keeps narrow indices at i32',
    source: `${MLIR_SPARSE_VECTORIZATION}, vectorizeSubscripts (enableSIMDIndex32)`,
  },
  'vectorize.vla-step': {
    id: 'vectorize.vla-step',
    statement:
      'with enable-vla-vectorization the step is vector.vscale * vl and vectors are scalable (vector<[vl]xT>)',
    source: `${MLIR_SPARSE_VECTORIZATION}, vectorizeStmt (step = vscale * vl)`,
  },
  'vectorize.scalar-execution': {
    id: 'vectorize.scalar-execution',
    statement:
      'executing the input (scalar) function leaves memory and results as mlir-runner does; the baseline every vectorized run is compared with',
    source: 'mlir-runner execution of the input loops',
  },
  'vectorize.semantics': {
    id: 'vectorize.semantics',
    statement:
      'running the vectorized function leaves memory and results exactly as running the scalar loop does',
    source: 'mlir-runner execution of the input loops',
  },
  'sparse.kernel-value': {
    id: 'sparse.kernel-value',
    statement:
      'a kernel computes the same dense result as evaluating its index notation on dense copies of its operands, whatever format each operand is stored in (implicit entries are zero)',
    source: `${TACO_NOTATION}; MLIR sparse_tensor encoding (sparsity never changes a value)`,
  },
  'sparse.reduction-placement': {
    id: 'sparse.reduction-placement',
    statement:
      'an index absent from the output is summed over the smallest subexpression holding every use of it (r(i) = b(i) - A(i,k)*x(k) is b - Ax); sum(k, e) sums e explicitly',
    source: `${TACO_NOTATION}, makeReductionNotation`,
  },
  'sparse.operator-zeros': {
    id: 'sparse.operator-zeros',
    statement:
      '* and / are zero where the left operand is, + - max min visit the union, -x sqrt abs keep zero, exp maps zero to one; an index used as a value is its coordinate',
    source: 'MLIR Merger.cpp (kind rules of buildLattices); MLIR linalg.index',
  },
  'sparse.in-place': {
    id: 'sparse.in-place',
    statement:
      'X *= e multiplies every stored entry of X by e and leaves implicit zeros zero; += accumulates into the initial output',
    source: 'MLIR sparse_scale.mlir (in-place update of a sparse tensor); TACO compound assignment',
  },
  'sparse.output-entries': {
    id: 'sparse.output-entries',
    statement:
      'a sparse output stores each coordinate at most once, inside its shape, and holds the reference value there (absent coordinates are zero)',
    source: 'MLIR sparse_tensor.insert / compress semantics; TACO assembly',
  },
  'sparse.conversion': {
    id: 'sparse.conversion',
    statement:
      'copying a tensor into another format (level types, mode order) keeps every value at its coordinates',
    source: 'MLIR sparse_tensor.convert',
  },
} as const satisfies Record<string, Rule>;

/** Id of a rule in `RULES`. */
export type RuleId = keyof typeof RULES;

/** Every rule, in catalogue order. */
export const RULE_LIST: readonly Rule[] = Object.values(RULES);

/**
 * # IR core — design note
 *
 * The loop IR mirrors MLIR's generic operation model so that passes written against MLIR's
 * C++ (ForOpRewriter, vectorizeStmt, ...) translate directly:
 *
 * - **Nodes are immutable.** {@link Operation}, {@link Block}, {@link Region}, {@link Module}
 *   and {@link Value} are frozen plain objects. There are no parent or use-list pointers:
 *   ask {@link definingOps} / {@link usersOf} (walk.ts) for def-use information.
 * - **Values are identities.** A {@link Value} is `{id, type, nameHint?}`; op results and
 *   block arguments are both Values. Compare with `===`. Printed names are assigned by the
 *   printer by position (`%0`, `%arg0`, `%c4`, `%cst`), never taken from ids.
 * - **Ops are rules as data.** An op is `{name, operands, results, attributes, regions}`.
 *   Its definition ({@link OpDef}, src/ir/ops/<dialect>.ts) names operand segments
 *   (`['base', '...indices', 'mask', 'passThru']`), the assembly-format family, traits and
 *   verifier constraints. Read operands and results by segment name with
 *   {@link operand} / {@link operands} / {@link optionalOperand} / {@link result}
 *   (accessors.ts), never by position.
 *   Semantics live in src/interpret as a table keyed by op name.
 * - **Types and attributes** are frozen structural values (types.ts, attributes.ts,
 *   affine.ts); compare with {@link typeEquals} / {@link attrEquals}.
 *   Attribute conventions: `arith.constant` has `value`; cmp ops have `predicate`
 *   ({@link PredicateAttr}, by name); `vector.reduction` has `kind` (combining kind);
 *   `vector.insert/extract` have `static_position` (`array<i64>`, {@link DYNAMIC_POSITION}
 *   marks entries taken from the dynamic operands); `vector.constant_mask` has
 *   `mask_dim_sizes`; `affine.*` have `map`; `func.func` has `sym_name` and
 *   `function_type`. Discardable attributes (e.g. `"Emitted from"`) are kept verbatim.
 * - **Construction** goes through {@link Builder} (builder.ts): typed helpers append ops,
 *   region helpers take body callbacks returning the values to yield/return.
 * - **Rewriting is functional** (rewriter.ts): {@link IRMapping} + {@link cloneOperation}
 *   deep-copy op trees with fresh values; {@link rewriteModule} / {@link replaceOpsInBlock}
 *   build new blocks where a callback replaces ops and later uses are remapped. A pass
 *   returns a new Module; its input is untouched (both may share unchanged subtrees).
 */
export * from './accessors.js';
export * from './affine.js';
export * from './attributes.js';
export * from './builder.js';
export * from './combining-kinds.js';
export * from './float-format.js';
export * from './op-def.js';
export * from './operation.js';
export * from './ops/index.js';
export * from './position.js';
export * from './rewriter.js';
export * from './types.js';
export * from './vector-length.js';
export * from './walk.js';

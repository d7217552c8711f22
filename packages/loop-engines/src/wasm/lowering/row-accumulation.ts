/**
 * Output chunks kept in registers across a sparse row. A sparse-times-dense product (SpMM)
 * adds each entry of a sparse row into a dense output row,
 * `for j in row { for k step vl { C[i,k..] = C[i,k..] + a_j * B[col_j,k..] } }`, loading and
 * storing every output chunk once per entry. The wasm engine runs such a pair of loops
 * interchanged: `for k step vl { acc = C[i,k..]; for j in row { acc = acc + a_j * B[col_j,k..] }
 * C[i,k..] = acc }`. Each element still takes the same operations in the same order (j
 * ascending), so the results are the same bit for bit; the chunk stays in registers.
 *
 * The row's entries go in blocks of {@link ENTRY_BLOCK}: `for jb in row step E { for k step vl
 * { acc = C[i,k..]; for j in jb..jb+E { ... } C[i,k..] = acc } }`. One chunk pass over a whole
 * long row reads one cache line of each gathered row of `B`, then the next pass the next line of
 * each, so a row of thousands of entries (a hub of a power-law graph) walks `B` once per chunk,
 * line by line, and the lines it left are gone by the time it comes back. Within a block the
 * passes read a few rows of `B` line after line, which the hardware prefetcher streams: the
 * bench's R-MAT graph (a `B` of 32 MiB) takes about a quarter less time, short rows the same.
 * Every block has at least one chunk pass, an empty row one block, so each chunk is stored.
 *
 * When a nest filling the whole output with one value comes just before the row loop (a `=`
 * kernel clears its output so), the interchanged loop's first block reads each chunk once,
 * right before it writes all of it: the chunk starts from the fill value there instead, and the
 * fill goes, so the output is written once instead of filled, read and written again.
 *
 * Both assume, as vectorized code does, that the output does not overlap another memref
 * argument (every argument the engine copies lies apart; views passed in place must not overlap).
 */
import type { AffineExpr, Block, Operation, Value, VectorType } from '@tilekit/loop-ir';
import {
  Builder,
  buildRegion,
  cloneOperation,
  createBlock,
  createOperation,
  createRegion,
  createValue,
  definingOps,
  getOpDef,
  IRMapping,
  operand,
  operands,
  result,
  typeEquals,
  walkOperations,
  withResults,
} from '@tilekit/loop-ir';
import { remainingLanesMask } from './full-vector-loop.js';

type ConstantOf = (v: Value) => bigint | undefined;

/**
 * Entries of a row per block (see the module comment). Measured on the bench's operands
 * (SpMM x 64, f64, vl 8): the R-MAT graph took 20-21 ms with blocks of 12, 26-29 ms unblocked,
 * 22-25 with 8, 16 or 24 and 27 with 48; uniform rows of 2 and of 16 entries the same or 9 %
 * less; rows of 100 entries over a `B` that fits the cache (2000 rows) 4 % more.
 */
export const ENTRY_BLOCK = 12n;

/** `func` with every such row loop interchanged and every such fill dropped. */
export function accumulateRowsInRegisters(func: Operation): Operation {
  const defs = definingOps(func);
  const constantOf: ConstantOf = (v) => {
    const def = defs.get(v);
    const attr = def?.attributes.value;
    return def?.name === 'arith.constant' && attr?.kind === 'integer' ? attr.value : undefined;
  };
  const rebuild = (op: Operation): Operation[] => {
    if (op.regions.length === 0) return [op];
    const regions = op.regions.map((r) =>
      createRegion(
        r.blocks.map((b) =>
          createBlock(b.arguments, withoutFills(b.operations.flatMap(rebuild), constantOf)),
        ),
      ),
    );
    const rebuilt = withResults(
      { name: op.name, operands: op.operands, attributes: op.attributes, regions },
      op.results,
    );
    return interchanged(rebuilt, constantOf) ?? [rebuilt];
  };
  return rebuild(func)[0] as Operation;
}

const isAccess = (op: Operation): boolean =>
  op.name === 'memref.load' ||
  op.name === 'memref.store' ||
  op.name === 'vector.maskedload' ||
  op.name === 'vector.maskedstore';
const isStore = (op: Operation): boolean => op.name.endsWith('store');
const baseOf = (op: Operation): Value =>
  operand(op, op.name.startsWith('memref.') ? 'memref' : 'base');
const storedValue = (op: Operation): Value =>
  operand(op, op.name === 'memref.store' ? 'value' : 'valueToStore');
/** An access's operands other than its memref and the value it stores. */
const placeOf = (op: Operation): Value[] =>
  op.operands.filter((v) => v !== baseOf(op) && (!isStore(op) || v !== storedValue(op)));

const divides = (e: AffineExpr): boolean =>
  e.kind === 'binary' && (!'+-*'.includes(e.op) || divides(e.lhs) || divides(e.rhs));

/**
 * Whether `op` may run more or fewer times than it did without changing results or errors:
 * no regions, no writes, nothing that can trap (integer division, affine maps that divide,
 * float-to-integer conversion).
 */
function isHarmless(op: Operation): boolean {
  const effects = getOpDef(op.name)?.effects;
  const map = op.attributes.map;
  return (
    op.regions.length === 0 &&
    (effects === 'none' || effects === 'read') &&
    !/div|rem|fpto/.test(op.name) &&
    !(map?.kind === 'affineMap' && map.map.results.some(divides))
  );
}

/** Lanes of a scalar (1) or fixed 1-D vector type; undefined for others. */
function lanesOf(v: Value): number | undefined {
  const t = v.type;
  if (t.kind !== 'vector') return 1;
  return t.shape.length === 1 && t.scalableDims[0] !== true ? t.shape[0] : undefined;
}

const bodyOf = (loop: Operation): Block | undefined =>
  loop.name === 'scf.for' && loop.results.length === 0 && loop.regions[0]?.blocks.length === 1
    ? loop.regions[0].blocks[0]
    : undefined;

/**
 * The row loop `j` (a result-free `scf.for` of step 1 over `index` whose body is harmless ops
 * and then one result-free `scf.for` over `k`) in blocks, each interchanged with the inner
 * loop (the ops computing the blocks' bounds, then the block loop), or undefined when it is
 * not one: the inner body reads and writes the output chunk `C[.., k]` once each (the only
 * uses of `C`), at places fixed by `k` and values from outside `j`, chunks at least a step
 * apart in the last dimension of an identity layout.
 */
function interchanged(jLoop: Operation, constantOf: ConstantOf): Operation[] | undefined {
  const jBody = bodyOf(jLoop);
  const kLoop = jBody?.operations[jBody.operations.length - 2];
  const kBody = kLoop === undefined ? undefined : bodyOf(kLoop);
  if (jBody === undefined || kLoop === undefined || kBody === undefined) return undefined;
  const pre = jBody.operations.slice(0, -2);
  const kOps = kBody.operations.slice(0, -1);
  const j = jBody.arguments[0] as Value;
  const k = kBody.arguments[0] as Value;
  const [lower, upper, jStep] = jLoop.operands as Value[];
  if (j.type.kind !== 'index' || constantOf(jStep as Value) !== 1n) return undefined;
  const inJ = new Set<Value>([j, ...pre.flatMap((op) => op.results)]);
  const inK = new Set<Value>(kOps.flatMap((op) => op.results));
  if (!pre.every(isHarmless) || kLoop.operands.some((v) => inJ.has(v))) return undefined;
  const store = kOps.find(isStore);
  if (store === undefined || !isAccess(store)) return undefined;
  const output = baseOf(store);
  const load = kOps.find((op) => isAccess(op) && !isStore(op) && baseOf(op) === output);
  if (load === undefined || kOps.indexOf(load) > kOps.indexOf(store)) return undefined;
  const others = [...pre, ...kOps].filter((op) => op !== load && op !== store);
  if (!others.every(isHarmless) || others.some((op) => op.operands.includes(output)))
    return undefined;
  // The ops of the inner body that depend on `k` and values from outside `j` only.
  const head = new Set<Operation>();
  const fixed = new Set<Value>([k]);
  const isFixed = (v: Value) => fixed.has(v) || (!inJ.has(v) && !inK.has(v));
  for (const op of kOps) {
    if (getOpDef(op.name)?.effects !== 'none' || !isHarmless(op) || !op.operands.every(isFixed))
      continue;
    head.add(op);
    for (const r of op.results) fixed.add(r);
  }
  const indices = operands(store, 'indices');
  const masked = store.name === 'vector.maskedstore';
  const lanes = lanesOf(storedValue(store));
  const step = constantOf(kLoop.operands[2] as Value);
  const type = output.type;
  if (
    type.kind !== 'memref' ||
    type.layout !== undefined ||
    load.name !== (masked ? 'vector.maskedload' : 'memref.load') ||
    indices[indices.length - 1] !== k ||
    !operands(load, 'indices').every((v, n) => v === indices[n]) ||
    (masked && operand(load, 'mask') !== operand(store, 'mask')) ||
    ![...placeOf(store), ...placeOf(load)].every(isFixed) ||
    lanes === undefined ||
    step === undefined ||
    step < BigInt(lanes) ||
    !typeEquals((load.results[0] as Value).type, storedValue(store).type)
  )
    return undefined;
  const mapping = new IRMapping();
  const newK = createValue(k.type, k.nameHint);
  const newJ = createValue(j.type, j.nameHint);
  const sum = createValue(storedValue(store).type);
  mapping.map(k, newK);
  const hoisted = kOps.filter((op) => head.has(op)).map((op) => cloneOperation(op, mapping));
  const initial = cloneOperation(load, mapping);
  mapping.map(j, newJ).map(load.results[0] as Value, sum);
  const row = [...pre, ...kOps.filter((op) => !head.has(op) && op !== load && op !== store)].map(
    (op) => cloneOperation(op, mapping),
  );
  // Blocks [jb, min(jb + E, upper)) for jb from `lower` while jb < max(upper, lower + 1).
  const b = new Builder();
  const block = b.constantIndex(ENTRY_BLOCK);
  const blocksEnd = b.binary(
    'arith.maxsi',
    upper as Value,
    b.addi(lower as Value, b.constantIndex(1)),
  );
  b.forOp(
    lower as Value,
    blocksEnd,
    block,
    [],
    (inner, jb) => {
      const blockEnd = inner.binary('arith.minsi', inner.addi(jb, block), upper as Value);
      const rowLoop = createOperation({
        name: 'scf.for',
        operands: [jb, blockEnd, jStep as Value, result(initial)],
        resultTypes: [sum.type],
        attributes: jLoop.attributes,
        regions: [
          createRegion([
            createBlock(
              [newJ, sum],
              [
                ...row,
                createOperation({
                  name: 'scf.yield',
                  operands: [mapping.lookup(storedValue(store))],
                }),
              ],
            ),
          ]),
        ],
      });
      mapping.map(storedValue(store), result(rowLoop));
      const body = [...hoisted, initial, rowLoop, cloneOperation(store, mapping)];
      inner.insert(
        withResults(
          {
            name: kLoop.name,
            operands: kLoop.operands,
            attributes: kLoop.attributes,
            regions: [
              createRegion([
                createBlock([newK], [...body, createOperation({ name: 'scf.yield' })]),
              ]),
            ],
          },
          [],
        ),
      );
    },
    jLoop.attributes,
  );
  return [...b.operations];
}

/** The `[lower, upper)` bounds of a step-1 loop, or undefined for another step. */
function unitBounds(loop: Operation, constantOf: ConstantOf): Value[] | undefined {
  const [lower, upper, step] = loop.operands as Value[];
  return constantOf(step as Value) === 1n ? [lower as Value, upper as Value] : undefined;
}

/**
 * `ops` without every fill nest (`for i { for k { C[i, k] = z } }`, z from outside it, both
 * loops step 1) directly followed by a row loop over the same `i` whose only use of `C` is an
 * interchanged chunk loop over the same `k` range in a loop of entry blocks that runs at least
 * once (see {@link interchanged}), the chunk loop reading each chunk `C[i, k..]` once and then
 * writing all of it, whole steps of vector lanes under the remaining-lanes mask: in the first
 * block that chunk loop starts from `z` instead of reading it.
 */
function withoutFills(ops: readonly Operation[], constantOf: ConstantOf): Operation[] {
  const out = [...ops];
  for (let n = 0; n + 1 < out.length; n++) {
    const fill = out[n] as Operation;
    const fillBody = bodyOf(fill);
    const inner = fillBody?.operations[0];
    const innerBody = inner === undefined ? undefined : bodyOf(inner);
    const set = innerBody?.operations[0];
    if (
      fillBody?.operations.length !== 2 ||
      innerBody?.operations.length !== 2 ||
      set?.name !== 'memref.store' ||
      inner === undefined
    )
      continue;
    const output = operand(set, 'memref');
    const value = operand(set, 'value');
    const i = fillBody.arguments[0];
    const k = innerBody.arguments[0];
    const rows = unitBounds(fill, constantOf);
    const columns = unitBounds(inner, constantOf);
    const at = operands(set, 'indices');
    if (
      rows === undefined ||
      columns === undefined ||
      at.length !== 2 ||
      output.type.kind !== 'memref' ||
      output.type.layout !== undefined ||
      at[0] !== i ||
      at[1] !== k ||
      value === i ||
      value === k ||
      inner.operands.includes(i as Value)
    )
      continue;
    const started = startedFrom(out[n + 1] as Operation, output, value, rows, columns, constantOf);
    if (started !== undefined) out.splice(n, 2, started);
  }
  return out;
}

/**
 * Whether `ops` compute `loop`'s upper bound as {@link interchanged} does, `max(upper, lower +
 * 1)` of its lower bound: the loop runs at least once.
 */
function runsAtLeastOnce(loop: Operation, ops: readonly Operation[], constantOf: ConstantOf) {
  const definer = (v: Value) => ops.find((op) => op.results[0] === v);
  const [lower, upper] = loop.operands as Value[];
  const bound = definer(upper as Value);
  const past = bound?.name === 'arith.maxsi' ? definer(bound.operands[1] as Value) : undefined;
  if (past?.name !== 'arith.addi' || past.operands[0] !== lower) return false;
  const one = past.operands[1] as Value;
  const local = definer(one)?.attributes.value;
  return (local?.kind === 'integer' ? local.value : constantOf(one)) === 1n;
}

/** The row loop `rowLoop` starting each output chunk from `value` (see {@link withoutFills}). */
function startedFrom(
  rowLoop: Operation,
  output: Value,
  value: Value,
  rows: readonly Value[],
  columns: readonly Value[],
  constantOf: ConstantOf,
): Operation | undefined {
  const rowBody = bodyOf(rowLoop);
  const bounds = unitBounds(rowLoop, constantOf);
  const blockLoop = rowBody?.operations[rowBody.operations.length - 2];
  const blockBody = blockLoop === undefined ? undefined : bodyOf(blockLoop);
  const chunkLoop = blockBody?.operations[blockBody.operations.length - 2];
  const body = chunkLoop === undefined ? undefined : bodyOf(chunkLoop);
  if (
    rowBody === undefined ||
    blockLoop === undefined ||
    blockBody === undefined ||
    chunkLoop === undefined ||
    body === undefined ||
    bounds === undefined ||
    bounds[0] !== rows[0] ||
    bounds[1] !== rows[1] ||
    !runsAtLeastOnce(blockLoop, rowBody.operations, constantOf)
  )
    return undefined;
  const [lower, upper, step] = chunkLoop.operands as Value[];
  const sameLower =
    lower === columns[0] ||
    (constantOf(lower as Value) !== undefined &&
      constantOf(lower as Value) === constantOf(columns[0] as Value));
  const uses: Operation[] = [];
  walkOperations(rowLoop, (op) => {
    if (op.operands.includes(output)) uses.push(op);
  });
  const [load, store] = uses;
  const at = [rowBody.arguments[0], body.arguments[0]];
  if (
    !sameLower ||
    upper !== columns[1] ||
    uses.length !== 2 ||
    load?.name !== 'vector.maskedload' ||
    store?.name !== 'vector.maskedstore' ||
    !body.operations.includes(load) ||
    body.operations.indexOf(load) > body.operations.indexOf(store) ||
    operand(load, 'mask') !== operand(store, 'mask') ||
    ![load, store].every((op) => operands(op, 'indices').every((v, n) => v === at[n])) ||
    operand(store, 'mask') !==
      remainingLanesMask(body, upper as Value, step as Value, constantOf) ||
    BigInt(lanesOf(storedValue(store)) ?? 0) !== constantOf(step as Value)
  )
    return undefined;
  // The first block starts from `value`; the later ones from what the blocks before stored.
  const first = new Builder();
  const isFirst = first.cmpi('eq', blockBody.arguments[0] as Value, blockLoop.operands[0] as Value);
  const start = withResults(
    {
      name: 'scf.if',
      operands: [isFirst],
      regions: [
        buildRegion([], (t) => [t.broadcast(value, result(load).type as VectorType)], 'scf.yield'),
        buildRegion(
          [],
          (e) => [result(e.insert(cloneOperation(load, new IRMapping())))],
          'scf.yield',
        ),
      ],
    },
    load.results,
  );
  const rebuilt = (op: Operation, ops: readonly Operation[]) =>
    withResults(
      {
        name: op.name,
        operands: op.operands,
        attributes: op.attributes,
        regions: [createRegion([createBlock((bodyOf(op) as Block).arguments, ops)])],
      },
      op.results,
    );
  const startedChunks = rebuilt(
    chunkLoop,
    body.operations.map((o) => (o === load ? start : o)),
  );
  return rebuilt(
    rowLoop,
    rowBody.operations.map((op) =>
      op === blockLoop
        ? rebuilt(blockLoop, [
            ...first.operations,
            ...blockBody.operations.map((o) => (o === chunkLoop ? startedChunks : o)),
          ])
        : op,
    ),
  );
}

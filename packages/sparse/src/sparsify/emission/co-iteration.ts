/**
 * The loops that visit several iterators at once: `scf.while` co-iteration over sparse
 * levels (and the dense range when a lattice case needs every coordinate), dispatching on
 * which iterators hold the current coordinate, and the segment loop of a non-unique (COO)
 * level.
 */
import type { Builder, Operation, Region, Value } from '@tilekit/loop-ir';
import { buildRegion, i1, i32, index, result } from '@tilekit/loop-ir';
import { SparsifyError } from '../errors.js';
import type { LatticePoint } from '../planning/lattice-point.js';
import {
  EMITTED_FROM,
  type LoopBodyEmitter,
  type LoopInfo,
  type Scope,
  UNIVERSE,
  wrap,
} from './emit-context.js';

/**
 * Co-iteration: `scf.while` over several iterators, dispatching on the present ones. Where
 * every case ends in one statement at the same coordinate (see
 * {@link LoopBodyEmitter.canSelectCases}), all cases are evaluated from the values in reach
 * and one `arith.select` chain picks the present case's value, so the loop body has one
 * statement (one append) and no branch on the data; otherwise an `scf.if` chain dispatches.
 */
export function genWhileLoop(em: LoopBodyEmitter, s: Scope, loop: LoopInfo): Value | undefined {
  for (const k of loop.iters) {
    if (em.isNonUnique(s, k)) {
      throw new SparsifyError(
        `formats.${k}`,
        `a non-unique (COO) level cannot be co-iterated with another operand at index ${loop.v}`,
      );
    }
  }
  const sparse = loop.iters.filter((k) => k !== UNIVERSE);
  const hiOf = (k: string): Value => (loop.bounds.get(k) as { hi: Value }).hi;
  // Each sparse iterator's last position, computed once before the loop.
  const lastOf = new Map(sparse.map((k) => [k, s.b.subi(hiOf(k), em.c(1))]));
  /**
   * Every iterator holding the current coordinate moves on (the dense range always does),
   * and a sparse one's coordinate there is loaded ahead from its next position (clamped to
   * its last), so that the next comparison waits for a select, not for a load. A sparse
   * position moves by adding its presence bit (0 or 1): on the wasm engine that follows the
   * comparison one instruction sooner than a select does, and the loop's recurrence is the
   * comparison, the position's move and the look-ahead's load.
   */
  const advance = (
    b: Builder,
    args: readonly Value[],
    crds: readonly Value[],
    held: readonly (Value | undefined)[],
  ) => {
    const next = loop.iters.map((k, n) => {
      const pos = args[n] as Value;
      const bumped = b.addi(pos, em.c(1));
      if (k === UNIVERSE) return { pos: bumped };
      const last = lastOf.get(k) as Value;
      const ahead = em.loadCoordinate(b, k, s, b.select(b.cmpi('ult', bumped, last), bumped, last));
      const moves = held[n] as Value;
      const step = b.cast('arith.index_cast', b.cast('arith.extui', moves, i32), index);
      return { pos: b.addi(pos, step), crd: b.select(moves, ahead, crds[n] as Value) };
    });
    return [...next.map((x) => x.pos), ...carriedOf(args), ...next.flatMap((x) => wrap(x.crd))];
  };
  const selecting = em.canSelectCases(loop);
  // A selecting loop that appends on every step carries the entry count in a register.
  const counter = selecting ? em.insertionCounter(s) : undefined;
  const carried = s.red ?? counter?.load(s.b);
  const carriedOf = (args: readonly Value[]): Value[] =>
    args.slice(loop.iters.length, loop.iters.length + wrap(carried).length);
  // The sparse iterators' first coordinates (none where a level segment is empty).
  const firstCoordinates = sparse.map((k) => {
    const start = loop.resume.get(k) as Value;
    const op = s.b.ifOp(
      s.b.cmpi('ult', start, hiOf(k)),
      [index],
      (tb) => [em.loadCoordinate(tb, k, s, start)],
      () => [em.c(0)],
    );
    return op.results[0] as Value;
  });
  const inits = [
    ...loop.iters.map((k) => loop.resume.get(k) as Value),
    ...wrap(carried),
    ...firstCoordinates,
  ];
  const crdBase = loop.iters.length + wrap(carried).length;
  const types = inits.map((x) => x.type);
  const before = buildRegion(
    types,
    (b, ...args) => {
      const conds = loop.iters.map((k, n) =>
        b.cmpi('ult', args[n] as Value, (loop.bounds.get(k) as { hi: Value }).hi),
      );
      const all = conds
        .slice(1)
        .reduce((acc, c) => b.binary('arith.andi', acc, c), conds[0] as Value);
      return [all, ...args];
    },
    'scf.condition',
  );
  const after = buildRegion(
    types,
    (b, ...args) => {
      const positions = new Map(loop.iters.map((k, n) => [k, args[n] as Value]));
      const crds = loop.iters.map((k) =>
        k === UNIVERSE ? (positions.get(k) as Value) : (args[crdBase + sparse.indexOf(k)] as Value),
      );
      // Two sparse iterators that select: the first one's coordinate when it is held (at most
      // the other's), which compares once for both the minimum and the first's presence.
      const held =
        selecting && sparse.length === 2 && loop.iters.length === 2 ? heldBy() : undefined;
      const min =
        held === undefined
          ? crds.slice(1).reduce((m, c) => b.select(b.cmpi('ult', c, m), c, m), crds[0] as Value)
          : b.select(held[0] as Value, crds[0] as Value, crds[1] as Value);
      const present = (cb: Builder, t: string): Value =>
        cb.cmpi('eq', crds[loop.iters.indexOf(t)] as Value, min);
      // An iterator holds the current coordinate when its coordinate is at most every other
      // one's: compared directly, the positions' advance need not wait for the minimum.
      function heldBy(): (Value | undefined)[] {
        return crds.map((c, n) =>
          loop.iters[n] === UNIVERSE
            ? undefined
            : crds
                .filter((_, m) => m !== n)
                .map((other) => b.cmpi('ule', c, other))
                .reduce((acc, x) => b.binary('arith.andi', acc, x)),
        );
      }
      const red = s.red === undefined ? undefined : args[loop.iters.length];
      if (selecting) {
        const heldHere = held ?? heldBy();
        const presence = loop.cases
          .slice(0, -1)
          .map((point) =>
            [...point.sparse]
              .map((t) => heldHere[loop.iters.indexOf(t)] as Value)
              .reduce((acc, c) => b.binary('arith.andi', acc, c)),
          );
        const next = em.genSelectedCase({ ...s, b, red }, loop, {
          coordinate: min,
          positions,
          choose: (values) => selectFirstPresent(b, presence, values),
          ...(counter === undefined ? {} : { count: args[loop.iters.length] as Value }),
        });
        return advance(b, [...args.slice(0, loop.iters.length), ...wrap(next)], crds, heldHere);
      }
      const chain = (cb: Builder, j: number, r: Value | undefined): Value | undefined => {
        const point = loop.cases[j];
        if (point === undefined) return r;
        if (point.sparse.size === 0)
          return em.genCase({ ...s, b: cb, red: r }, loop, point, { coordinate: min, positions });
        const conds = [...point.sparse].map((t) => present(cb, t));
        const cond = conds
          .slice(1)
          .reduce((acc, c) => cb.binary('arith.andi', acc, c), conds[0] as Value);
        const ifOp = cb.ifOp(
          cond,
          r === undefined ? [] : [r.type],
          (tb) =>
            wrap(em.genCase({ ...s, b: tb, red: r }, loop, point, { coordinate: min, positions })),
          r === undefined && j + 1 === loop.cases.length
            ? undefined
            : (eb) => wrap(chain(eb, j + 1, r)),
        );
        return ifOp.results[0];
      };
      const nextRed = chain(b, 0, red);
      return advance(b, [...args.slice(0, loop.iters.length), ...wrap(nextRed)], crds, heldBy());
    },
    'scf.yield',
  );
  const op = createWhile(s.b, inits, before, after);
  // The loop's results are the iterators' final positions, then the reduction or the count.
  for (const [n, position] of op.results.entries()) {
    const k = loop.iters[n];
    if (k !== undefined) loop.resume.set(k, position);
  }
  if (counter !== undefined) counter.store(s.b, op.results[loop.iters.length] as Value);
  return s.red === undefined ? undefined : op.results[loop.iters.length];
}

/**
 * The value of the first case whose operands are all present, as the `scf.if` chain of the
 * branching form picks it: the last case needs no test, since some iterator always holds the
 * minimum coordinate and every combination of present iterators has a case.
 */
function selectFirstPresent(
  b: Builder,
  presence: readonly Value[],
  values: readonly Value[],
): Value {
  let chosen = values[values.length - 1] as Value;
  for (let j = values.length - 2; j >= 0; j--) {
    chosen = b.select(presence[j] as Value, values[j] as Value, chosen);
  }
  return chosen;
}

/**
 * A non-unique (COO) level: `scf.while` over segments of equal coordinates; an inner
 * `scf.while` finds each segment's end, and the levels below iterate that range.
 */
export function genSegmentLoop(em: LoopBodyEmitter, s: Scope, loop: LoopInfo): Value | undefined {
  const t = loop.iters[0] as string;
  const { hi } = loop.bounds.get(t) as { hi: Value };
  const inits = [loop.resume.get(t) as Value, ...(s.red === undefined ? [] : [s.red])];
  const types = inits.map((x) => x.type);
  const before = buildRegion(
    types,
    (b, p, ...rest) => [b.cmpi('ult', p as Value, hi), p as Value, ...rest],
    'scf.condition',
  );
  const after = buildRegion(
    types,
    (b, p, red) => {
      const start = p as Value;
      const crd = em.loadCoordinate(b, t, s, start);
      const segOp = b.create({
        name: 'scf.while',
        operands: [start],
        resultTypes: [index],
        regions: [
          buildRegion(
            [index],
            (wb, q) => {
              const inBounds = wb.cmpi('ult', q as Value, hi);
              const same = wb.ifOp(
                inBounds,
                [i1],
                (tb) => [tb.cmpi('eq', crd, em.loadCoordinate(tb, t, s, q as Value))],
                (eb) => [eb.constantBool(false)],
              );
              return [result(same), q as Value];
            },
            'scf.condition',
          ),
          buildRegion([index], (wb, q) => [wb.addi(q as Value, em.c(1))], 'scf.yield'),
        ],
      });
      const segEnd = result(segOp);
      const point = loop.cases[0] as LatticePoint;
      const positions = new Map([[t, start]]);
      const r = em.genCase({ ...s, b, red }, loop, point, { coordinate: crd, positions, segEnd });
      return [segEnd, ...(r === undefined ? [] : [r])];
    },
    'scf.yield',
  );
  const op = createWhile(s.b, inits, before, after);
  return s.red === undefined ? undefined : op.results[1];
}

/** The outer `scf.while` of a co-iteration or segment loop, carrying `inits` through `before`/`after`. */
function createWhile(
  b: Builder,
  inits: readonly Value[],
  before: Region,
  after: Region,
): Operation {
  return b.create({
    name: 'scf.while',
    operands: inits,
    resultTypes: inits.map((x) => x.type),
    attributes: EMITTED_FROM,
    regions: [before, after],
  });
}

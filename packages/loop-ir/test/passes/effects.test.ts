/** Memory effects as op-definition data, and the queries the passes build on them. */
import { describe, expect, it } from 'vitest';
import {
  isMemoryEffectFree,
  mayWriteMemory,
  OP_DEFS,
  type Operation,
  onlyReadsMemory,
  parseModule,
  wouldBeTriviallyDead,
} from '../../src/index.js';

/** The ops of the single function of `text`, top level only, terminator excluded. */
function bodyOps(text: string): Operation[] {
  const func = parseModule(text).operations[0] as Operation;
  return [...(func.regions[0]?.blocks[0]?.operations ?? [])].slice(0, -1);
}

describe('op effects', () => {
  it('pure ops touch no memory; loads read, stores write, calls are unknown', () => {
    for (const def of OP_DEFS.values()) {
      if (def.traits.includes('pure')) expect(def.effects, def.name).toBe('none');
    }
    const effect = (name: string) => OP_DEFS.get(name)?.effects;
    expect(
      ['memref.load', 'vector.load', 'vector.maskedload', 'vector.gather'].map(effect),
    ).toEqual(['read', 'read', 'read', 'read']);
    expect(
      ['memref.store', 'vector.store', 'vector.maskedstore', 'vector.scatter'].map(effect),
    ).toEqual(['write', 'write', 'write', 'write']);
    expect(['scf.for', 'scf.if', 'scf.while', 'func.call'].map(effect)).toEqual([
      'recursive',
      'recursive',
      'recursive',
      'unknown',
    ]);
  });

  it('a loop has the effects of its body', () => {
    const [pureLoop, storingLoop] = bodyOps(`func.func @f(%a: memref<?xf32>, %n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = arith.addf %v, %v : f32
  }
  scf.for %i = %c0 to %n step %c1 {
    memref.store %v, %a[%i] : memref<?xf32>
  }
  return
}`).slice(2) as [Operation, Operation];
    expect([isMemoryEffectFree(pureLoop), mayWriteMemory(pureLoop)]).toEqual([true, false]);
    expect(wouldBeTriviallyDead(pureLoop)).toBe(true);
    expect([isMemoryEffectFree(storingLoop), mayWriteMemory(storingLoop)]).toEqual([false, true]);
    expect(wouldBeTriviallyDead(storingLoop)).toBe(false);
    // A loop is not a read-only op itself: CSE never merges it as one.
    expect(onlyReadsMemory(storingLoop)).toBe(false);
  });

  it('a read is trivially dead when unused, a call is not', () => {
    const [load, call] = bodyOps(`func.func @f(%a: memref<?xf32>, %i: index) {
  %x = memref.load %a[%i] : memref<?xf32>
  func.call @g() : () -> ()
  return
}`) as [Operation, Operation];
    expect([onlyReadsMemory(load), wouldBeTriviallyDead(load)]).toEqual([true, true]);
    expect([mayWriteMemory(call), wouldBeTriviallyDead(call)]).toEqual([true, false]);
  });
});

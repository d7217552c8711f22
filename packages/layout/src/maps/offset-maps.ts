import { INT32_MAX } from '@tilekit/errors';
import { LayoutValidationError } from '../errors.js';
import type { ShapeInput } from '../input.js';
import { type CompiledLayout, compileLayout } from '../tiling/compile.js';
import { buildAxisTables } from './axis-tables.js';

/** Largest length (and value) an Int32Array map can hold. */

type Direction = 'logicalToPhysical' | 'physicalToLogical';

function allocate(length: number): Int32Array {
  try {
    return new Int32Array(length);
  } catch {
    throw new LayoutValidationError('shape', `cannot allocate a map of ${length} elements`);
  }
}

function compileForMaps(shape: ShapeInput): CompiledLayout {
  const compiled = compileLayout(shape);
  if (compiled.physicalCount > INT32_MAX) {
    throw new LayoutValidationError(
      'shape',
      `${compiled.physicalCount} physical elements exceed 2^31-1, the most an Int32Array map can address`,
    );
  }
  return compiled;
}

/**
 * Walks the logical elements in row-major order, one innermost row at a time: the outer axes
 * advance an odometer that keeps each group's table position up to date, so each element costs
 * one table load, one add and one store. `logicalToPhysical` stores offsets in logical order;
 * `physicalToLogical` scatters logical positions to their offsets.
 */
function fillMap(compiled: CompiledLayout, target: Int32Array, direction: Direction): void {
  const dims = compiled.logicalDims;
  const total = compiled.logicalCount;
  if (total === 0) return;
  if (dims.length === 0) {
    target[0] = 0; // A scalar sits at offset 0 whatever its tiles.
    return;
  }
  const { groupOfAxis, weightOfAxis, tables } = buildAxisTables(compiled);
  const inner = dims.length - 1;
  const rowLength = dims[inner]!;
  const innerGroup = groupOfAxis[inner]!;
  const innerTable = tables[innerGroup]!;
  const innerWeight = weightOfAxis[inner]!;
  const groupCount = tables.length;
  const groupPosition = new Int32Array(groupCount);
  const counter = new Int32Array(dims.length);
  for (let rowStart = 0; rowStart < total; rowStart += rowLength) {
    let base = 0;
    for (let group = 0; group < groupCount; group++) {
      if (group !== innerGroup) base += tables[group]![groupPosition[group]!]!;
    }
    const start = groupPosition[innerGroup]!;
    const end = start + rowLength * innerWeight;
    if (direction === 'logicalToPhysical') {
      for (let t = start, out = rowStart; t < end; t += innerWeight)
        target[out++] = base + innerTable[t]!;
    } else {
      for (let t = start, logical = rowStart; t < end; t += innerWeight)
        target[base + innerTable[t]!] = logical++;
    }
    for (let axis = inner - 1; axis >= 0; axis--) {
      const group = groupOfAxis[axis]!;
      groupPosition[group]! += weightOfAxis[axis]!;
      if (++counter[axis]! < dims[axis]!) break;
      counter[axis] = 0;
      groupPosition[group]! -= dims[axis]! * weightOfAxis[axis]!;
    }
  }
}

/**
 * Logical → physical: entry i (row-major logical position) is the physical element offset of
 * that element, i.e. `linearIndex(shape, delinearizeRowMajor(i))`, computed for all elements
 * at once from per-axis offset tables (no per-element allocation).
 * @example offsetMap('f32[3,5]{1,0:T(2,2)}') // [0,1,4,5,8, 2,3,6,7,10, 12,13,16,17,20]
 * @throws LayoutValidationError when the physical size exceeds 2^31-1.
 */
export function offsetMap(shape: ShapeInput): Int32Array {
  const compiled = compileForMaps(shape);
  const map = allocate(compiled.logicalCount);
  fillMap(compiled, map, 'logicalToPhysical');
  return map;
}

/**
 * Physical → logical: entry p (physical element offset, `physicalElementCount` entries) is the
 * row-major logical position stored there, or -1 for a padding slot (tile overhang or `L` tail).
 * @throws LayoutValidationError when the physical size exceeds 2^31-1.
 */
export function inverseMap(shape: ShapeInput): Int32Array {
  const compiled = compileForMaps(shape);
  const map = allocate(compiled.physicalCount);
  // Without padding every slot is written by the walk, so the -1 pre-fill pass can be skipped.
  if (compiled.physicalCount > compiled.logicalCount) map.fill(-1);
  fillMap(compiled, map, 'physicalToLogical');
  return map;
}

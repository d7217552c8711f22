/**
 * Reads a PTO CPU-simulator case as the TSCATTER call it recorded, so every consumer (the
 * reference loop's checks, the kernel suites, a plugin's own tests) passes the same fields to
 * its scatter function instead of re-mapping them by hand.
 */
import { requireObject } from '../core/arguments.js';
import type { TileCall } from '../reference/tile-ops.js';
import type { PtoTScatterCpuSimCase } from './pto-tscatter-cpusim.js';

/**
 * The row-major TSCATTER call behind simulator case `c`: its source, index and destination
 * tiles and the index tile's valid region. `c.expected` is what that call must produce.
 */
export function cpuSimTileCall(c: PtoTScatterCpuSimCase): TileCall {
  requireObject(c as unknown, 'c');
  return {
    src: c.srcData,
    srcShape: c.src,
    idx: c.idxData,
    idxShape: c.idx,
    dstShape: c.dst,
    validRow: c.validRow,
    validCol: c.validCol,
  };
}

/**
 * Why an operand's format keeps a kernel's loops on the CPU on a GPU backend, and what to
 * convert it to. Only kernels for formats other than CSR and sparse vectors can meet these
 * obstacles, and only the compiler route makes such kernels (the ready-made ops' prepared
 * kernels are for those two), so the compiler route installs this explanation
 * (route-reason.ts) and the register entries alone leave it out.
 */
import { isCompressed, isUnique, type LevelType } from '../sparse-tensor/format.js';
import type { HostRouteContext } from './route-reason.js';

type FormatOf = HostRouteContext['formats'][string];

/** A matrix format's common name by its levels and order, as {@link formatLabel} keys them. */
const NAMED_FORMATS: Readonly<Record<string, string>> = {
  'dense,compressed|0,1': 'CSR',
  'dense,compressed|1,0': 'CSC',
  'compressed,compressed|0,1': 'DCSR',
  'compressed,compressed|1,0': 'DCSC',
  'compressed(nonunique),singleton|0,1': 'COO',
  'compressed|0': 'a sparse vector',
};

/** A format's common name, or its levels and order. */
export function formatLabel(format: FormatOf): string {
  const levels = format.levels.join(',');
  const order = format.order.join(',');
  return NAMED_FORMATS[`${levels}|${order}`] ?? `levels [${levels}] in order [${order}]`;
}

/**
 * Why operand format `label` keeps the loops on the CPU on `backend`, or undefined when the
 * backend's passes take it: CSR everywhere, and on webgpu any format whose outermost level walks
 * the first dimension with each index stored once (DCSR), which lets one GPU thread own one row.
 */
function formatObstacle(
  format: FormatOf,
  label: string,
  backend: 'webgl' | 'webgpu',
): string | undefined {
  const root = format.levels[0] as LevelType;
  if (format.levels.length < 2 || label === 'CSR') return undefined;
  if (label === 'COO') return 'COO stores a (row, column) pair per entry, not rows';
  if (label === 'CSC' || label === 'DCSC')
    return `${label} groups entries by column, so GPU threads would add into the same outputs`;
  if (backend === 'webgl')
    return label === 'DCSR'
      ? "DCSR lists only its non-empty rows, which WebGL's per-element passes cannot look up"
      : 'its entries are not stored row by row';
  return format.order[0] === 0 && (!isCompressed(root) || isUnique(root))
    ? undefined
    : 'its entries are not stored row by row';
}

/**
 * The sequential loops' explanation in terms of the operands' formats, after `where` (what
 * happened): the formats in the way and the conversion that runs the op on the GPU; undefined
 * where no format is in the way (CSR matrices and sparse vectors never are).
 */
export function formatsExplanation(context: HostRouteContext, where: string): string | undefined {
  const obstacles = Object.entries(context.formats).flatMap(([name, f]) => {
    const label = formatLabel(f);
    const why = formatObstacle(f, label, context.backend);
    return why === undefined ? [] : [[name, `${name} is stored as ${label}; ${why}`] as const];
  });
  const name = obstacles[0]?.[0];
  return name === undefined
    ? undefined
    : `${where}${obstacles.map((o) => o[1]).join('; ')}. Convert ${name} to CSR to run on the GPU: ${name}.convert('CSR') on the host, TfSparseTensor.fromDense(dense, 'CSR') on the backend.`;
}

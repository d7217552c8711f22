/**
 * Assembles a WebAssembly module: imported memory and host functions, defined functions and
 * their exports. Only the sections the code generator needs (type, import, function, export,
 * code).
 */
import { ByteWriter } from './bytes.js';
import type { FunctionBuilder } from './function-builder.js';
import { checkModuleParts } from './module-parts-check.js';
import { VALTYPE, type ValType } from './opcodes.js';

/** A host function the module imports (`env.<name>`). */
export interface FunctionImport {
  readonly name: string;
  readonly params: readonly ValType[];
  readonly results: readonly ValType[];
}

/** A defined function and the name it is exported under (`null`: callable only inside). */
export interface FunctionExport {
  readonly name: string | null;
  readonly body: FunctionBuilder;
}

/** What to put in the module. */
export interface ModuleParts {
  /** Memory imported as `env.memory` (the host owns and grows it). */
  readonly memoryMinPages: number;
  /**
   * Import the memory as shared (a `WebAssembly.Memory` created with `shared: true`, such as the
   * threaded tfjs wasm backend's heap): a shared import must say so and declare a maximum.
   */
  readonly memoryShared?: boolean;
  readonly imports: readonly FunctionImport[];
  readonly functions: readonly FunctionExport[];
}

const SECTION = { type: 1, import: 2, function: 3, export: 7, code: 10 } as const;

/**
 * Maximum a shared memory import declares: every page of a 32-bit memory (4 GiB), so any shared
 * memory matches it (an import's maximum bounds the imported memory's own).
 */
const MAX_MEMORY_PAGES = 65536;

/** Limits flags of a memory type: minimum only, or shared with a maximum. */
const LIMITS = { minOnly: 0x00, sharedWithMax: 0x03 } as const;

/** Encodes the module; function `k` of `parts.functions` gets index `imports.length + k`. */
export function encodeModule(parts: ModuleParts): Uint8Array {
  checkModuleParts(parts);
  const signatures: string[] = [];
  const typeIndex = (params: readonly ValType[], results: readonly ValType[]): number => {
    const key = `${params.join(',')}->${results.join(',')}`;
    const at = signatures.indexOf(key);
    if (at >= 0) return at;
    signatures.push(key);
    return signatures.length - 1;
  };
  const importTypes = parts.imports.map((f) => typeIndex(f.params, f.results));
  const functionTypes = parts.functions.map((f) => typeIndex(f.body.params, f.body.results));

  const out = new ByteWriter().raw([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
  const section = (id: number, fill: (w: ByteWriter) => void): void => {
    const w = new ByteWriter();
    fill(w);
    out.byte(id).sized(w);
  };
  section(SECTION.type, (w) => {
    w.u32(signatures.length);
    for (const key of signatures) {
      const [params, results] = key
        .split('->')
        .map((s) => (s === '' ? [] : (s.split(',') as ValType[])));
      w.byte(0x60).u32(params?.length ?? 0);
      for (const t of params ?? []) w.byte(VALTYPE[t]);
      w.u32(results?.length ?? 0);
      for (const t of results ?? []) w.byte(VALTYPE[t]);
    }
  });
  section(SECTION.import, (w) => {
    w.u32(parts.imports.length + 1);
    w.name('env').name('memory').byte(0x02);
    if (parts.memoryShared === true)
      w.byte(LIMITS.sharedWithMax).u32(parts.memoryMinPages).u32(MAX_MEMORY_PAGES);
    else w.byte(LIMITS.minOnly).u32(parts.memoryMinPages);
    parts.imports.forEach((f, k) => {
      w.name('env')
        .name(f.name)
        .byte(0x00)
        .u32(importTypes[k] as number);
    });
  });
  section(SECTION.function, (w) => {
    w.u32(functionTypes.length);
    for (const t of functionTypes) w.u32(t);
  });
  section(SECTION.export, (w) => {
    const exported = parts.functions.flatMap((f, k) =>
      f.name === null ? [] : [{ name: f.name, index: parts.imports.length + k }],
    );
    w.u32(exported.length);
    for (const e of exported) w.name(e.name).byte(0x00).u32(e.index);
  });
  section(SECTION.code, (w) => {
    w.u32(parts.functions.length);
    for (const f of parts.functions) {
      const body = f.body.encode();
      w.u32(body.length).raw(body);
    }
  });
  return out.bytes();
}

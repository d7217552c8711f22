/**
 * One WebGPU measurement session in plain Node on Dawn, shared by every package's Dawn runner
 * (`packages/<name>/bench/dawn/*-on-dawn.ts`): finds and loads `dawn.node`, reports the adapter,
 * keeps everything the runner prints, and writes it to `bench/results/<adapter>/<runner>.txt`,
 * so each GPU's figures are committed under that GPU's name.
 *
 * Environment: TILEKIT_DAWN_NODE (the path of `dawn.node`; else the `webgpu` npm package's own,
 * where installed), TILEKIT_DAWN_FLAGS (Dawn's flags, e.g.
 * `enable-dawn-features=allow_unsafe_apis`; see `measurementFlags`), TILEKIT_RESULTS_DIR
 * (instead of bench/results).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { installDawn } from './install-dawn.js';

/** An open session: the adapter, a logger that also records, and the closing write. */
export interface DawnSession {
  /** The adapter's vendor, architecture, device and description. */
  readonly device: string;
  /** Whether kernel times can come from WebGPU timestamp queries. */
  readonly timestamps: boolean;
  /** Prints lines and keeps them for the results file. */
  readonly log: (...lines: string[]) => void;
  /** Writes the results file and exits: 1 when `failed`, else 0. */
  readonly finish: (failed: boolean) => never;
}

/** Where `dawn.node` is: the environment's path, or the installed `webgpu` package's. */
function dawnNodePath(): string | undefined {
  const given = process.env.TILEKIT_DAWN_NODE;
  if (given !== undefined && given !== '') return given;
  try {
    const root = dirname(createRequire(import.meta.url).resolve('webgpu/package.json'));
    return join(root, 'dist', `${process.platform}-${process.arch}`, 'dawn.node');
  } catch {
    return undefined;
  }
}

/**
 * Dawn's flags for a measurement session: `given` (TILEKIT_DAWN_FLAGS' `key=value` entries,
 * separated by semicolons or, for entries without a list value, commas) with Dawn's
 * `timestamp_quantization` toggle turned off. Dawn rounds every timestamp down to a multiple of
 * 65,536 ns by default, so that a web page cannot build a fine timer from it; a kernel that
 * runs for 10 µs would read as 0 or 65.5 µs.
 */
export function measurementFlags(given: string): string[] {
  const flags = splitFlags(given);
  const disable = flags.findIndex((flag) => flag.startsWith('disable-dawn-features='));
  if (disable < 0) return [...flags, 'disable-dawn-features=timestamp_quantization'];
  const toggles = (flags[disable] as string).slice('disable-dawn-features='.length).split(',');
  if (!toggles.includes('timestamp_quantization')) {
    flags[disable] = `${flags[disable]},timestamp_quantization`;
  }
  return flags;
}

/**
 * The `key=value` entries of `text`: separated by semicolons, or by commas where a comma does
 * not continue the previous entry's list of toggles (`enable-dawn-features=a,b,backend=vulkan`).
 */
function splitFlags(text: string): string[] {
  const flags: string[] = [];
  for (const part of text.split(/[;,]/).map((p) => p.trim())) {
    if (part === '') continue;
    if (part.includes('=') || flags.length === 0) flags.push(part);
    else flags[flags.length - 1] = `${flags[flags.length - 1]},${part}`;
  }
  return flags;
}

/** Lowercase words of `text` joined by dashes (a file name). */
export function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'unknown-adapter'
  );
}

/**
 * Loads Dawn and opens the adapter; exits 2 with a message a person can act on when Dawn cannot
 * be loaded, 1 when it finds no adapter. Call before importing tfjs-backend-webgpu, which
 * registers itself only where `navigator.gpu` exists. `runner` names the results file.
 */
export async function openDawnSession(runner: string): Promise<DawnSession> {
  const path = dawnNodePath();
  if (path === undefined || !existsSync(path)) {
    console.error(
      path === undefined
        ? 'Dawn is not installed: the `webgpu` npm package (its dawn.node) was not found and ' +
            'TILEKIT_DAWN_NODE is not set. Install it (npm pack webgpu@0.6.2, unpack, then set ' +
            'TILEKIT_DAWN_NODE to package/dist/<platform>-<arch>/dawn.node).'
        : `TILEKIT_DAWN_NODE names ${path}, which does not exist.`,
    );
    process.exit(2);
  }
  const flags = measurementFlags(process.env.TILEKIT_DAWN_FLAGS ?? '');
  try {
    installDawn(path, flags);
  } catch (e) {
    console.error(`Dawn could not be loaded from ${path}: ${(e as Error).message}`);
    process.exit(2);
  }
  const gpu = (globalThis as unknown as { navigator: { gpu: GPU } }).navigator.gpu;
  const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  if (adapter === null) {
    console.error('Dawn found no WebGPU adapter on this machine.');
    process.exit(1);
  }
  const report: string[] = [];
  const log = (...lines: string[]) => {
    for (const line of lines) {
      console.log(line);
      report.push(line);
    }
  };
  // Dawn's adapters have `info` (WebGPU's GPUAdapterInfo); this package's DOM types predate it.
  const { info } = adapter as unknown as {
    info: Record<'vendor' | 'architecture' | 'device' | 'description', string>;
  };
  const device = `${info.vendor} ${info.architecture} ${info.device} ${info.description}`.trim();
  const timestamps = adapter.features.has('timestamp-query');
  log(
    `WebGPU adapter (Dawn, Node ${process.version}): ${device}`,
    `timestamp-query: ${timestamps ? 'yes (kernel times from the GPU)' : 'no (wall times, waited)'}`,
    `Dawn flags: ${flags.join(' ')}`,
  );
  return {
    device,
    timestamps,
    log,
    finish(failed) {
      const root = resolve(process.env.TILEKIT_RESULTS_DIR ?? join('bench', 'results'));
      const folder = join(root, slug(`${info.vendor} ${info.device || info.architecture}`));
      mkdirSync(folder, { recursive: true });
      const file = join(folder, `${runner}.txt`);
      writeFileSync(file, `${report.join('\n')}\n`);
      console.log(`written to ${file}`);
      process.exit(failed ? 1 : 0);
    },
  };
}

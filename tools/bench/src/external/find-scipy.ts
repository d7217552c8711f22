/**
 * Finds a Python that imports scipy for the suites that measure scipy.sparse beside tilekit.
 * In order: the interpreter `TILEKIT_BENCH_PYTHON` names (when set, nothing else is tried);
 * `python3` on the PATH (Debian's `python3-scipy` makes it import scipy); the virtual
 * environment the bench made before; and, on first use, that environment made anew with
 * `python3 -m venv` and `pip install scipy`. When none works the lookup says why, for a
 * one-line report instead of a stack trace.
 */
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Where the bench keeps its own scipy environment (under node_modules, which git ignores). */
export const SCIPY_VENV_DIR = join(
  repoRoot,
  'node_modules',
  '.cache',
  'tilekit-bench',
  'scipy-venv',
);

/** A usable interpreter, or why there is none. */
export type ScipyLookup =
  | { readonly found: true; readonly python: string; readonly source: string }
  | { readonly found: false; readonly reason: string };

/** Why `python` cannot import scipy (the last line of its complaint), or undefined when it can. */
function scipyMissing(python: string): string | undefined {
  const probe = spawnSync(python, ['-c', 'import numpy, scipy.sparse'], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (probe.error !== undefined) {
    return (probe.error as NodeJS.ErrnoException).code === 'ENOENT'
      ? `${python} was not found`
      : probe.error.message;
  }
  return probe.status === 0 ? undefined : lastLine(probe.stderr) || `exit code ${probe.status}`;
}

function lastLine(text: string | null | undefined): string {
  return (text ?? '').trim().split('\n').at(-1)?.trim() ?? '';
}

/** The last line a failed command printed (some print their reason on stdout), or its status. */
function complaint(run: SpawnSyncReturns<string>): string {
  return (
    lastLine(run.stderr) ||
    lastLine(run.stdout) ||
    run.error?.message ||
    `exit code ${run.status ?? run.signal}`
  );
}

function venvPython(dir: string): string {
  return join(dir, process.platform === 'win32' ? 'Scripts/python.exe' : 'bin/python');
}

/** Makes the bench's venv with scipy in it; the reason it could not, or undefined. */
function makeVenv(dir: string, log: (line: string) => void): string | undefined {
  log(`scipy.sparse: making a Python environment with pip at ${dir} (first use; a minute or two)`);
  mkdirSync(dirname(dir), { recursive: true });
  const venv = spawnSync('python3', ['-m', 'venv', dir], { encoding: 'utf8' });
  if (venv.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return `python3 -m venv failed (${complaint(venv)}); on Debian install python3-scipy, or python3-venv for the pip route`;
  }
  const pip = spawnSync(
    venvPython(dir),
    ['-m', 'pip', 'install', '--disable-pip-version-check', '--quiet', 'scipy'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  if (pip.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return `pip install scipy failed (${complaint(pip)}); install Debian's python3-scipy, or give a Python with scipy as TILEKIT_BENCH_PYTHON`;
  }
  return undefined;
}

/**
 * The Python to run scipy with. `venvDir` is where the bench's own environment lives (made
 * there on first use unless `makeVenv` is false); `log` hears about that slow first step.
 */
export function findScipyPython(
  options: {
    readonly venvDir?: string;
    readonly makeVenv?: boolean;
    readonly log?: (line: string) => void;
  } = {},
): ScipyLookup {
  const explicit = process.env.TILEKIT_BENCH_PYTHON;
  if (explicit !== undefined && explicit !== '') {
    const missing = scipyMissing(explicit);
    return missing === undefined
      ? { found: true, python: explicit, source: 'TILEKIT_BENCH_PYTHON' }
      : {
          found: false,
          reason: `TILEKIT_BENCH_PYTHON=${explicit} cannot import scipy: ${missing}`,
        };
  }
  const system = scipyMissing('python3');
  if (system === undefined)
    return { found: true, python: 'python3', source: 'python3 on the PATH' };
  const dir = options.venvDir ?? SCIPY_VENV_DIR;
  const python = venvPython(dir);
  const source = `the bench's environment (${dir})`;
  if (existsSync(python) && scipyMissing(python) === undefined) {
    return { found: true, python, source };
  }
  if (system.endsWith('was not found')) {
    return {
      found: false,
      reason:
        "no python3 on the PATH; install Debian's python3-scipy (or Python 3 with venv and pip)",
    };
  }
  if (options.makeVenv === false) {
    return {
      found: false,
      reason: `python3 cannot import scipy (${system}) and no environment was made`,
    };
  }
  const failed = makeVenv(dir, options.log ?? console.log);
  if (failed !== undefined) return { found: false, reason: failed };
  const still = scipyMissing(python);
  return still === undefined
    ? { found: true, python, source }
    : {
        found: false,
        reason: `the environment made at ${dir} still cannot import scipy: ${still}`,
      };
}

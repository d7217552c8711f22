/**
 * The scipy lookup says why scipy cannot be measured, in one line, for each way a machine can
 * lack it: no python3, a python3 without scipy (with the environment not to be made), a
 * python3 whose venv module is missing (Debian without python3-venv), and a pip that cannot
 * install scipy (offline). Stand-in `python3` scripts on the PATH play each machine; a
 * half-made environment is removed so the next run tries again.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findScipyPython } from '../src/external/find-scipy.ts';

let scratch: string;
const saved = { PATH: process.env.PATH, TILEKIT_BENCH_PYTHON: process.env.TILEKIT_BENCH_PYTHON };

/** Writes an executable shell script. */
function script(path: string, body: string): void {
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
}

/** The PATH with a stand-in `python3` running this shell body first. */
function pathWithPython3(body: string): string {
  const bin = join(scratch, 'bin');
  mkdirSync(bin, { recursive: true });
  script(join(bin, 'python3'), body);
  return `${bin}:${saved.PATH}`;
}

const NO_SCIPY = `echo "ModuleNotFoundError: No module named 'scipy'" >&2; exit 1`;

beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), 'tilekit-find-scipy-'));
  delete process.env.TILEKIT_BENCH_PYTHON;
});

afterEach(() => {
  process.env.PATH = saved.PATH;
  if (saved.TILEKIT_BENCH_PYTHON === undefined) delete process.env.TILEKIT_BENCH_PYTHON;
  else process.env.TILEKIT_BENCH_PYTHON = saved.TILEKIT_BENCH_PYTHON;
  rmSync(scratch, { recursive: true, force: true });
});

describe('finding a Python with scipy', () => {
  it('without python3 on the PATH', () => {
    process.env.PATH = join(scratch, 'no-such-folder');
    const venvDir = join(scratch, 'venv');
    expect(findScipyPython({ venvDir })).toEqual({
      found: false,
      reason:
        "no python3 on the PATH; install Debian's python3-scipy (or Python 3 with venv and pip)",
    });
    expect(existsSync(venvDir)).toBe(false);
  });

  it('with a python3 that lacks scipy, when no environment is to be made', () => {
    process.env.PATH = pathWithPython3(NO_SCIPY);
    expect(findScipyPython({ venvDir: join(scratch, 'venv'), makeVenv: false })).toEqual({
      found: false,
      reason:
        "python3 cannot import scipy (ModuleNotFoundError: No module named 'scipy') and no environment was made",
    });
  });

  it('when python3 cannot make a venv (the reason printed on stdout)', () => {
    process.env.PATH = pathWithPython3(
      `if [ "$1" = "-m" ] && [ "$2" = "venv" ]; then mkdir -p "$3"; echo "ensurepip is not available"; exit 1; fi\n${NO_SCIPY}`,
    );
    const venvDir = join(scratch, 'venv');
    const lines: string[] = [];
    expect(findScipyPython({ venvDir, log: (line) => lines.push(line) })).toEqual({
      found: false,
      reason:
        'python3 -m venv failed (ensurepip is not available); on Debian install python3-scipy, or python3-venv for the pip route',
    });
    expect(lines).toEqual([
      `scipy.sparse: making a Python environment with pip at ${venvDir} (first use; a minute or two)`,
    ]);
    expect(existsSync(venvDir)).toBe(false);
  });

  it('when pip cannot install scipy, and uses the environment once it can', () => {
    // The stand-in venv copies in an interpreter whose pip fails unless a marker file exists.
    const marker = join(scratch, 'pip-works');
    const template = join(scratch, 'venv-python');
    script(
      template,
      [
        'if [ "$1" = "-m" ] && [ "$2" = "pip" ]; then',
        `  if [ -e "${marker}" ]; then touch "$(dirname "$0")/scipy-installed"; exit 0; fi`,
        '  echo "ERROR: No matching distribution found for scipy" >&2; exit 1',
        'fi',
        'if [ -e "$(dirname "$0")/scipy-installed" ]; then exit 0; fi',
        NO_SCIPY,
      ].join('\n'),
    );
    process.env.PATH = pathWithPython3(
      [
        'if [ "$1" = "-m" ] && [ "$2" = "venv" ]; then',
        `  mkdir -p "$3/bin" && cp "${template}" "$3/bin/python"; exit $?`,
        'fi',
        NO_SCIPY,
      ].join('\n'),
    );
    const venvDir = join(scratch, 'venv');
    const log = () => {};
    expect(findScipyPython({ venvDir, log })).toEqual({
      found: false,
      reason:
        "pip install scipy failed (ERROR: No matching distribution found for scipy); install Debian's python3-scipy, or give a Python with scipy as TILEKIT_BENCH_PYTHON",
    });
    expect(existsSync(venvDir)).toBe(false);
    writeFileSync(marker, '');
    const python = join(venvDir, 'bin', 'python');
    const source = `the bench's environment (${venvDir})`;
    expect(findScipyPython({ venvDir, log })).toEqual({ found: true, python, source });
    // Made once: the next lookup finds it without making it again.
    rmSync(marker);
    expect(findScipyPython({ venvDir, log: () => expect.unreachable() })).toEqual({
      found: true,
      python,
      source,
    });
  });
});

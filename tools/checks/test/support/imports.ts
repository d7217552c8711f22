/**
 * The module specifiers a workspace project's own files import: static and dynamic imports,
 * re-exports, side-effect imports and `vi.mock` targets, in every TypeScript and JavaScript file
 * the project holds (sources, tests, benchmarks, configs, scripts; not git-ignored build output,
 * installs or scratch files). Lines inside comments (`*` or `//` first) are not imports.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, resolve } from 'node:path';

/** One import found in a file. */
export interface FoundImport {
  /** File path relative to the repository root. */
  readonly file: string;
  readonly specifier: string;
}

const SOURCE_FILE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;
const COMMENT_LINE = /^\s*(?:\/\/|\/?\*)/;
const IMPORT_PATTERNS = [
  // import x from '...', import { a,\n b } from '...', export { a } from '...', export * from '...'
  /^[ \t]*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/gm,
  // import '...'
  /^[ \t]*import\s*['"]([^'"]+)['"]/gm,
  // import('...'), vi.mock('...'), vi.importActual('...')
  /\b(?:import|vi\.mock|vi\.importActual)\(\s*['"]([^'"]+)['"]/g,
];

/**
 * Every source file under `dir` (absolute paths) that git tracks or would track (build output,
 * installed packages and scratch folders are ignored files), skipping nested projects with their
 * own manifest (an example package the tests install elsewhere).
 */
function sourceFiles(dir: string): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '-co', '--exclude-standard', '--', '.'], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  }).split('\0');
  const nested = listed
    .filter((file) => file.endsWith('/package.json'))
    .map((file) => file.slice(0, -'package.json'.length));
  return listed
    .filter((file) => SOURCE_FILE.test(file) && !file.endsWith('.d.ts'))
    .filter((file) => !nested.some((folder) => file.startsWith(folder)))
    .map((file) => join(dir, file))
    .filter((path) => existsSync(path));
}

/** Every import of the project in `projectDir` (absolute), files relative to `root`. */
export function importsOf(root: string, projectDir: string): FoundImport[] {
  return sourceFiles(projectDir).flatMap((path) => {
    const text = readFileSync(path, 'utf8')
      .split('\n')
      .map((line) => (COMMENT_LINE.test(line) ? '' : line))
      .join('\n');
    const file = relative(root, path);
    return IMPORT_PATTERNS.flatMap((pattern) =>
      [...text.matchAll(pattern)].map((m) => ({ file, specifier: m[1] as string })),
    );
  });
}

const BUILTINS = new Set(builtinModules);

/**
 * The package a bare specifier names (`@scope/name` or `name`), or undefined for a builtin or a
 * bundler's virtual module (`virtual:...`, which a Vite plugin of the project itself serves).
 */
export function packageOf(specifier: string): string | undefined {
  const bare = specifier.split('?')[0] as string;
  if (bare.startsWith('node:') || bare.startsWith('virtual:')) return undefined;
  if (BUILTINS.has(bare.split('/')[0] as string)) return undefined;
  const parts = bare.split('/');
  return bare.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Whether a specifier is relative (`./`, `../`). */
export const isRelative = (specifier: string): boolean =>
  specifier.startsWith('./') || specifier.startsWith('../');

/** The absolute path a relative specifier of `file` (relative to `root`) points at. */
export function target(root: string, file: string, specifier: string): string {
  return resolve(root, file, '..', specifier.split('?')[0] as string);
}

/**
 * Runs the code examples of a package README, so the docs cannot rot.
 *
 * **Marking.** A README's fenced code blocks are free-form unless marked. The HTML comment
 * `<!-- readme-example -->` (invisible when rendered), alone on the line directly above an opening
 * fence whose language is `js`, `mjs`, `ts` or `mts`, makes that block a runnable example: it is
 * written to a temporary `.mts` file and run by `tsx --conditions=@tilekit/source`, so
 * `@tilekit/*` imports read the workspace sources. Each example is one self-contained ES module
 * (its own imports; top-level `await` is fine). `<!-- readme-example-output -->` directly above any
 * fence marks that block as output of the nearest example above it: its lines must appear in the
 * example's stdout as consecutive whole lines, character for character.
 *
 * **Blocks other tests run.** A block that is no Node example (a shell command, a browser page,
 * an excerpt of output) names the test that runs or checks it on the line above its fence:
 * `<!-- readme-tested-by: <test path> -->`, or `<!-- readme-output-excerpt: <test path> -->` for
 * an excerpt in which `...` elides text ({@link matchesExcerpt}). tools/checks'
 * readme-coverage test fails for any README block that has none of these markers.
 *
 * **Result comments.** A `// -> value` comment states what one `console.log` call prints:
 *
 * ```ts
 * console.log(linearIndex(shape, [2, 3])); // -> 17
 * console.log(Array.from(buffer.dataSync()));
 * // -> [ 1, 2, 6, 7 ]
 * ```
 *
 * - Same-line form: the line holds exactly one `console.log(` before the comment.
 * - Next-line form: the comment stands alone on its line and the line right above holds exactly
 *   one `console.log(` (and no `// ->` of its own).
 * - The value is the rest of the line after `// -> `. That call must run exactly once, and
 *   everything it writes to stdout must equal the value once both have every run of whitespace
 *   (newlines included) collapsed to one space and are trimmed; so Node's multi-line
 *   `util.inspect` layout of a long array matches the same array written on one line, while every
 *   other character (brackets, commas, quotes, the `Float32Array(2)` prefix) must agree.
 * - A `// ->` that fits neither form is an error ({@link ReadmeExampleError}), never ignored.
 *
 * Notes about a value go in an ordinary comment on their own line, not after the value.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SOURCE_CONDITION } from './config.ts';

/** The comment that marks a fenced block as a runnable example. */
export const EXAMPLE_MARKER = '<!-- readme-example -->';
/** The comment that marks a fenced block as output the example above it must print. */
export const OUTPUT_MARKER = '<!-- readme-example-output -->';
/**
 * The comment that says which test runs a block that is not a plain example (a shell command, a
 * browser page, an excerpt of output): `<!-- readme-tested-by: <path> -->`, with the test file's
 * path relative to the repository root, alone on the line directly above the opening fence.
 */
export const TESTED_BY_MARKER = /^<!-- readme-tested-by: (\S+) -->$/;

/**
 * The comment that marks a block as an excerpt of a command's output, checked by the named test
 * with {@link matchesExcerpt}: `<!-- readme-output-excerpt: <path> -->` directly above the fence.
 * In an excerpt, `...` stands for text left out (within a line or across lines).
 */
export const EXCERPT_MARKER = /^<!-- readme-output-excerpt: (\S+) -->$/;

/**
 * The test file a block's `readme-tested-by` or `readme-output-excerpt` marker names, or
 * undefined when it has neither.
 */
export function testedBy(block: FencedBlock): string | undefined {
  return (TESTED_BY_MARKER.exec(block.lineAbove) ?? EXCERPT_MARKER.exec(block.lineAbove))?.[1];
}

/**
 * Whether `output` contains `excerpt` (an {@link EXCERPT_MARKER} block's body): its lines, in
 * order and adjacent, each starting and ending on an output line boundary, indentation ignored;
 * every `...` (with the spaces around it) matches any text, newlines included, and nothing else
 * is elided.
 */
export function matchesExcerpt(excerpt: string, output: string): boolean {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const lines = excerpt
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length === 0) return false;
  const pattern = lines
    .map((line) =>
      line
        .split(/\s*\.\.\.\s*/)
        .map(literal)
        .join('[\\s\\S]*?'),
    )
    .join('\n');
  const text = output
    .split('\n')
    .map((line) => line.trim())
    .join('\n');
  return new RegExp(`(?:^|\n)${pattern}(?:\n|$)`).test(text);
}

/** Fence languages a runnable example may use (all run as TypeScript modules). */
export const EXAMPLE_LANGUAGES: readonly string[] = ['js', 'mjs', 'ts', 'mts'];

/**
 * Stderr text that examples may print without failing: the console notes of libraries that a
 * user sees too, which an example should not have to silence.
 */
export const KNOWN_STDERR_NOISE: readonly RegExp[] = [
  // tfjs-backend-cpu suggests tfjs-node on first use under Node (console.warn, leading newline).
  /\n?=+\nHi, looks like you are running TensorFlow\.js in Node\.js\.[^\n]*\n=+\n/g,
];

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TSX = join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
const DEFAULT_TIMEOUT_MS = 60_000;
/** Starts the lines the instrumented `console.log` calls write around their output. */
const SENTINEL = '\u001eREADME-EXAMPLE';
const LOG_CALL = 'console.log(';
const LOG_WRAPPER = '__readmeExampleLog';
const RESULT_COMMENT = /^(.*?)\s*\/\/ ->(.*)$/;

/** A malformed README marker or result comment; the message names the README line. */
export class ReadmeExampleError extends Error {
  override readonly name = 'ReadmeExampleError';
}

/** One fenced code block of a Markdown file. */
export interface FencedBlock {
  /** 1-based line of the opening fence. */
  readonly line: number;
  /** The fence's info string (its language), trimmed. */
  readonly language: string;
  /** The lines between the fences, joined with `\n`. */
  readonly body: string;
  /** The line directly above the opening fence, trimmed (where markers go). */
  readonly lineAbove: string;
  /** Text of the nearest heading above the block ('' when none). */
  readonly heading: string;
}

/** What one `console.log` of an example must print, from its `// ->` comment. */
export interface ResultExpectation {
  /** 1-based line, within the example, of the `console.log` call. */
  readonly line: number;
  readonly expected: string;
}

/** A runnable README example with the checks its README states. */
export interface ReadmeExample {
  /** 1-based README line of the opening fence. */
  readonly readmeLine: number;
  readonly heading: string;
  readonly code: string;
  readonly expectations: readonly ResultExpectation[];
  /** Output blocks (`<!-- readme-example-output -->`) the example's stdout must contain. */
  readonly outputs: readonly FencedBlock[];
}

/** The outcome of running one example, with every way it disagrees with its README. */
export interface ExampleRun {
  /** Exit status, or null when the process was killed (see `signal`). */
  readonly status: number | null;
  readonly signal: string | null;
  /** Stdout as a user would see it (the instrumentation's markers removed). */
  readonly stdout: string;
  readonly stderr: string;
  /** Stderr with {@link KNOWN_STDERR_NOISE} (or the given noise) removed. */
  readonly unexpectedStderr: string;
  /** One message per failed `// ->` expectation or missing output block. */
  readonly mismatches: readonly string[];
}

/** Where and how to run examples. */
export interface RunOptions {
  /** The package directory: the process's working directory. */
  readonly packageDir: string;
  /**
   * Directory whose `.tmp/` receives the example file (default `packageDir`); relative imports
   * in the example resolve as from a file in a subfolder of it, such as `test/`.
   */
  readonly root?: string;
  readonly timeoutMs?: number;
  readonly stderrNoise?: readonly RegExp[];
}

/** Splits Markdown into its fenced code blocks (fences at column 0, backticks or tildes). */
export function fencedBlocks(markdown: string): FencedBlock[] {
  const lines = markdown.split('\n');
  const blocks: FencedBlock[] = [];
  let heading = '';
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i] ?? '';
    const open = /^(`{3,}|~{3,})(.*)$/.exec(text);
    if (!open) {
      const title = /^#{1,6}\s+(.*)$/.exec(text);
      if (title) heading = (title[1] ?? '').trim();
      continue;
    }
    const fence = open[1] ?? '';
    let end = i + 1;
    while (end < lines.length && !isClosingFence(lines[end] ?? '', fence)) end++;
    blocks.push({
      line: i + 1,
      language: (open[2] ?? '').trim(),
      body: lines.slice(i + 1, end).join('\n'),
      lineAbove: (lines[i - 1] ?? '').trim(),
      heading,
    });
    i = end;
  }
  return blocks;
}

function isClosingFence(line: string, fence: string): boolean {
  const trimmed = line.trimEnd();
  return trimmed.length >= fence.length && /^(`+|~+)$/.test(trimmed) && trimmed[0] === fence[0];
}

/** The README's marked examples, each with its `// ->` expectations and output blocks. */
export function readmeExamples(markdown: string): ReadmeExample[] {
  const examples: (ReadmeExample & { outputs: FencedBlock[] })[] = [];
  const blocks = fencedBlocks(markdown);
  for (const block of blocks) {
    if (block.lineAbove === EXAMPLE_MARKER) {
      if (!EXAMPLE_LANGUAGES.includes(block.language)) {
        throw new ReadmeExampleError(
          `README line ${block.line}: a runnable example must be fenced as one of ${EXAMPLE_LANGUAGES.join(', ')}, got '${block.language}'`,
        );
      }
      examples.push({
        readmeLine: block.line,
        heading: block.heading,
        code: block.body,
        expectations: resultExpectations(block.body, block.line),
        outputs: [],
      });
    } else if (block.lineAbove === OUTPUT_MARKER) {
      const owner = examples.at(-1);
      if (!owner) {
        throw new ReadmeExampleError(
          `README line ${block.line}: an output block must follow a runnable example`,
        );
      }
      owner.outputs.push(block);
    }
  }
  // A marker separated from its fence (blank line, wrong place) would silently stop a check.
  const markers = markdown.split('\n').filter((line) => isMarker(line.trim())).length;
  const marked = blocks.filter((block) => isMarker(block.lineAbove)).length;
  if (markers !== marked) {
    throw new ReadmeExampleError(
      `${markers - marked} marker(s) are not on the line directly above an opening fence`,
    );
  }
  return examples;
}

const isMarker = (line: string) => line === EXAMPLE_MARKER || line === OUTPUT_MARKER;

/**
 * The `// ->` expectations of one example's code (rules in this module's TSDoc).
 * `readmeLine` (the opening fence's line) only makes error messages point into the README.
 */
export function resultExpectations(code: string, readmeLine = 0): ResultExpectation[] {
  const lines = code.split('\n');
  const expectations: ResultExpectation[] = [];
  lines.forEach((text, index) => {
    const comment = RESULT_COMMENT.exec(text);
    if (!comment) return;
    const where = `README line ${readmeLine + 1 + index}`;
    const expected = (comment[2] ?? '').trim();
    if (expected === '') throw new ReadmeExampleError(`${where}: '// ->' states no value`);
    const sameLine = (comment[1] ?? '').trim() !== '';
    const callIndex = sameLine ? index : index - 1;
    const callLine = lines[callIndex] ?? '';
    const calls = callLine.split(LOG_CALL).length - 1;
    if (calls !== 1 || (!sameLine && RESULT_COMMENT.test(callLine))) {
      throw new ReadmeExampleError(
        `${where}: '// ->' must follow exactly one ${LOG_CALL}...) on ${sameLine ? 'its own line' : 'the line above'}`,
      );
    }
    expectations.push({ line: callIndex + 1, expected });
  });
  return expectations;
}

/**
 * Routes each expectation's `console.log` through a wrapper that brackets its output with
 * sentinel lines. Only text within those lines changes, so line numbers in stack traces hold.
 */
function instrument(example: ReadmeExample): string {
  const lines = example.code.split('\n');
  for (const { line } of example.expectations) {
    lines[line - 1] = (lines[line - 1] ?? '').replace(LOG_CALL, `${LOG_WRAPPER}(${line}, `);
  }
  const wrapper = [
    `function ${LOG_WRAPPER}(line: number, ...values: unknown[]): void {`,
    `  process.stdout.write(\`${SENTINEL} begin \${line}\\n\`);`,
    '  console.log(...values);',
    `  process.stdout.write('${SENTINEL} end\\n');`,
    '}',
  ];
  return [...lines, '', ...wrapper, ''].join('\n');
}

/** Separates what each instrumented call printed from the stdout a user would see. */
function splitLogs(rawStdout: string): { stdout: string; logs: Map<number, string[]> } {
  const begin = `${SENTINEL} begin `;
  const logs = new Map<number, string[]>();
  const visible: string[] = [];
  let open: { line: number; printed: string[] } | undefined;
  for (const text of rawStdout.split('\n')) {
    if (text.startsWith(begin)) {
      open = { line: Number(text.slice(begin.length)), printed: [] };
    } else if (text === `${SENTINEL} end` && open) {
      logs.set(open.line, [...(logs.get(open.line) ?? []), open.printed.join('\n')]);
      open = undefined;
    } else {
      visible.push(text);
      open?.printed.push(text);
    }
  }
  return { stdout: visible.join('\n'), logs };
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Messages for each `// ->` and output block the run disagrees with. */
function findMismatches(
  example: ReadmeExample,
  stdout: string,
  logs: Map<number, string[]>,
): string[] {
  const mismatches: string[] = [];
  for (const { line, expected } of example.expectations) {
    const where = `README line ${example.readmeLine + line}`;
    const printed = logs.get(line) ?? [];
    if (printed.length !== 1) {
      mismatches.push(`${where}: console.log ran ${printed.length} times, expected once`);
    } else if (collapse(printed[0] ?? '') !== collapse(expected)) {
      mismatches.push(
        `${where}: printed '${collapse(printed[0] ?? '')}', README says '${collapse(expected)}'`,
      );
    }
  }
  for (const output of example.outputs) {
    if (!`\n${stdout}\n`.includes(`\n${output.body}\n`)) {
      mismatches.push(`README line ${output.line}: output block not printed by the example`);
    }
  }
  return mismatches;
}

/**
 * Runs one example with tsx in the package directory and checks it against its README: the
 * returned run carries the exit status, stdout/stderr and every mismatch. The temporary file is
 * removed afterwards.
 */
export function runReadmeExample(example: ReadmeExample, options: RunOptions): ExampleRun {
  const tmpDir = join(options.root ?? options.packageDir, '.tmp');
  const createdTmpDir = !existsSync(tmpDir);
  mkdirSync(tmpDir, { recursive: true });
  // Unique per process and example: several test runs may share a package directory.
  const file = join(tmpDir, `readme-example-${process.pid}-${example.readmeLine}.mts`);
  writeFileSync(file, instrument(example));
  try {
    // Vitest may force colours; the example should print what a user's terminal pipe gets.
    const { FORCE_COLOR: _forced, ...env } = process.env;
    const result = spawnSync(TSX, [`--conditions=${SOURCE_CONDITION}`, file], {
      cwd: options.packageDir,
      encoding: 'utf8',
      env,
      timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxBuffer: 1 << 24,
    });
    const { stdout, logs } = splitLogs(result.stdout ?? '');
    const stderr = result.stderr ?? '';
    const unexpectedStderr = (options.stderrNoise ?? KNOWN_STDERR_NOISE).reduce(
      (text, noise) => text.replace(noise, ''),
      stderr,
    );
    return {
      status: result.status,
      signal: result.signal,
      stdout,
      stderr,
      unexpectedStderr,
      mismatches: findMismatches(example, stdout, logs),
    };
  } finally {
    rmSync(file, { force: true });
    // Leave no empty folder behind where there was none (kept if another run still uses it).
    if (createdTmpDir && readdirSync(tmpDir).length === 0) rmdirSync(tmpDir);
  }
}

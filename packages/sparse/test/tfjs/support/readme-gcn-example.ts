/**
 * Runs the README's GCN example (the block marked as tested by
 * test/browser-webgpu/readme-gcn.webgpu.test.ts) as it is written: its import lines are checked
 * against what the running test has imported (the backend and gradient registrations as side
 * effects, the named exports of `@tilekit/sparse/tfjs` passed in), the rest runs as an async
 * function on the backend asked for, with `console.log` captured, and every `// -> value`
 * comment is paired with what its call printed.
 */
import * as tf from '@tensorflow/tfjs-core';
import * as sparseTfjs from '../../../src/tfjs/index.js';

/** The marker above the example's fence. */
const MARKER =
  '<!-- readme-tested-by: packages/sparse/test/browser-webgpu/readme-gcn.webgpu.test.ts -->';

/** Side-effect imports the example may make (the test files import them for it). */
const SIDE_EFFECTS = new Set([
  '@tensorflow/tfjs-core/dist/register_all_gradients',
  '@tensorflow/tfjs-backend-webgpu',
  '@tilekit/sparse/tfjs/register-webgpu',
]);

/** The example's source: the fenced block under {@link MARKER}. */
export function gcnExampleSource(readme: string): string {
  const at = readme.indexOf(MARKER);
  if (at < 0) throw new Error('the README has no GCN example marker');
  const fence = readme.indexOf('```js\n', at);
  const end = readme.indexOf('\n```', fence + 6);
  return readme.slice(fence + 6, end + 1);
}

/** What a run printed, line by line, and what its `// ->` comments say, in order. */
export interface ExampleRun {
  readonly printed: readonly string[];
  readonly expected: readonly string[];
}

/** A logged value as the comments spell it (numbers, booleans, strings). */
const spell = (v: unknown) => String(v);

/**
 * Runs the example on `backend` (its `tf.setBackend('webgpu')` made `tf.setBackend(backend)`).
 *
 * @throws Error for an import line the runner cannot satisfy.
 */
export async function runGcnExample(readme: string, backend: string): Promise<ExampleRun> {
  const lines = gcnExampleSource(readme).split('\n');
  const names: string[] = [];
  const body: string[] = [];
  for (const line of lines) {
    const named = /^import \{ ([^}]+) \} from '@tilekit\/sparse\/tfjs';$/.exec(line);
    const sideEffect = /^import '([^']+)';$/.exec(line);
    if (line === "import * as tf from '@tensorflow/tfjs-core';") continue;
    if (named) names.push(...(named[1] as string).split(',').map((n) => n.trim()));
    else if (sideEffect) {
      if (!SIDE_EFFECTS.has(sideEffect[1] as string))
        throw new Error(`the example imports ${sideEffect[1]}, which the runner does not provide`);
    } else if (line.startsWith('import ')) throw new Error(`unexpected import line: ${line}`);
    else body.push(line.replace("tf.setBackend('webgpu')", `tf.setBackend('${backend}')`));
  }
  const exports = sparseTfjs as unknown as Record<string, unknown>;
  for (const name of names)
    if (!(name in exports)) throw new Error(`@tilekit/sparse/tfjs has no export ${name}`);
  const printed: string[] = [];
  const capture = { log: (...values: unknown[]) => printed.push(values.map(spell).join(' ')) };
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
    ...args: string[]
  ) => (...values: unknown[]) => Promise<void>;
  const run = new AsyncFunction('tf', 'console', ...names, body.join('\n'));
  await run(tf, capture, ...names.map((name) => exports[name]));
  const expected = body.flatMap((line) => {
    const comment = /\/\/ -> (.*)$/.exec(line);
    return comment ? [comment[1] as string] : [];
  });
  return { printed, expected };
}

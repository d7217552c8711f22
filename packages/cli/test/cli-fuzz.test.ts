/**
 * Generated bad input for every command: a few hundred cases each, seeded so
 * a failure replays. Whatever the input, `main` resolves to an exit code, prints no stack frame,
 * and explains every non-zero exit on stderr.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { main } from '../src/main.js';
import { captureIO } from './capture-io.js';
import { corpus } from './corpus.js';

const STACK_FRAME = /^\s+at /m;
const RUNS = 300;

/** Runs `argv` and checks the invariants; resolves to the exit code. */
async function checkRun(argv: readonly string[], stdin = ''): Promise<number> {
  const io = captureIO(stdin);
  const code = await main(argv, io);
  const printed = `${io.out()}\n${io.err()}`;
  expect(printed, JSON.stringify(argv)).not.toMatch(STACK_FRAME);
  expect(printed, JSON.stringify(argv)).not.toContain('internal error');
  expect([0, 1, 2], JSON.stringify(argv)).toContain(code);
  if (code !== 0) expect(io.err().trim(), JSON.stringify(argv)).not.toBe('');
  return code;
}

/** `text` with a few random edits: deletions, insertions, swaps of a character. */
function mutated(text: string): fc.Arbitrary<string> {
  const edit = fc.tuple(
    fc.nat({ max: Math.max(text.length - 1, 0) }),
    fc.constantFrom('delete', 'insert', 'replace'),
    fc.string({
      minLength: 1,
      maxLength: 3,
      unit: fc.constantFrom(...'[](){},:*?<>=%@#-0123456789 TLEfsu.x\n'),
    }),
  );
  return fc.array(edit, { minLength: 1, maxLength: 4 }).map((edits) => {
    let out = text;
    for (const [at, kind, chars] of edits) {
      const i = Math.min(at, out.length);
      if (kind === 'delete') out = out.slice(0, i) + out.slice(i + chars.length);
      else if (kind === 'insert') out = out.slice(0, i) + chars + out.slice(i);
      else out = out.slice(0, i) + chars + out.slice(i + 1);
    }
    return out;
  });
}

const SHAPES = [
  'f32[3,5]{1,0:T(2,2)}',
  'F32[3,5]{1,0:(2,2)}',
  'f32[4,8]{1,0:T(2,4)(2,1)}',
  'bf16[7,9,11]{2,1,0:T(8,128)(2,1)}',
  'f32[112,110]{1,0:T(2,3)}',
  's4[17]{0:T(8)E(4)}',
];

const unknownFlag = fc
  .stringMatching(/^--?[a-z][a-z-]{0,12}$/)
  .filter((flag) => !['--help', '-h'].includes(flag));

const seed = (n: number) => ({ seed: 0x7117 + n, numRuns: RUNS });

describe('generated bad input never ends in a stack trace', () => {
  it('tilekit layout', async () => {
    const shapeText = fc.oneof(
      fc.constantFrom(...SHAPES).chain(mutated),
      fc.string({ maxLength: 40 }),
    );
    const argv = fc.oneof(
      shapeText.map((s) => ['layout', s, '--no-map']),
      fc.tuple(shapeText, unknownFlag).map(([s, flag]) => ['layout', s, flag]),
      fc.array(shapeText, { minLength: 2, maxLength: 3 }).map((s) => ['layout', ...s]),
      fc.string({ maxLength: 6 }).map((n) => ['layout', 'f32[9,9]', `--max-cells=${n}`]),
    );
    await fc.assert(
      fc.asyncProperty(argv, async (args) => {
        await checkRun(args);
      }),
      seed(1),
    );
  });

  it('tilekit opt', async () => {
    const sources = ['absi_i16', 'red_add_f32', 'dense_2d_add', 'fix3_strided_load'].map(corpus);
    const passOptions = fc.oneof(
      fc.constant('vl=8'),
      fc.stringMatching(/^vl=[0-9e.+-]{0,12}( [a-z-]{1,24}(=[a-z0-9]{0,6})?)?$/),
    );
    const argv = fc.oneof(
      fc
        .constantFrom(...sources)
        .chain(mutated)
        .map((text) => ({ args: ['opt'], text })),
      fc
        .tuple(fc.constantFrom(...sources).chain(mutated), passOptions)
        .map(([text, opts]) => ({ args: ['opt', `--sparse-vectorization=${opts}`], text })),
      passOptions.map((opts) => ({
        args: ['opt', `--sparse-vectorization=${opts}`],
        text: sources[0]!,
      })),
      unknownFlag.map((flag) => ({ args: ['opt', flag], text: sources[1]! })),
    );
    await fc.assert(
      fc.asyncProperty(argv, async ({ args, text }) => {
        await checkRun(args, text);
      }),
      seed(2),
    );
  });

  it('tilekit demo and conformance (options only: a valid run is not bad input)', async () => {
    const badChapter = fc.string({ maxLength: 5 }).filter((s) => !/^0*[123]$/.test(s));
    const argv = fc.oneof(
      badChapter.map((n) => ['demo', '--only', n]),
      unknownFlag.map((flag) => ['demo', flag]),
      fc
        .string({ maxLength: 10 })
        .filter((s) => !['layout', 'kernels', 'vectorizer', 'sparse'].includes(s))
        .map((s) => ['conformance', '--suite', s]),
      fc
        .string({ maxLength: 10 })
        .filter((s) => !['cpu', 'webgl'].includes(s))
        .map((s) => ['conformance', '--backend', s, '--suite', 'layout']),
      unknownFlag.map((flag) => ['conformance', flag]),
    );
    await fc.assert(
      fc.asyncProperty(argv, async (args) => {
        expect(await checkRun(args)).toBe(2);
      }),
      seed(3),
    );
  });

  it('the top level: unknown commands and options', async () => {
    const names = ['demo', 'layout', 'opt', 'conformance', 'help'];
    const argv = fc.oneof(
      fc.string({ maxLength: 16 }).filter((s) => !names.includes(s) && !s.startsWith('-')),
      unknownFlag.filter((flag) => !['--version', '-V'].includes(flag)),
    );
    await fc.assert(
      fc.asyncProperty(
        argv,
        fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
        async (name, rest) => {
          expect(await checkRun([name, ...rest])).toBe(2);
        },
      ),
      seed(4),
    );
  });
});

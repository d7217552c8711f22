/**
 * Every CLI error is one message and an exit code, never a stack trace:
 * the inputs the issue lists, internal errors, --version, help <command>, unknown names.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { linearIndex } from '@tilekit/layout';
import { gridOffsets } from '@tilekit/test-support/text-grid';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Command } from '../src/command.js';
import { COMMANDS } from '../src/commands/index.js';
import { main } from '../src/main.js';
import { nodeIO } from '../src/node-io.js';
import { captureIO } from './capture-io.js';
import { layoutSvg } from './layout-svg.js';

const STACK_FRAME = /^\s+at /m;
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'tilekit-cli-errors-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const window = (shape: string, rows: number, cols: number) =>
  Array.from({ length: rows }, (_, r) =>
    Array.from({ length: cols }, (_, c) => linearIndex(shape, [r, c])),
  );

describe('tilekit layout on shapes whose map is larger than a panel', () => {
  for (const [shape, rows, cols] of [
    ['f32[4096,4096]{1,0:T(8,128)}', 4096, 4096],
    ['f32[64,128]{1,0:T(8,128)}', 64, 128],
  ] as const) {
    it(`${shape}: sizes, then the top-left 32x32 of the map at linearIndex's offsets`, async () => {
      const io = captureIO();
      expect(await main(['layout', shape], io)).toBe(0);
      expect(io.err()).toBe('');
      expect(io.out()).toContain(`physical elements:  ${rows * cols}`);
      expect(io.out()).toContain(`showing 32x32 of ${rows}x${cols}`);
      expect(gridOffsets(io.out())).toEqual(window(shape, 32, 32));
    });
  }

  it('--max-cells sets the window; a bad value is a usage error', async () => {
    const io = captureIO();
    expect(await main(['layout', 'f32[64,128]{1,0:T(8,128)}', '--max-cells', '64'], io)).toBe(0);
    expect(gridOffsets(io.out())).toEqual(window('f32[64,128]{1,0:T(8,128)}', 8, 8));
    for (const bad of ['0', '-3', 'many', '1.5']) {
      const badIO = captureIO();
      expect(await main(['layout', 'f32[2]', `--max-cells=${bad}`], badIO)).toBe(2);
      expect(badIO.err()).toContain(`--max-cells takes a positive integer, got '${bad}'`);
    }
  });

  it('--svg draws the same window in the picture', async () => {
    const { svg } = await layoutSvg('f32[4096,4096]{1,0:T(8,128)}', 'big.svg', ['--no-map']);
    expect(svg).toContain('</svg>');
    expect(svg).toContain('showing 32x32 of 4096x4096');
  });
});

describe('tilekit layout on shapes it cannot lay out', () => {
  for (const [shape, problem] of [
    ['f32[?,784]', "dimension 0 is unbounded ('?')"],
    ['(f32[1])', 'expected an array shape, got a tuple shape'],
    ['token[]', 'expected an array shape, got a token shape'],
  ] as const) {
    it(`${shape}: one line naming the shape and the problem, exit 1`, async () => {
      const io = captureIO();
      expect(await main(['layout', shape], io)).toBe(1);
      expect(io.out()).toBe('');
      const lines = io.err().trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^tilekit layout: cannot lay out '/);
      expect(lines[0]).toContain(`'${shape}'`);
      expect(lines[0]).toContain(problem);
    });
  }

  it('--svg into a missing directory: one message, exit 1, nothing printed', async () => {
    const target = join(scratch, 'missing', 'fig.svg');
    let err = '';
    let out = '';
    const io = { ...nodeIO, stdout: (t: string) => (out += t), stderr: (t: string) => (err += t) };
    expect(await main(['layout', 'f32[2]', '--svg', target], io)).toBe(1);
    expect(err).toMatch(new RegExp(`^tilekit layout: cannot write ${target}: ENOENT[^\\n]*\\n$`));
    expect(out).toBe('');
  });
});

describe('the real tilekit process', () => {
  const run = (...args: string[]) =>
    spawnSync(
      process.execPath,
      ['--conditions=@tilekit/source', '--import', 'tsx', 'src/bin.ts', ...args],
      {
        cwd: packageDir,
        encoding: 'utf8',
        env: { ...process.env, TILEKIT_DEBUG: '' },
      },
    );

  it('prints no stack frame for any of the issue inputs, with the documented exit codes', () => {
    const cases: [string[], number][] = [
      [['layout', 'f32[4096,4096]{1,0:T(8,128)}', '--no-map'], 0],
      [['layout', 'f32[64,128]{1,0:T(8,128)}'], 0],
      [['layout', 'f32[?,784]'], 1],
      [['layout', '(f32[1])'], 1],
      [['layout', 'token[]'], 1],
      [['layout', 'f32[2]', '--svg', join(scratch, 'nowhere', 'x.svg')], 1],
      [['opt', '--sparse-vectorization=vl=1000000000'], 2],
      [['layuot'], 2],
    ];
    for (const [args, status] of cases) {
      const result = run(...args);
      expect(result.stderr + result.stdout, args.join(' ')).not.toMatch(STACK_FRAME);
      expect(result.status, `${args.join(' ')}: ${result.stderr}`).toBe(status);
    }
  });
});

describe('internal errors', () => {
  const broken: Command = {
    name: 'broken',
    summary: 'throws a bug',
    help: 'Usage: tilekit broken',
    run: () => {
      throw new RangeError('index 7 out of range\nsecond line');
    },
  };

  it('print one "internal error" line and exit 70; the stack only with debug', async () => {
    const io = captureIO();
    expect(await main(['broken'], io, [...COMMANDS, broken])).toBe(70);
    expect(io.err()).toBe(
      'tilekit broken: internal error: RangeError: index 7 out of range (set TILEKIT_DEBUG=1 for the stack trace)\n',
    );
    const debugIO = { ...captureIO(), debug: true };
    expect(await main(['broken'], debugIO, [...COMMANDS, broken])).toBe(70);
    expect(debugIO.err()).toMatch(STACK_FRAME);
  });

  it('TILEKIT_DEBUG=1 turns on the stack for the real terminal IO', () => {
    const previous = process.env.TILEKIT_DEBUG;
    process.env.TILEKIT_DEBUG = '1';
    try {
      expect(nodeIO.debug).toBe(true);
    } finally {
      if (previous === undefined) delete process.env.TILEKIT_DEBUG;
      else process.env.TILEKIT_DEBUG = previous;
    }
    expect(nodeIO.debug).toBe(previous === '1');
  });
});

describe('version, help and unknown names', () => {
  it('--version prints the package version', async () => {
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    for (const flag of ['--version', '-V']) {
      const io = captureIO();
      expect(await main([flag], io)).toBe(0);
      expect(io.out()).toBe(`${manifest.version}\n`);
    }
  });

  it("help <command> prints the command's --help", async () => {
    for (const command of COMMANDS) {
      const viaHelp = captureIO();
      expect(await main(['help', command.name], viaHelp)).toBe(0);
      const viaFlag = captureIO();
      expect(await main([command.name, '--help'], viaFlag)).toBe(0);
      expect(viaHelp.out()).toBe(viaFlag.out());
      expect(viaHelp.out()).toContain(`Usage: tilekit ${command.name}`);
    }
  });

  it('an unknown command suggests the nearest one', async () => {
    for (const [typed, nearest] of [
      ['layuot', 'layout'],
      ['dmeo', 'demo'],
      ['conform', 'conformance'],
    ]) {
      const io = captureIO();
      expect(await main([typed!], io)).toBe(2);
      expect(io.err()).toMatch(
        new RegExp(`^tilekit: unknown command '${typed}' \\(did you mean '${nearest}'\\?\\)\\n`),
      );
    }
    const far = captureIO();
    expect(await main(['frobnicate'], far)).toBe(2);
    expect(far.err()).toBe(
      "tilekit: unknown command 'frobnicate'\n\nRun 'tilekit --help' for the commands.\n",
    );
    const helpOf = captureIO();
    expect(await main(['help', 'layot'], helpOf)).toBe(2);
    expect(helpOf.err()).toContain("did you mean 'layout'?");
  });

  it('an unknown option names itself and the nearest option, with the usage line', async () => {
    const io = captureIO();
    expect(await main(['layout', 'f32[2]', '--svgg', 'x.svg'], io)).toBe(2);
    expect(io.err()).toBe(
      [
        "tilekit layout: unknown option '--svgg' (did you mean '--svg'?)",
        '',
        'Usage: tilekit layout <shape> [--svg <file>] [--no-map] [--max-cells <n>]',
        "Run 'tilekit layout --help' for its options.",
        '',
      ].join('\n'),
    );
    const top = captureIO();
    expect(await main(['--verison'], top)).toBe(2);
    expect(top.err()).toMatch(/^tilekit: unknown option '--verison'/);
  });

  it('an option missing its value, or given one it does not take, says so', async () => {
    const missing = captureIO();
    expect(await main(['layout', 'f32[2]', '--svg'], missing)).toBe(2);
    expect(missing.err()).toMatch(/^tilekit layout: option '--svg' needs a value\n/);
    const extra = captureIO();
    expect(await main(['layout', 'f32[2]', '--no-map=yes'], extra)).toBe(2);
    expect(extra.err()).toMatch(/^tilekit layout: option '--no-map' takes no value\n/);
  });
});

describe('option values the user got slightly wrong', () => {
  // Every command's options that take one of a few names, and what each accepts.
  const CHOICES: readonly [string[], string, readonly string[]][] = [
    [['conformance'], 'backend', ['cpu', 'webgl', 'webgpu', 'wasm']],
    [['conformance'], 'suite', ['layout', 'kernels', 'vectorizer', 'sparse']],
  ];

  it('a choice one edit away from a valid one suggests it, exit 2', async () => {
    const typo = fc.tuple(fc.nat(), fc.nat(), fc.constantFrom('insert', 'delete', 'replace'));
    for (const [command, option, allowed] of CHOICES) {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...allowed), typo, async (name, [at, code, edit]) => {
          const i = at % name.length;
          const letter = String.fromCharCode(97 + (code % 26));
          const wrong =
            edit === 'insert'
              ? name.slice(0, i) + letter + name.slice(i)
              : edit === 'delete'
                ? name.slice(0, i) + name.slice(i + 1)
                : name.slice(0, i) + letter + name.slice(i + 1);
          fc.pre(!allowed.includes(wrong) && wrong.length > 0);
          const io = captureIO();
          expect(await main([...command, `--${option}`, wrong], io)).toBe(2);
          const first = io.err().split('\n')[0];
          expect(first).toContain(`--${option} takes ${allowed.join(' or ')}, got '${wrong}'`);
          // One edit away is always close enough; the nearest valid name may be another one.
          const suggested = /did you mean '([^']+)'\?/.exec(first ?? '')?.[1];
          expect(allowed).toContain(suggested);
          expect(io.err()).not.toMatch(STACK_FRAME);
        }),
        { seed: 37, numRuns: 40 },
      );
    }
  });

  it('a negative number is a value the option judges, not a missing value', async () => {
    const cases: readonly [string[], RegExp][] = [
      [
        ['layout', 'f32[2]', '--max-cells'],
        /--max-cells takes a positive integer, got '(-[\d.]+)'/,
      ],
      [['demo', '--only'], /--only takes 1\.\.\d+, got '(-[\d.]+)'/],
    ];
    const negative = fc.oneof(
      fc.integer({ min: -1_000_000, max: -1 }).map(String),
      fc.double({ min: -1000, max: -0.001, noNaN: true }).map((x) => x.toFixed(3)),
    );
    for (const [argv, expected] of cases) {
      await fc.assert(
        fc.asyncProperty(negative, async (value) => {
          const io = captureIO();
          expect(await main([...argv, value], io)).toBe(2);
          expect(expected.exec(io.err())?.[1]).toBe(value);
        }),
        { seed: 38, numRuns: 25 },
      );
    }
  });
});

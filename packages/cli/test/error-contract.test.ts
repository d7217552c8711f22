/**
 * The error contract of `@tilekit/cli` as a library: `main`, `usage`, `memoryIO` and `CliError`,
 * given junk from the shared corpus in any argument position, return (an exit code, a text, an
 * IO, an error) or throw a `TilekitError` naming the argument; a `CliError` is one itself. What a
 * user types never throws: junk on the command line is an exit code and one message, no stack.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { isTilekitError } from '@tilekit/errors';
import { callableExports, type JunkTarget, junkCallFailures } from '@tilekit/test-support/junk';
import { describe, expect, it } from 'vitest';
import * as cli from '../src/index.js';

const TARGETS: Record<string, JunkTarget> = {
  CliError: {
    plausible: () => ['bad input', 2],
    call: (message, exitCode) => new cli.CliError(message as string, exitCode as 1),
    parameters: ['message', 'exitCode'],
  },
  main: {
    plausible: () => [['layout', 'f32[3,5]{1,0:T(2,2)}'], cli.memoryIO(), cli.COMMANDS],
    call: (argv, io, commands) => cli.main(argv as never, io as never, commands as never),
    parameters: ['argv', 'io', 'commands'],
  },
  memoryIO: {
    plausible: () => ['stdin'],
    call: (stdin) => cli.memoryIO(stdin as string),
    parameters: ['stdin'],
  },
  usage: {
    plausible: () => [cli.COMMANDS],
    call: (commands) => cli.usage(commands as never),
    parameters: ['commands'],
  },
};

describe('every export of @tilekit/cli keeps the error contract on junk', () => {
  it('the targets are every exported function and class', () => {
    expect(Object.keys(TARGETS).sort()).toEqual(callableExports(cli));
  });

  it('junk stream 1: a result or a TilekitError naming a parameter, in every position', async () => {
    expect(await junkCallFailures(TARGETS, 1)).toEqual([]);
  });

  it('a CliError is a tilekit error with code cli, and its exit code is 1 or 2', () => {
    for (const exitCode of [1, 2, 0, 7, Number.NaN, '2', undefined]) {
      const error = new cli.CliError('bad', exitCode as 1);
      expect(isTilekitError(error)).toBe(true);
      expect(error.code).toBe('cli');
      expect(error.exitCode).toBe(exitCode === 2 ? 2 : 1);
    }
  });

  it('random command lines end in an exit code and messages without a stack trace', async () => {
    const random = seededRandom(34);
    const words = ['layout', 'opt', 'demo', 'help', '--help', '-V', '--only', 'f32[', '{', '', '-'];
    for (let run = 0; run < 60; run++) {
      const argv = Array.from(
        { length: Math.floor(random() * 4) },
        () => words[Math.floor(random() * words.length)] as string,
      );
      const io = cli.memoryIO();
      const exitCode = await cli.main(argv, io);
      expect([0, 1, 2], argv.join(' ')).toContain(exitCode);
      expect(io.err(), argv.join(' ')).not.toMatch(/\n\s+at /);
    }
  });
});

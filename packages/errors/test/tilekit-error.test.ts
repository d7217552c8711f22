import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  argumentErrorClass,
  describeValue,
  isTilekitError,
  messageText,
  TilekitArgumentError,
  TilekitError,
} from '../src/index.js';

/** A TilekitError subclass named `name`, as a package declares one. */
function errorNamed(name: string): TilekitError {
  const type = class extends TilekitError {
    override readonly name = name;
  };
  return new type('message');
}

describe('TilekitError', () => {
  it('codes are the class name in kebab-case without Error', () => {
    expect(errorNamed('LayoutSyntaxError').code).toBe('layout-syntax');
    expect(errorNamed('IRVerifyError').code).toBe('ir-verify');
    expect(errorNamed('MlirParseError').code).toBe('mlir-parse');
    expect(new TilekitError('x').code).toBe('tilekit');
  });

  it('any PascalCase name of capitalised words gives those words joined by dashes', () => {
    const word = fc
      .tuple(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), fc.stringMatching(/^[a-z0-9]{1,6}$/))
      .map(([head, tail]) => head + tail);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), (words) => {
        const expected = words.map((w) => w.toLowerCase()).join('-');
        expect(errorNamed(`${words.join('')}Error`).code).toBe(expected);
      }),
      { seed: 20240601, numRuns: 300 },
    );
  });

  it('is recognised by its brand, also from another copy of the class', () => {
    expect(isTilekitError(errorNamed('WidgetError'))).toBe(true);
    expect(isTilekitError(new Error('plain'))).toBe(false);
    expect(isTilekitError({ code: 'x', message: 'not an Error' })).toBe(false);
    expect(isTilekitError(undefined)).toBe(false);
    // What a second installed copy of this package would create: the brand is Symbol.for's.
    class Copy extends Error {
      get code() {
        return 'copy';
      }
    }
    Object.defineProperty(Copy.prototype, Symbol.for('@tilekit/error'), { value: true });
    expect(isTilekitError(new Copy('from a copy'))).toBe(true);
  });
});

describe('constructing an error from anything', () => {
  /** Values whose conversion to a string throws or never ends, beside fast-check's anything. */
  const hostile = fc.constantFrom<unknown>(
    Symbol('junk'),
    Object.create(null),
    new Array(2 ** 32 - 1),
    new Proxy(
      {},
      {
        get: () => {
          throw new Error('trap');
        },
      },
    ),
    {
      toString: () => {
        throw new Error('trap');
      },
    },
  );
  const anyValue = fc.oneof(fc.anything({ withBigInt: true, withMap: true }), hostile);

  it('a TilekitError takes any message: strings as they are, anything else described', () => {
    fc.assert(
      fc.property(anyValue, (message) => {
        const error = new TilekitError(message);
        expect(error.message).toBe(
          message === undefined
            ? ''
            : typeof message === 'string'
              ? message
              : describeValue(message),
        );
        expect(messageText(message)).toBe(
          typeof message === 'string' ? message : describeValue(message),
        );
      }),
      { seed: 20261128, numRuns: 500 },
    );
  });

  it('a TilekitArgumentError takes any argument, expected and value, and names what it can', () => {
    fc.assert(
      fc.property(anyValue, anyValue, anyValue, (argument, expected, value) => {
        const error = new TilekitArgumentError(argument as string, expected as string, value);
        expect(error.argument).toBe(messageText(argument));
        expect(error.expected).toBe(messageText(expected));
        expect(error.message).toBe(
          `Invalid ${messageText(argument)}: expected ${messageText(expected)}, got ${describeValue(value)}`,
        );
        expect(error.code).toBe('tilekit-argument');
      }),
      { seed: 20261129, numRuns: 500 },
    );
  });

  it('argumentErrorClass derives a package argument error from its base: fields, message, code', () => {
    class WidgetError extends TilekitError {
      override readonly name: string = 'WidgetError';
    }
    class WidgetArgumentError extends argumentErrorClass(WidgetError) {
      override readonly name = 'WidgetArgumentError';
    }
    fc.assert(
      fc.property(anyValue, anyValue, anyValue, (argument, expected, value) => {
        const error = new WidgetArgumentError(argument as string, expected as string, value);
        expect(error).toBeInstanceOf(WidgetError);
        expect(error).not.toBeInstanceOf(TilekitArgumentError);
        expect(isTilekitError(error)).toBe(true);
        expect(error.name).toBe('WidgetArgumentError');
        expect(error.code).toBe('widget-argument');
        expect(error.argument).toBe(messageText(argument));
        expect(error.expected).toBe(messageText(expected));
        expect(error.message).toBe(
          `Invalid ${messageText(argument)}: expected ${messageText(expected)}, got ${describeValue(value)}`,
        );
      }),
      { seed: 20261130, numRuns: 200 },
    );
  });

  it('argumentErrorClass refuses a base that is not a TilekitError class, naming it', () => {
    const trapped = new Proxy(function base() {}, {
      get() {
        throw new Error('trap');
      },
    });
    const bases = [undefined, null, 3, 'TilekitError', {}, RangeError, class {}, trapped];
    bases.forEach((base, i) => {
      expect(() => argumentErrorClass(base as never), `base #${i}`).toThrowError(
        expect.objectContaining({
          name: 'TilekitArgumentError',
          argument: 'base',
          expected: 'a class deriving from TilekitError',
        }),
      );
    });
  });

  it('a symbol message reads as one', () => {
    expect(new TilekitError(Symbol('x')).message).toBe('a symbol');
    expect(new TilekitArgumentError('dims', 'an array', Symbol('x')).message).toBe(
      'Invalid dims: expected an array, got a symbol',
    );
  });
});

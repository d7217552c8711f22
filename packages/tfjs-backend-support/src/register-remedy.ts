/**
 * What an error about a missing kernel tells the app to do: the `register-*` entry of the
 * active backend to import, or the backends the package has entries for.
 */
import { describeValue } from './describe-value.js';
import { BackendArgumentError } from './errors.js';

/** Backend name -> the import specifier that registers a package's kernels for it. */
export type RegisterEntries = Readonly<Record<string, string>>;

/**
 * What to do when a kernel of the package whose register entries are `entries` is missing on
 * `backend`, in words: the import to add, or (for a backend the package has no entry for) the
 * backends it has, each with its import.
 *
 * @example registerRemedy({ cpu: '@tilekit/sparse/tfjs/register-cpu' }, 'cpu')
 */
export function registerRemedy(entries: RegisterEntries, backend: string): string {
  expectRegisterEntries(entries, 'registerRemedy');
  if (typeof backend !== 'string')
    throw new BackendArgumentError(
      'registerRemedy',
      'backend',
      `must be a backend name, got ${describeValue(backend)}`,
    );
  const entry = Object.hasOwn(entries, backend) ? entries[backend] : undefined;
  if (entry !== undefined) {
    return `add \`import '${entry}';\` once to the app (tfjs-core's kernel registry only knows what an entry registered)`;
  }
  const known = Object.entries(entries)
    .map(([name, specifier]) => `'${name}' (import '${specifier}')`)
    .join(', ');
  return `the kernels are registered for the backends ${known}; switch to one of them with tf.setBackend and import its entry`;
}

/** Most backends a package registers kernels for (tfjs has four). */
const MAX_ENTRIES = 64;

/** `entries` maps backend names to import specifiers, or a typed error of `op`. */
export function expectRegisterEntries(
  entries: unknown,
  op: string,
): asserts entries is RegisterEntries {
  if (!isEntryMap(entries))
    throw new BackendArgumentError(
      op,
      'entries',
      `must map backend names to the import specifiers of their register entries, got ${describeValue(entries)}`,
    );
}

/** Whether `entries` is a small plain map of strings; a Proxy whose traps throw is not. */
function isEntryMap(entries: unknown): boolean {
  if (typeof entries !== 'object' || entries === null || Array.isArray(entries)) return false;
  try {
    const values = Object.values(entries);
    return values.length <= MAX_ENTRIES && values.every((v) => typeof v === 'string');
  } catch {
    return false;
  }
}

/**
 * Installing one Debian package for a tool the tests need, the way every ensure-* script does
 * it: only as root, waiting for a concurrent dpkg lock rather than failing, fetching the package
 * lists only when they were never fetched (a fresh image), and refreshing them once when an
 * install fails (stale lists are the usual cause). Exits the process with a message naming the
 * script and the remedy when it cannot.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const APT_LISTS = '/var/lib/apt/lists';
const LOCK_WAIT = ['-o', 'DPkg::Lock::Timeout=300'];

/** Prints `message` as `script: message` and exits non-zero. */
export function fail(script, message) {
  console.error(`${script}: ${message}`);
  process.exit(1);
}

function aptGet(script, args) {
  console.error(`${script}: apt-get ${args.join(' ')}`);
  const result = spawnSync('apt-get', args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

function aptListsEmpty() {
  try {
    return readdirSync(APT_LISTS).filter((f) => f.endsWith('_Packages')).length === 0;
  } catch {
    return true;
  }
}

/**
 * Installs Debian package `name` for `script`; `instead` says what a non-root user should do.
 * Returns only when apt-get reported success.
 */
export function installDebianPackage(script, name, instead) {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    fail(
      script,
      `${name} is not installed and this is not root, so it cannot be installed here.\n  ${instead}`,
    );
  }
  if (aptListsEmpty() && !aptGet(script, [...LOCK_WAIT, 'update']))
    fail(script, 'apt-get update failed.');
  if (aptGet(script, ['install', '-y', ...LOCK_WAIT, name])) return;
  if (
    !aptGet(script, [...LOCK_WAIT, 'update']) ||
    !aptGet(script, ['install', '-y', ...LOCK_WAIT, name])
  ) {
    fail(script, `apt-get install ${name} failed.`);
  }
}

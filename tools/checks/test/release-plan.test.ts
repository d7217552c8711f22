/**
 * Independent releases: the repository's changesets, applied by the real `changeset version` to a
 * copy of the workspace manifests, bump each package as its changesets say (dependents whose
 * range the bump leaves get at least a patch), write changelogs, and leave every internal
 * dependency range satisfied by the version it points at.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import getReleasePlan from '@changesets/get-release-plan';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, workspaces } from './support/workspace.js';

const root = repoRoot;
const RANGE_FIELDS = ['dependencies', 'peerDependencies', 'devDependencies'] as const;
const BUMPS = ['none', 'patch', 'minor', 'major'] as const;
type Bump = (typeof BUMPS)[number];

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const readJson = <T>(path: string) => JSON.parse(fs.readFileSync(path, 'utf8')) as T;

/** Workspace package directories, relative to the root. */
const workspaceDirs = (): string[] => workspaces().map((w) => w.dir);

/** `^x.y.z` or an exact version; anything else is a range this test does not understand. */
function satisfies(range: string, version: string): boolean {
  const [major, minor, patch] = version.split('.').map(Number) as [number, number, number];
  if (!range.startsWith('^')) return range === version;
  const [a, b, c] = range.slice(1).split('.').map(Number) as [number, number, number];
  const atLeast = major > a || (major === a && (minor > b || (minor === b && patch >= c)));
  if (a > 0) return atLeast && major === a;
  if (b > 0) return atLeast && major === 0 && minor === b;
  return major === 0 && minor === 0 && patch === c;
}

function bumped(version: string, bump: Bump): string {
  const [major, minor, patch] = version.split('.').map(Number) as [number, number, number];
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  if (bump === 'patch') return `${major}.${minor}.${patch + 1}`;
  return version;
}

/** Bumps and summaries straight from the changeset files' front matter (YAML: either quote). */
function readChangesets(): { bumps: Map<string, Bump>; summaries: Map<string, string[]> } {
  const bumps = new Map<string, Bump>();
  const summaries = new Map<string, string[]>();
  for (const file of fs
    .readdirSync(join(root, '.changeset'))
    .filter((f) => f.endsWith('.md') && f !== 'README.md')) {
    const [, front = '', body = ''] =
      /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(
        fs.readFileSync(join(root, '.changeset', file), 'utf8'),
      ) ?? [];
    for (const [, name, bump] of front.matchAll(
      /^["']?([^"':]+)["']?:\s*(patch|minor|major)\s*$/gm,
    )) {
      const previous = bumps.get(name!) ?? 'none';
      if (BUMPS.indexOf(bump as Bump) > BUMPS.indexOf(previous)) bumps.set(name!, bump as Bump);
      summaries.set(name!, [...(summaries.get(name!) ?? []), body.trim()]);
    }
  }
  return { bumps, summaries };
}

/** Expected new versions: the changesets' bumps, then a patch for dependents left out of range. */
function expectedVersions(
  manifests: readonly Manifest[],
  bumps: ReadonlyMap<string, Bump>,
): Map<string, string> {
  const versions = new Map(
    manifests.map((m) => [
      m.name,
      m.private ? m.version : bumped(m.version, bumps.get(m.name) ?? 'none'),
    ]),
  );
  for (let changed = true; changed; ) {
    changed = false;
    for (const m of manifests.filter((p) => !p.private && versions.get(p.name) === p.version)) {
      const ranges = { ...m.dependencies, ...m.peerDependencies };
      if (
        Object.entries(ranges).some(
          ([dep, range]) => versions.has(dep) && !satisfies(range, versions.get(dep)!),
        )
      ) {
        versions.set(m.name, bumped(m.version, 'patch'));
        changed = true;
      }
    }
  }
  return versions;
}

let work: string;
let before: Manifest[];
const { bumps, summaries } = readChangesets();
const dirs = workspaceDirs();

beforeAll(() => {
  work = fs.mkdtempSync(join(tmpdir(), 'tilekit-changesets-'));
  fs.cpSync(join(root, 'package.json'), join(work, 'package.json'));
  fs.cpSync(join(root, '.changeset'), join(work, '.changeset'), { recursive: true });
  for (const dir of dirs) {
    fs.mkdirSync(join(work, dir), { recursive: true });
    fs.cpSync(join(root, dir, 'package.json'), join(work, dir, 'package.json'));
  }
  // The changelog generator named in .changeset/config.json resolves from the copy's node_modules.
  fs.symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'), 'dir');
  before = dirs.map((dir) => readJson<Manifest>(join(work, dir, 'package.json')));
});

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('changesets', () => {
  it('name only published packages (none is needed: a release may have none pending)', () => {
    const published = new Set(before.filter((p) => !p.private).map((p) => p.name));
    for (const name of bumps.keys()) expect(published.has(name), name).toBe(true);
  });

  it('plan the bumps the changeset files ask for', async () => {
    const plan = await getReleasePlan(work);
    const planned = Object.fromEntries(
      plan.releases.filter((r) => r.type !== 'none').map((r) => [r.name, r.newVersion]),
    );
    const versions = expectedVersions(before, bumps);
    const changing = before.filter((m) => versions.get(m.name) !== m.version);
    expect(planned).toEqual(
      Object.fromEntries(changing.map((m) => [m.name, versions.get(m.name)])),
    );
  });

  it('version the packages, write changelogs and keep internal ranges satisfied', () => {
    execFileSync(
      process.execPath,
      [join(root, 'node_modules', '@changesets', 'cli', 'bin.js'), 'version'],
      { cwd: work, stdio: 'pipe' },
    );
    const versions = expectedVersions(before, bumps);
    const after = dirs.map((dir) => readJson<Manifest>(join(work, dir, 'package.json')));
    for (const m of after) {
      expect(m.version, m.name).toBe(versions.get(m.name));
      for (const field of RANGE_FIELDS) {
        for (const [dep, range] of Object.entries(m[field] ?? {})) {
          if (versions.has(dep))
            expect(satisfies(range, versions.get(dep)!), `${m.name} ${field} ${dep}@${range}`).toBe(
              true,
            );
        }
      }
    }
    for (const [name, texts] of summaries) {
      const index = before.findIndex((m) => m.name === name);
      const dir = dirs[index]!;
      // Private workspaces (the playground) are not versioned (`privatePackages.version: false`).
      if (before[index]?.private) {
        expect(fs.existsSync(join(work, dir, 'CHANGELOG.md')), relative(work, dir)).toBe(false);
        continue;
      }
      // The changelog generator formats markdown: it escapes literal `*` and `_` (as in `T(*,3)`).
      const changelog = fs
        .readFileSync(join(work, dir, 'CHANGELOG.md'), 'utf8')
        .replace(/\\([*_])/g, '$1');
      expect(
        changelog.startsWith(`# ${name}\n\n## ${versions.get(name)}\n`),
        relative(work, dir),
      ).toBe(true);
      for (const text of texts) expect(changelog).toContain(text.split('\n')[0]);
    }
  });
});

#!/usr/bin/env node
/**
 * Proves a package is publishable on its own (run from the package directory, after its build):
 *  1. `publint` and `@arethetypeswrong/cli` (ESM-only profile) judge the package as published;
 *  2. `npm pack` it (its tarball must hold LICENSE, README.md, CHANGELOG.md and its bin files) and the tarballs of the
 *     @tilekit packages it depends on (not on npm yet), and install them into an empty project
 *     with only the declared dependencies and peers;
 *  3. import every `exports` entry from plain Node, type-check an import of each with `tsc`
 *     (NodeNext, no monorepo conditions), and run the package's `test/pack-smoke.mjs` if it has one;
 *  4. run that smoke again in a second project holding the oldest tfjs the peer ranges admit, so a
 *     range wider than what works fails here (the monorepo itself only ever runs its pinned tfjs).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sideEffectFileTest } from './side-effect-files.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const packageDir = process.cwd();
const readManifest = (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
const manifest = readManifest(packageDir);
const bin = (name) => join(root, 'node_modules', '.bin', name);
const sh = (command, args, cwd) =>
  execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });

function localPackageDir(name) {
  const dir = join(root, 'packages', name.replace('@tilekit/', ''));
  return name.startsWith('@tilekit/') && existsSync(join(dir, 'package.json')) ? dir : undefined;
}

/** The package and every @tilekit package it (transitively) depends on. */
function closure(dir, seen = new Map()) {
  const m = readManifest(dir);
  if (seen.has(m.name)) return seen;
  seen.set(m.name, dir);
  for (const dep of Object.keys(m.dependencies ?? {})) {
    const depDir = localPackageDir(dep);
    if (depDir) closure(depDir, seen);
  }
  return seen;
}

/** The tarball carries the licence, README, changelog and every bin target (none is a build output). */
function checkTarballFiles(paths) {
  const required = [
    'LICENSE',
    'README.md',
    'CHANGELOG.md',
    ...Object.values(manifest.bin ?? {}).map((p) => p.replace(/^\.\//, '')),
  ];
  const missing = required.filter((path) => !paths.includes(path));
  if (missing.length > 0)
    throw new Error(`pack-check ${manifest.name}: the tarball lacks ${missing.join(', ')}`);
  console.log(`pack-check ${manifest.name}: tarball has ${required.join(', ')}`);
}

console.log(`pack-check ${manifest.name}: publint`);
console.log(sh(bin('publint'), ['--strict', packageDir], root).trim());

const work = mkdtempSync(join(tmpdir(), 'tilekit-pack-'));
const tarballs = {};
for (const [name, dir] of closure(packageDir)) {
  const [info] = JSON.parse(
    sh('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], dir),
  );
  tarballs[name] = join(work, info.filename);
  if (name === manifest.name) checkTarballFiles(info.files.map((file) => file.path));
}

console.log(`pack-check ${manifest.name}: are the types wrong (esm-only)`);
console.log(
  sh(
    bin('attw'),
    [tarballs[manifest.name], '--profile', 'esm-only', '--format', 'table-flipped', '--no-color'],
    root,
  ).trim(),
);

// An empty consumer project: the tarballs, plus the declared peers (required and optional) from npm.
const project = join(work, 'consumer');
mkdirSync(project);
const tarballDependencies = Object.fromEntries(
  Object.entries(tarballs).map(([name, file]) => [name, `file:${file}`]),
);
const dependencies = { ...tarballDependencies };
for (const [peer, range] of Object.entries(manifest.peerDependencies ?? {}))
  dependencies[peer] = range;
writeFileSync(
  join(project, 'package.json'),
  JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies }, null, 2),
);
console.log(`pack-check ${manifest.name}: installing into an empty project`);
sh('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], project);

// Pattern exports (`./corpus/*.mlir`) publish data files: at least one must be installed.
for (const [key, target] of Object.entries(manifest.exports).filter(([k]) => k.includes('*'))) {
  if (typeof target !== 'string') throw new Error(`pack-check: ${key} must map to one path`);
  const [prefix, suffix] = target.split('*');
  const dir = join(project, 'node_modules', manifest.name, prefix);
  const found = existsSync(dir) ? (await readdir(dir)).filter((f) => f.endsWith(suffix)) : [];
  if (found.length === 0) throw new Error(`pack-check ${manifest.name}: ${key} matches no file`);
  console.log(`pack-check ${manifest.name}: ${key} matches ${found.length} files`);
}

const subpaths = Object.keys(manifest.exports).filter(
  (key) => key !== './package.json' && !key.includes('*'),
);
const specifiers = subpaths.map((key) =>
  key === '.' ? manifest.name : `${manifest.name}/${key.slice(2)}`,
);
// An entry imported for its side effect (the package lists its file under `sideEffects`, as the
// register entries and a compiler-installing entry are) may export nothing; any other must.
const namesSideEffects = sideEffectFileTest(manifest.sideEffects);
const mayExportNothing = subpaths.map((key) => {
  const target = manifest.exports[key];
  const file = typeof target === 'string' ? target : target?.default;
  return typeof file === 'string' && namesSideEffects(file);
});
writeFileSync(
  join(project, 'import-all.mjs'),
  specifiers
    .map(
      (spec, i) =>
        `const m${i} = await import('${spec}');\nif (Object.keys(m${i}).length === 0 && !${mayExportNothing[i]}) throw new Error('${spec} exports nothing');`,
    )
    .join('\n') +
    "\nconsole.log('imported', " +
    specifiers.length +
    ", 'entry points');\n",
);
console.log(sh(process.execPath, ['import-all.mjs'], project).trim());

writeFileSync(
  join(project, 'types.mts'),
  `${specifiers
    .map(
      (spec, i) => `import * as m${i} from '${spec}';\nexport const keys${i} = Object.keys(m${i});`,
    )
    .join('\n')}\n`,
);
writeFileSync(
  join(project, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: {
      module: 'nodenext',
      moduleResolution: 'nodenext',
      target: 'es2022',
      strict: true,
      noEmit: true,
      // Our declarations are checked as a user's compiler would check them. tfjs-core's own
      // typings need the DOM lib and the global \`Long\` type from @types/long (its dependency),
      // so the automatic @types inclusion stays on.
      lib: ['es2022', 'dom'],
      skipLibCheck: false,
    },
    files: ['types.mts'],
  }),
);
console.log(`pack-check ${manifest.name}: type-checking imports with tsc (skipLibCheck off)`);
sh(
  process.execPath,
  [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'],
  project,
);

const smoke = join(packageDir, 'test', 'pack-smoke.mjs');
if (existsSync(smoke)) {
  cpSync(smoke, join(project, 'pack-smoke.mjs'));
  console.log(sh(process.execPath, ['pack-smoke.mjs'], project).trim());
  smokeOnOldestTfjs();
}
console.log(`pack-check ${manifest.name}: ok`);

/** Every published version of `name` that `range` admits, oldest first (npm's own matching). */
function versionsInRange(name, range) {
  const found = JSON.parse(sh('npm', ['view', `${name}@${range}`, 'version', '--json'], work));
  return Array.isArray(found) ? found : [found];
}

/**
 * Runs the smoke in a project with `@tensorflow/tfjs-core` at the lowest version the peer range
 * admits, and every other `@tensorflow/*` peer whose range admits that same version (tfjs
 * releases its packages in lockstep, each peering on the core of its own version) at it too.
 */
function smokeOnOldestTfjs() {
  const peers = Object.entries(manifest.peerDependencies ?? {}).filter(([name]) =>
    name.startsWith('@tensorflow/'),
  );
  const coreRange = manifest.peerDependencies?.['@tensorflow/tfjs-core'];
  if (coreRange === undefined) return;
  const oldest = versionsInRange('@tensorflow/tfjs-core', coreRange)[0];
  const pinned = Object.fromEntries(
    peers
      .filter(([name, range]) => versionsInRange(name, range).includes(oldest))
      .map(([name]) => [name, oldest]),
  );
  const oldProject = join(work, 'consumer-oldest-tfjs');
  mkdirSync(oldProject);
  writeFileSync(
    join(oldProject, 'package.json'),
    JSON.stringify(
      {
        name: 'consumer-oldest-tfjs',
        private: true,
        type: 'module',
        // Only the pinned peers: newer-only optional backends stay out of this project.
        dependencies: { ...tarballDependencies, ...pinned },
      },
      null,
      2,
    ),
  );
  console.log(
    `pack-check ${manifest.name}: smoke on the oldest admitted tfjs (${Object.keys(pinned).join(', ')} @ ${oldest})`,
  );
  sh(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'],
    oldProject,
  );
  cpSync(smoke, join(oldProject, 'pack-smoke.mjs'));
  console.log(sh(process.execPath, ['pack-smoke.mjs'], oldProject).trim());
}

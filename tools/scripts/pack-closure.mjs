#!/usr/bin/env node
/**
 * `npm run pack-closure -- <package> <folder>`: packs a workspace package together with every
 * `@tilekit` package it needs (its dependencies and peer dependencies, transitively) into
 * <folder>, so that one `npm install <folder>/*.tgz` installs it without a registry lookup for a
 * tilekit package. Prints the tarballs' names, one a line. `<package>` is `@tilekit/sparse` or
 * just `sparse`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Every published workspace package under packages/: name -> { dir, manifest }. */
function workspacePackages() {
  const packages = new Map();
  for (const dir of readdirSync(join(root, 'packages'))) {
    const path = join(root, 'packages', dir, 'package.json');
    if (!existsSync(path)) continue;
    const manifest = JSON.parse(readFileSync(path, 'utf8'));
    if (!manifest.private) packages.set(manifest.name, { dir: `packages/${dir}`, manifest });
  }
  return packages;
}

/** `name` and the @tilekit packages it needs, transitively, in a stable order. */
export function tilekitClosure(name, packages = workspacePackages()) {
  const seen = new Set();
  const visit = (current) => {
    if (seen.has(current)) return;
    seen.add(current);
    const { manifest } = packages.get(current);
    const needed = { ...manifest.dependencies, ...manifest.peerDependencies };
    for (const dependency of Object.keys(needed).sort()) {
      if (packages.has(dependency)) visit(dependency);
    }
  };
  visit(name);
  return [...seen].sort();
}

function fail(message) {
  console.error(`pack-closure: ${message}`);
  process.exit(2);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [given, destination, ...rest] = process.argv.slice(2);
  if (given === undefined || destination === undefined || rest.length > 0) {
    fail('usage: npm run pack-closure -- <package> <existing folder>');
  }
  const packages = workspacePackages();
  const name = given.startsWith('@') ? given : `@tilekit/${given}`;
  if (!packages.has(name)) {
    fail(`no published package '${given}'; there are ${[...packages.keys()].sort().join(', ')}`);
  }
  if (!existsSync(destination)) fail(`the folder '${destination}' does not exist (mkdir -p it)`);
  const closure = tilekitClosure(name, packages);
  const args = ['pack', '--silent', '--pack-destination', resolve(destination)];
  for (const member of closure) args.push('--workspace', packages.get(member).dir);
  const packed = spawnSync('npm', args, {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (packed.status !== 0) fail(`npm pack failed (exit ${packed.status})`);
  // npm lists each tarball once per workspace summary; print each name once.
  const tarballs = new Set(
    packed.stdout
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.endsWith('.tgz')),
  );
  for (const tarball of tarballs) console.log(tarball);
}

/**
 * The release path, proven against a real registry: a Verdaccio on 127.0.0.1 (no uplink, so
 * nothing `@tilekit/*` can come from the internet), a clean clone of this repository running
 * CONTRIBUTING's release commands as written, and an empty app installing `@tilekit/tfjs-kernels`,
 * `@tilekit/sparse` and `@tilekit/cli` with tfjs from that registry, then running a script and
 * the CLI. Only tfjs itself comes from the npm registry (npm's cache first).
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cloneCheckout } from '@tilekit/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../tools/vitest/free-port.ts';
import { fencedBlocks } from '../../../../tools/vitest/readme-examples.ts';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const TFJS = '4.22.0';

/** A new folder `name` under `work` holding an empty private ES-module app's package.json. */
function emptyApp(work: string, name: string): string {
  const app = join(work, name);
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
  return app;
}

/** Polls until the registry answers (Verdaccio takes a second or two to start). */
async function waitForRegistry(url: string, process: ChildProcess): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (process.exitCode !== null) throw new Error(`verdaccio exited with ${process.exitCode}`);
    try {
      const response = await fetch(`${url}-/ping`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((wake) => setTimeout(wake, 200));
  }
  throw new Error(`verdaccio did not answer at ${url}`);
}

/** Runs a shell command, failing the test with its output when it exits non-zero. */
function sh(command: string, cwd: string, env: NodeJS.ProcessEnv): string {
  const run = spawnSync('sh', ['-ec', command], {
    cwd,
    env,
    encoding: 'utf8',
    timeout: 480_000,
    maxBuffer: 1 << 26,
  });
  if (run.status !== 0) {
    throw new Error(
      `'${command}' exited ${run.status}:\n${run.stdout.slice(-4000)}\n${run.stderr.slice(-4000)}`,
    );
  }
  return run.stdout;
}

describe('a release published to a local registry installs and runs in an empty app', () => {
  const scratch = join(repoRoot, '.tmp', 'release-test');
  let work = '';
  let registry: ChildProcess | undefined;
  let url = '';
  let env: NodeJS.ProcessEnv = {};

  beforeAll(async () => {
    mkdirSync(scratch, { recursive: true });
    work = mkdtempSync(join(scratch, 'run-'));
    const launcher = execFileSync(
      process.execPath,
      [join(repoRoot, 'tools', 'scripts', 'ensure-verdaccio.mjs')],
      { encoding: 'utf8' },
    ).trim();
    const port = await freePort();
    url = `http://127.0.0.1:${port}/`;
    // No uplinks: @tilekit/* exists only as published here; anyone may publish (a test registry).
    writeFileSync(
      join(work, 'verdaccio.yaml'),
      [
        `storage: ${join(work, 'storage')}`,
        'auth:',
        '  htpasswd:',
        `    file: ${join(work, 'htpasswd')}`,
        'packages:',
        "  '**':",
        '    access: $all',
        '    publish: $all',
        'log: { type: stdout, format: pretty, level: warn }',
        '',
      ].join('\n'),
    );
    registry = spawn(
      process.execPath,
      [launcher, '--config', join(work, 'verdaccio.yaml'), '--listen', `127.0.0.1:${port}`],
      { stdio: 'ignore' },
    );
    await waitForRegistry(url, registry);
    // A registry user, as `npm adduser` would create one.
    const user = await fetch(`${url}-/user/org.couchdb.user:release`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'release', password: 'release-test-password' }),
    });
    const { token } = (await user.json()) as { token: string };
    const npmrc = join(work, 'npmrc');
    writeFileSync(
      npmrc,
      `@tilekit:registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\naudit=false\nfund=false\nupdate-notifier=false\n`,
    );
    env = {
      ...process.env,
      NPM_CONFIG_USERCONFIG: npmrc,
      NX_DAEMON: 'false',
      NX_NO_CLOUD: 'true',
      NX_TUI: 'false',
      // The clone's builds restore from this checkout's Nx cache when their inputs are unchanged.
      NX_CACHE_DIRECTORY: join(repoRoot, '.nx', 'cache'),
      FORCE_COLOR: '0',
    };
  }, 300_000);

  afterAll(() => {
    registry?.kill();
    if (work) rmSync(work, { recursive: true, force: true });
  }, 120_000);

  it("CONTRIBUTING's release commands publish every package, built, from a clean clone", () => {
    const clone = join(work, 'clone');
    cloneCheckout(repoRoot, clone);
    for (const dir of ['packages/layout', 'packages/cli']) {
      expect(existsSync(join(clone, dir, 'dist')), `${dir}/dist in a fresh clone`).toBe(false);
    }
    const contributing = readFileSync(join(clone, 'CONTRIBUTING.md'), 'utf8');
    const release = fencedBlocks(contributing).filter(
      (block) => block.heading === 'Releasing' && block.language === 'sh',
    );
    expect(release).toHaveLength(1);
    for (const line of release[0]!.body.split('\n')) {
      const command = line.replace(/\s+#.*$/, '').trim();
      if (command !== '') sh(command, clone, env);
    }
    for (const name of ['layout', 'tfjs-kernels', 'sparse', 'cli']) {
      const info = JSON.parse(sh(`npm view @tilekit/${name} --json`, work, env));
      expect(info.dist.tarball.startsWith(url), name).toBe(true);
      const manifest = JSON.parse(
        readFileSync(join(clone, 'packages', name, 'package.json'), 'utf8'),
      );
      expect(info.version, name).toBe(manifest.version);
    }
  });

  it("a contributor's changeset becomes the next version's changelog section", () => {
    const clone = join(work, 'clone');
    const before = readFileSync(join(clone, 'packages/layout/CHANGELOG.md'), 'utf8');
    const version = JSON.parse(readFileSync(join(clone, 'packages/layout/package.json'), 'utf8'))
      .version as string;
    const [major, minor, patch] = version.split('.').map(Number);
    // As `npx changeset` writes one.
    writeFileSync(
      join(clone, '.changeset', 'release-test.md'),
      '---\n"@tilekit/layout": patch\n---\n\nThe release test checks this line reaches the changelog.\n',
    );
    sh('npx changeset version', clone, env);
    const after = readFileSync(join(clone, 'packages/layout/CHANGELOG.md'), 'utf8');
    expect(after).toBe(
      `# @tilekit/layout\n\n## ${major}.${minor}.${patch! + 1}\n\n### Patch Changes\n\n- The release test checks this line reaches the changelog.\n\n${before.slice('# @tilekit/layout\n\n'.length)}`,
    );
    expect(after).toMatch(/\n## 0\.1\.0\n\nFirst release: /);
  });

  it("each package README's install block (the CLI's: with its commands) runs as written", () => {
    const app = emptyApp(work, 'readme-app');
    // The READMEs as released: the clone's.
    const packagesDir = join(work, 'clone', 'packages');
    for (const name of readdirSync(packagesDir).sort()) {
      const blocks = fencedBlocks(readFileSync(join(packagesDir, name, 'README.md'), 'utf8'));
      const install =
        blocks.find((block) => block.heading === 'Install' && block.language === 'sh') ??
        blocks.find((block) => block.language === 'sh');
      expect(install?.body, name).toMatch(
        new RegExp(`^npm install (--save-dev )?@tilekit/${name}\\b`),
      );
      for (const line of install!.body.split('\n')) {
        const command = line.replace(/\s+#.*$/, '').trim();
        if (command !== '') sh(command, app, env);
      }
      expect(existsSync(join(app, 'node_modules', '@tilekit', name, 'CHANGELOG.md')), name).toBe(
        true,
      );
    }
  });

  it('an empty app installs the published packages with tfjs and runs a script and the CLI', () => {
    const app = emptyApp(work, 'app');
    sh(
      `npm install --prefer-offline --loglevel=error @tilekit/tfjs-kernels @tilekit/sparse @tilekit/cli @tensorflow/tfjs-core@${TFJS} @tensorflow/tfjs-backend-cpu@${TFJS}`,
      app,
      env,
    );
    expect(existsSync(join(app, 'node_modules/@tilekit/layout/CHANGELOG.md'))).toBe(true);
    writeFileSync(
      join(app, 'script.mjs'),
      [
        "import * as tf from '@tensorflow/tfjs-core';",
        "import '@tensorflow/tfjs-backend-cpu';",
        "import '@tilekit/tfjs-kernels/register-cpu';",
        "import { relayout, tscatter } from '@tilekit/tfjs-kernels';",
        "import { SparseTensor } from '@tilekit/sparse';",
        "import { spmv } from '@tilekit/sparse/tfjs';",
        "import '@tilekit/sparse/tfjs/register-cpu';",
        "await tf.setBackend('cpu');",
        'const x = tf.tensor2d([[1, 2, 3], [4, 5, 6]]);',
        "console.log(Array.from(relayout(x, '{1,0:T(2,2)}', { padValue: -1 }).dataSync()).join(' '));",
        'const idx = tf.tensor2d([[5, 4, 3], [2, 1, 0]], [2, 3], "int32");',
        "console.log(Array.from(tscatter(x, idx, { dstShape: [2, 3] }).dataSync()).join(' '));",
        "const A = SparseTensor.fromDense(new Float32Array([1, 0, 2, 0, 0, 3]), [2, 3], 'CSR');",
        "console.log(Array.from(await spmv(A, tf.tensor1d([1, 2, 3])).data()).join(' '));",
        '',
      ].join('\n'),
    );
    const script = spawnSync(process.execPath, ['script.mjs'], { cwd: app, encoding: 'utf8' });
    expect(script.status, script.stderr).toBe(0);
    // Plain loops: x in 2x2 tiles ([1 2 4 5] [3 -1 6 -1]); the scatter reverses x; A x.
    expect(script.stdout).toBe('1 2 4 5 3 -1 6 -1\n6 5 4 3 2 1\n7 9\n');
    const cli = spawnSync(
      join(app, 'node_modules', '.bin', 'tilekit'),
      ['layout', 'f32[3,5]{1,0:T(2,2)}'],
      { cwd: app, encoding: 'utf8' },
    );
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout).toContain('physical elements:  24');
  });
});

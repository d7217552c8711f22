/**
 * Every published package's tarball carries the Apache-2.0 licence its manifest declares,
 * checked on what `npm pack` would publish.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/workspace.js';

const licence = readFileSync(join(repoRoot, 'LICENSE'), 'utf8');
const packageDirs = readdirSync(join(repoRoot, 'packages')).map((name) =>
  join(repoRoot, 'packages', name),
);

describe('licences', () => {
  it('the root LICENSE is the full Apache License 2.0', () => {
    const lines = licence.split('\n').map((line) => line.trim());
    expect(lines.slice(0, 4)).toEqual([
      '',
      'Apache License',
      'Version 2.0, January 2004',
      'http://www.apache.org/licenses/',
    ]);
    // The nine numbered sections, then the end of the terms and the appendix.
    const sections = lines.filter((line) => /^\d\. [A-Z]/.test(line)).map((line) => line[0]);
    expect(sections).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(lines).toContain('END OF TERMS AND CONDITIONS');
    expect(lines).toContain('APPENDIX: How to apply the Apache License to your work.');
  });

  for (const dir of packageDirs) {
    it(`${dir.slice(repoRoot.length)}: npm pack includes LICENSE, the same text, Apache-2.0`, () => {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      expect(manifest.license).toBe('Apache-2.0');
      expect(readFileSync(join(dir, 'LICENSE'), 'utf8')).toBe(licence);
      const [packed] = JSON.parse(
        execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
          cwd: dir,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        }),
      );
      expect(packed.files.map((file: { path: string }) => file.path)).toContain('LICENSE');
    });
  }
});

/**
 * The checked-in API reports (tools/checks/api/) describe what the sources export now: a change
 * to a public surface shows up as a diff of those files. After a deliberate change, run
 * `npm run api:update` and commit the reports with a changeset.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_DIR, apiReports, reportFile } from '../scripts/api-report.js';

describe('API reports', () => {
  const reports = apiReports();

  it('cover every published package, and nothing else', () => {
    const files = existsSync(API_DIR) ? readdirSync(API_DIR).sort() : [];
    expect(files).toEqual(
      [...reports.keys()].map((name) => reportFile(name).slice(API_DIR.length + 1)).sort(),
    );
  });

  for (const [name, text] of reports) {
    it(`${name} matches its report (npm run api:update after a deliberate change)`, () => {
      const file = reportFile(name);
      expect(existsSync(file), `${file} is missing: run npm run api:update`).toBe(true);
      expect(text).toBe(readFileSync(file, 'utf8'));
    });
  }
});

/**
 * The error contract's junk-call harness (run in `npm test` by test/junk-calls.test.ts; here as
 * a command, to list every failure while fixing them): calls every function, static
 * method and constructor of every `exports` entry of every published package with a seeded
 * junk corpus (null, NaN, 2^53, Proxies that throw on every trap, throwing getters, frozen and
 * huge arrays ...) in worker threads that are restarted after a hang, and lists every call that
 * threw something other than a TilekitError. From the repository root:
 *
 *   npx tsx --conditions=@tilekit/source tools/checks/scripts/junk-calls/run.ts
 *
 * Env: ONLY (comma-separated entries, e.g. `@tilekit/layout`), SEED, HANG (ms per call), SAMPLE
 * (the share of calls made, default 1), STREAM and OUT (where failures are written, under .tmp/
 * by default).
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { runJunkCalls } from './junk-calls.ts';
import { packageEntries } from './package-entries.ts';

const t0 = Date.now();
const only = process.env.ONLY?.split(',');
const entries = packageEntries().filter((e) => only === undefined || only.includes(e.specifier));
const stream = process.env.STREAM ?? '.tmp/junk-stream.txt';
writeFileSync(stream, '');
const report = await runJunkCalls(entries, {
  seed: Number(process.env.SEED ?? 1),
  hangMs: Number(process.env.HANG ?? 3000),
  promiseMs: 2000,
  heapMb: 2048,
  sample: Number(process.env.SAMPLE ?? 1),
  onProgress: (i, t) =>
    console.error(`${((Date.now() - t0) / 1000).toFixed(0)}s call ${i} ${t?.entry} ${t?.name}`),
  onFailure: (f) =>
    appendFileSync(stream, `${f.entry}\t${f.name}\t${f.position}\t${f.junk}\t${f.problem}\n`),
});
const byTarget = new Map<string, number>();
for (const f of report.failures)
  byTarget.set(`${f.entry} ${f.name}`, (byTarget.get(`${f.entry} ${f.name}`) ?? 0) + 1);
console.log(
  `targets ${report.targets.length} calls ${report.calls} failures ${report.failures.length} in ${byTarget.size} targets, ${(Date.now() - t0) / 1000}s`,
);
writeFileSync(process.env.OUT ?? '.tmp/junk-report.json', JSON.stringify(report.failures, null, 1));

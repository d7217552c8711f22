// Runs inside an empty project where the packed @tilekit/cli tarball was installed (see
// tools/scripts/pack-check.mjs): the `tilekit` bin must work with only declared dependencies.
import { execFileSync } from 'node:child_process';

const out = execFileSync('node_modules/.bin/tilekit', ['layout', 'f32[3,5]{1,0:T(2,2)}'], {
  encoding: 'utf8',
});
// ceil(3/2) * ceil(5/2) tiles of 2x2 = 24 physical slots.
if (!out.includes('physical elements:  24'))
  throw new Error(`unexpected tilekit layout output:\n${out}`);
console.log('tilekit bin works from the packed tarball');

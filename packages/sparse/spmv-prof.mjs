import { compile } from '@tilekit/loop-engines';
import { vectorize } from '@tilekit/sparse-vectorizer';
import { SparseTensor, runKernel, sparsify } from './dist/index.js';
const n = +(process.env.N ?? 20000), nnz = Math.round(n * +(process.env.PER ?? 2));
let seed = 7; const rnd = () => { seed = (seed + 0x6D2B79F5) | 0; let t = Math.imul(seed ^ (seed >>> 15), 1 | seed); t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
const idx = []; const vals = [];
for (let e = 0; e < nnz; e++) { idx.push([Math.floor(rnd()*n), Math.floor(rnd()*n)]); vals.push(rnd()); }
const A = SparseTensor.fromCoordinates(idx, Float64Array.from(vals), [n, n], 'CSR');
const k = sparsify('y(i) = A(i,j) * x(j)', { A: 'CSR' }, { valueType: 'f64' });
const vec = process.argv[2] !== 'scalar';
const module = vec ? vectorize(k.module, { vectorLength: 8, enableSIMDIndex32: true, halfWidthShortReductions: true }).module : k.module;
const run = compile(module, k.functionName, { engine: 'wasm' });
const x = Float64Array.from({ length: n }, () => rnd());
const yOut = new Float64Array(n); const f = process.env.OUT ? () => runKernel(k, run, { A, x: { data: x, shape: [n] } }, yOut) : () => runKernel(k, run, { A, x: { data: x, shape: [n] } });
for (let i = 0; i < 3000; i++) f();
const times = [];
for (let b = 0; b < 41; b++) { const t = performance.now(); for (let i = 0; i < 200; i++) f(); times.push((performance.now() - t) / 200 * 1000); }
times.sort((a,b)=>a-b); console.log(vec ? 'vec' : 'scalar', 'median µs', times[20].toFixed(1), 'min', times[0].toFixed(1));

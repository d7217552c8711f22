/** spmm and spmv with block and 2:4 weights on WebGL2 (SwiftShader): test/gpu-support/block-products-suite.ts. */
import { describeBlockProducts } from '../gpu-support/block-products-suite.js';
import { WEBGL } from '../gpu-support/webgl.js';

describeBlockProducts(WEBGL);

/** spmm and spmv with block and 2:4 weights on WebGPU (SwiftShader): test/gpu-support/block-products-suite.ts. */
import { describeBlockProducts } from '../gpu-support/block-products-suite.js';
import { WEBGPU } from '../gpu-support/webgpu.js';

describeBlockProducts(WEBGPU);

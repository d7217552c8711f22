/**
 * `@tilekit/sparse/tfjs/compiler`: installs the sparse compiler, so that every sparse kernel
 * compiles for whatever formats, dtypes and options its operands bring (and every gradient
 * derives its kernels). Without it, the ready-made ops run the kernels prepared ahead of time
 * for CSR (and sparse vector) operands with the default options, and anything else is a typed
 * error naming this import. `sparseOp` and the GPU register entries install it themselves.
 */

import { installSparseTensorConstruction } from '../sparse-tensor/construction.js';
import { installSparseCompilerRoute } from './compile-route.js';

installSparseCompilerRoute();
// Kernels for any format convert operands and outputs between formats.
installSparseTensorConstruction();

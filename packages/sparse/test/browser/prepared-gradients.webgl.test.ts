/** register-webgl without the compiler: the ready-made ops' gradients (test/gpu-support/prepared-gradients-suite.ts). */
import '@tensorflow/tfjs-backend-webgl';
// tfjs's own gradients (sparseDot's webgpu form sums with tf.sum), as `@tensorflow/tfjs` registers them.
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import '../../src/tfjs/register-webgl.js';
import { describePreparedGradients } from '../gpu-support/prepared-gradients-suite.js';

describePreparedGradients('webgl');

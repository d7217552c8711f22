/** register-webgpu without the compiler: the ready-made ops' gradients (test/gpu-support/prepared-gradients-suite.ts). */
import '@tensorflow/tfjs-backend-webgpu';
// tfjs's own gradients (sparseDot's webgpu form sums with tf.sum), as `@tensorflow/tfjs` registers them.
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import '../../src/tfjs/register-webgpu.js';
import { describePreparedGradients } from '../gpu-support/prepared-gradients-suite.js';

describePreparedGradients('webgpu');

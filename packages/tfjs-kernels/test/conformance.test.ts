/**
 * The shared conformance suite on the CPU kernels: relayout, TSCATTER and TGATHER against the
 * document's figures, XLA's vectors, the PTO CPU simulator and seeded properties.
 */
import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import { kernelConformance } from '@tilekit/conformance';
import { describe, expect, it } from 'vitest';
import * as ops from '../src/index.js';
import '../src/register-cpu.js';

tf.env().set('IS_TEST', true);

kernelConformance({ tf, backend: 'cpu', ops }, { describe, it, expect });

/**
 * The shared kernel conformance suite on the wasm kernels (`register-wasm`): the same figures,
 * XLA vectors, PTO CPU-simulator cases and seeded properties as the CPU run, compared exactly.
 */

import { kernelConformance } from '@tilekit/conformance';
import { describe, expect, it } from 'vitest';
import * as ops from '../../src/index.js';
import { tf } from './support/backends.js';

kernelConformance({ tf, backend: 'wasm', ops }, { describe, it, expect });

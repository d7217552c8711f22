/**
 * scipy.sparse as an oracle on the committed development set `SCIPY_SPARSE` (see
 * ./support/scipy-oracle.ts for what each case checks; ./held-out/ runs the held-out set).
 */
import { SCIPY_SPARSE } from '@tilekit/conformance/testing';
import { describeScipyOracle } from './support/scipy-oracle.js';

describeScipyOracle('the development set', SCIPY_SPARSE);

/** IR verification. */
export { IRVerifyError } from './errors.js';
export { verificationDiagnostics, verifyModule } from './verifier.js';

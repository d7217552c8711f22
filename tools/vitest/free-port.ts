import { createServer } from 'node:net';

/**
 * A TCP port on 127.0.0.1 that nothing listens on right now (the system picks it), for a test
 * that starts a server of its own: a dev server, a local package registry.
 */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

// A PeerJS signaling server (the `peer` package) for online games on this machine or a
// self-hosted one (docs/online.md).
//   node scripts/signal.mjs [port] [host]     (port 0 picks a free one; default 9000 on 127.0.0.1)
// The e2e tests import it as `signal(port)`; it resolves to the http.Server once listening.
import { pathToFileURL } from 'node:url';
import { PeerServer } from 'peer';

export function signal(port = 0, host = '127.0.0.1') {
  return new Promise((resolve) => {
    PeerServer({ port, host, path: '/' }, (server) => resolve(server));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.argv[2] ?? 9000);
  const host = process.argv[3] ?? '127.0.0.1';
  const server = await signal(port, host);
  const at = server.address();
  console.log(`PeerJS signaling server on http://${host}:${typeof at === 'object' && at ? at.port : port}/`);
}

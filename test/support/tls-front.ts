// TLS in front of a plain HTTP server on loopback, with a self-signed
// certificate for `localhost` made by openssl(1): an https base URL for tests
// that need one (a CONNECT tunnel through a proxy). The client trusts the
// certificate through NODE_EXTRA_CA_CERTS=certFile.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:tls';
import { promisify } from 'node:util';

/** Whether openssl(1) is there to make the certificate. */
export const hasOpenssl = ['/usr/bin/openssl', '/bin/openssl', '/usr/local/bin/openssl'].some((path) => existsSync(path));

export interface TlsFront {
  /** `https://localhost:<port>` */
  origin: string;
  /** The certificate, PEM: what NODE_EXTRA_CA_CERTS names. */
  certFile: string;
  close(): Promise<void>;
}

/** Starts TLS on 127.0.0.1 (a port the OS picks) that passes every connection on to `target` (`http://127.0.0.1:PORT`). */
export async function startTlsFront(target: string): Promise<TlsFront> {
  const dir = await mkdtemp(join(tmpdir(), 'petstore-tls-'));
  const [keyFile, certFile] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  await promisify(execFile)('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', keyFile, '-out', certFile,
  ]);
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const server = createServer({ key: await readFile(keyFile), cert: await readFile(certFile) }, (secure) => {
    const plain = connect(Number(port), hostname);
    for (const socket of [secure, plain]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket)).on('error', () => {});
    }
    secure.pipe(plain).pipe(secure);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `https://localhost:${(server.address() as AddressInfo).port}`,
    certFile,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_LIMITS } from '../io/limits.js';
import { checkExtraCaCerts } from './extra-ca-certs.js';

/** A self-signed certificate (CN=petstore-test-ca, valid until 2126), made once with openssl(1): only its parsing matters here. */
const CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIBjTCCATOgAwIBAgIUASpetaqzlJc6nYFTTpTQrIFpkMswCgYIKoZIzj0EAwIw
GzEZMBcGA1UEAwwQcGV0c3RvcmUtdGVzdC1jYTAgFw0yNjExMjUwOTE4MzdaGA8y
MTI2MTEwMTA5MTgzN1owGzEZMBcGA1UEAwwQcGV0c3RvcmUtdGVzdC1jYTBZMBMG
ByqGSM49AgEGCCqGSM49AwEHA0IABIt848N68sQOfGhaaqs2qi5rKw8eTpO9Dsug
Km1dm3sxR5CHnOQkFTElHSPxRi50vLXE9DwpzGKgpWqD67P3v7ejUzBRMB0GA1Ud
DgQWBBQlASgnhAON9+jU0yccal+Sc3tlOjAfBgNVHSMEGDAWgBQlASgnhAON9+jU
0yccal+Sc3tlOjAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0gAMEUCIQDF
3HTdUHpfy1i0H3tX7AyhuK90JZIkic1zW5r81i6zYwIgXsZldrrIeWVqNihfhGxL
dV7bk+F1DrQQZoCwXJjjZrw=
-----END CERTIFICATE-----
`;

describe('checkExtraCaCerts', () => {
  let dir: string;
  const file = async (name: string, text: string) => {
    const path = join(dir, name);
    await writeFile(path, text);
    return path;
  };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'petstore-ca-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('counts the certificates of a PEM bundle, with text between them', async () => {
    const path = await file('bundle.pem', `# a comment\n${CERTIFICATE}subject=other\n${CERTIFICATE}`);
    expect(await checkExtraCaCerts(path)).toEqual({ file: path, readable: true, certificates: 2, problem: null });
  });

  it('says a file without a certificate holds none (a readable file is not enough)', async () => {
    const path = await file('hostname', 'build-host\n');
    expect(await checkExtraCaCerts(path)).toEqual({ file: path, readable: true, certificates: null, problem: 'holds no PEM certificate (-----BEGIN CERTIFICATE-----)' });
  });

  it('names the certificate that does not parse, as Node.js then ignores the whole file', async () => {
    const path = await file('broken.pem', `${CERTIFICATE}-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n`);
    const checked = await checkExtraCaCerts(path);
    expect(checked).toMatchObject({ readable: true, certificates: null });
    expect(checked.problem).toMatch(/^certificate 2 of 2 does not parse \(.+\); Node\.js ignores the whole file$/);
  });

  it('reads no more than its bound, and nothing that is not a regular file', async () => {
    const large = await file('large.pem', CERTIFICATE);
    await truncate(large, INPUT_LIMITS.caCerts + 1);
    expect(await checkExtraCaCerts(large)).toEqual({ file: large, readable: true, certificates: null, problem: 'larger than 4 MiB, not checked' });
    expect(await checkExtraCaCerts(dir)).toMatchObject({ readable: false, problem: 'a directory, not a regular file' });
    expect(await checkExtraCaCerts('/dev/zero')).toMatchObject({ readable: false, problem: 'a device, not a regular file' });
    expect(await checkExtraCaCerts(join(dir, 'missing.pem'))).toMatchObject({ readable: false, certificates: null, problem: 'ENOENT' });
  });
});

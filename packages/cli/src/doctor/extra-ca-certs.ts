import { X509Certificate } from 'node:crypto';
import { fileKind, NotReadable, readRegularBytes } from '../io/read-regular-file.js';
import { formatBytes } from '../io/read-stream.js';
import { INPUT_LIMITS } from '../io/limits.js';

/** NODE_EXTRA_CA_CERTS as doctor finds it: `certificates` counted when the file holds usable ones, else `problem` says why not. */
export interface ExtraCaCerts {
  file: string;
  readable: boolean;
  /** How many PEM certificates it holds, each parsed; null when it could not be read or one does not parse. */
  certificates: number | null;
  problem: string | null;
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/**
 * Whether the file NODE_EXTRA_CA_CERTS names holds what Node.js needs: a
 * regular file of at most INPUT_LIMITS.caCerts, with at least one PEM
 * certificate, every one of which parses (Node.js ignores the whole file
 * when one does not). Node.js reads it once, lazily, and at most warns; a
 * private certificate authority that is missing shows up only as a TLS failure.
 */
export async function checkExtraCaCerts(file: string): Promise<ExtraCaCerts> {
  let text: string;
  try {
    text = (await readRegularBytes(file, INPUT_LIMITS.caCerts)).bytes.toString('latin1');
  } catch (error) {
    if (error instanceof NotReadable) {
      const problem = error.reason === 'too_large' ? `larger than ${formatBytes(INPUT_LIMITS.caCerts)}, not checked` : `${fileKind(error.stats)}, not a regular file`;
      return { file, readable: error.reason === 'too_large', certificates: null, problem };
    }
    return { file, readable: false, certificates: null, problem: (error as NodeJS.ErrnoException).code ?? 'unreadable' };
  }
  const blocks = text.match(PEM_CERTIFICATE) ?? [];
  if (blocks.length === 0) return { file, readable: true, certificates: null, problem: 'holds no PEM certificate (-----BEGIN CERTIFICATE-----)' };
  for (const [index, block] of blocks.entries()) {
    try {
      new X509Certificate(block);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return { file, readable: true, certificates: null, problem: `certificate ${index + 1} of ${blocks.length} does not parse (${why}); Node.js ignores the whole file` };
    }
  }
  return { file, readable: true, certificates: blocks.length, problem: null };
}

/** How much of a proxy's own answer is read for its message, and shown. */
const READ_BYTES = 4096;
const SHOWN_CHARACTERS = 100;

/**
 * Whether an answer to a request a proxy forwarded (an http URL through an
 * http proxy) is the proxy's own rather than the API's: an error status with a
 * Proxy-Status `error` (RFC 9209, which proxies add to the errors they make),
 * or without a JSON body, which every error of the API has (its Error body).
 */
export function isProxysOwnAnswer(response: Response): boolean {
  if (response.status < 400) return false;
  if (/;\s*error=/i.test(response.headers.get('proxy-status') ?? '')) return true;
  return !/[/+]json\b/i.test(response.headers.get('content-type') ?? '');
}

/**
 * A few words of the proxy's answer, for its message: the Proxy-Status error,
 * else the page's title or text (the first READ_BYTES, tags and spacing taken
 * out, at most SHOWN_CHARACTERS). The body is read within the request's own
 * timeout and cancelled after; one that cannot be read gives nothing.
 */
export async function proxyAnswerExcerpt(response: Response): Promise<string> {
  const proxyStatus = /;\s*error=("[^"]*"|[^;,\s]*)/i.exec(response.headers.get('proxy-status') ?? '')?.[1];
  let text = proxyStatus === undefined ? '' : `Proxy-Status error=${proxyStatus}`;
  const reader = response.body?.getReader();
  try {
    const chunks: Uint8Array[] = [];
    for (let size = 0; reader && size < READ_BYTES && text === ''; ) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
    if (text === '') text = readable(new TextDecoder().decode(concat(chunks).subarray(0, READ_BYTES)));
  } catch {
    // The body failed or the request was aborted: the status alone says enough.
  } finally {
    await reader?.cancel().catch(() => {});
  }
  return text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS - 1)}…` : text;
}

/** An HTML page's title or its text, or plain text, on one line of printable characters. */
function readable(body: string): string {
  const title = /<title[^>]*>([^<]*)/i.exec(body)?.[1];
  const text = title ?? body.replace(/<(script|style)[^>]*>[^<]*<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ');
  return text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\s]+/gu, ' ').trim();
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.length;
  }
  return all;
}

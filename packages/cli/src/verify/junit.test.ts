import type { ConformanceReport } from '@petstore/sdk/conformance';
import { describe, expect, it } from 'vitest';
import { curlCommand } from './curl.js';
import { renderJunit, xmlText } from './junit.js';

describe('xmlText', () => {
  it('escapes the five markup characters', () => {
    expect(xmlText(`<a href="x">&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;');
  });

  it('writes what XML 1.0 cannot hold, and invisible or reordering characters, as visible escapes', () => {
    expect(xmlText('a\u0000b\u001bc\u007fd\u009be\u202ef\ufffeg\ud800h')).toBe('a\\u0000b\\u001bc\\u007fd\\u009be\\u202ef\\ufffeg\\ud800h');
  });

  it('keeps tab, newlines and whole surrogate pairs', () => {
    expect(xmlText('a\tb\nc\rd 🐈')).toBe('a\tb\nc\rd 🐈');
  });
});

describe('renderJunit', () => {
  const report: ConformanceReport = {
    baseUrl: 'http://127.0.0.1:1/v1',
    runId: 'r1',
    allowWrites: true,
    maxRequests: 100,
    choices: { observed: {}, inconsistent: {}, unexpected: {} },
    requests: 2,
    results: [
      { id: 'a', title: 'A', operation: 'listPets', status: 200, level: 'required', spec: 's', outcome: 'pass', findings: [] },
      {
        id: 'b',
        title: 'B <evil>',
        operation: 'getPet',
        status: 404,
        level: 'required',
        spec: 's',
        outcome: 'fail',
        findings: [{ level: 'required', what: 'status', expected: '404', received: '500\u0007', spec: 'spec "4.3"' }],
        request: { method: 'GET', url: 'http://127.0.0.1:1/v1/pets/9', requestId: 'sent-1', auth: 'key' },
        response: { status: 500, requestId: 'id-1', body: '' },
      },
      { id: 'c', title: 'C', operation: 'createPet', status: 201, level: 'required', spec: 's', outcome: 'skip', reason: 'not "here"', findings: [] },
    ],
    matrix: [],
    created: [],
    summary: { pass: 1, fail: 1, note: 0, skip: 1 },
  };

  it('one testcase per case: a failure with what differs and the curl, a skip with its reason', () => {
    const xml = renderJunit(report, 1.5);
    expect(xml).toContain('<testsuites name="petstore verify" tests="3" failures="1" errors="0" skipped="1" time="1.500">');
    expect(xml).toContain('<testcase classname="petstore.verify.listPets" name="a: A"/>');
    expect(xml).toContain('<failure message="status: expected 404, received 500\\u0007" type="contract">');
    expect(xml).toContain('name="b: B &lt;evil&gt;"');
    expect(xml).toContain('curl -i &apos;http://127.0.0.1:1/v1/pets/9&apos; -H &quot;Authorization: Bearer $PETSTORE_API_KEY&quot;');
    expect(xml).toContain('<skipped message="not &quot;here&quot;"/>');
  });
});

describe('curlCommand', () => {
  it('quotes for a POSIX shell and names the key by its variable', () => {
    expect(curlCommand({ method: 'POST', url: "http://h/v1/pets?a='b'", auth: 'key', contentType: 'application/json', body: `{"name":"O'Neil"}` }, 'wrong')).toBe(
      `curl -i -X POST 'http://h/v1/pets?a='\\''b'\\''' -H "Authorization: Bearer $PETSTORE_API_KEY" -H 'Content-Type: application/json' --data-raw '{"name":"O'\\''Neil"}'`,
    );
    expect(curlCommand({ method: 'GET', url: 'http://h/v1/pets', auth: 'wrong' }, 'the-wrong-key')).toBe(`curl -i 'http://h/v1/pets' -H 'Authorization: Bearer the-wrong-key'`);
    expect(curlCommand({ method: 'GET', url: 'http://h/v1/pets', auth: 'none' }, 'x')).toBe(`curl -i 'http://h/v1/pets'`);
  });

  it("sends a case's other scheme and its own headers, quoted", () => {
    expect(curlCommand({ method: 'GET', url: 'http://h/v1/pets', auth: 'key', scheme: "O'Basic", headers: { prefer: 'code=500' } }, 'x')).toBe(
      `curl -i 'http://h/v1/pets' -H 'Authorization: O'\\''Basic '"$PETSTORE_API_KEY" -H 'prefer: code=500'`,
    );
  });
});

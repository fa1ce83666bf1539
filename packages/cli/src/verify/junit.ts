import { describeFinding, WRONG_KEY, type CaseResult, type ConformanceReport } from '@petstore/sdk/conformance';
import { curlCommand } from './curl.js';

// Characters XML 1.0 cannot hold at all, even escaped: C0 controls but tab, LF
// and CR; lone surrogates; U+FFFE and U+FFFF. DEL and C1 are allowed but
// invisible, and bidi controls reorder what a reader sees: all are written as
// a visible \uXXXX, as the terminal output does.
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const NOT_IN_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text for an XML attribute or element: the five entities, and unsafe characters as visible escapes. */
export function xmlText(text: string): string {
  return text
    .replace(NOT_IN_XML, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/[&<>"']/g, (char) => XML_ENTITIES[char] ?? char);
}

/** The text of a failure, a note or a skip: what differs, then how to send the request again. */
function body(result: CaseResult): string {
  const lines = result.findings.map((finding) => `${describeFinding(finding)} (${finding.spec})`);
  if (result.response) {
    const { status, requestId, body } = result.response;
    lines.push(`received ${status}, request id ${requestId}${body === '' ? '' : `, body ${body}`}`);
  }
  if (result.request) lines.push(curlCommand(result.request, WRONG_KEY));
  return lines.join('\n');
}

function testcase(result: CaseResult): string {
  const open = `    <testcase classname="${xmlText(`petstore.verify${result.operation === undefined ? '' : `.${result.operation}`}`)}" name="${xmlText(`${result.id}: ${result.title}`)}"`;
  const first = result.findings[0];
  switch (result.outcome) {
    case 'pass':
      return `${open}/>`;
    case 'skip':
      return `${open}>\n      <skipped message="${xmlText(result.reason ?? '')}"/>\n    </testcase>`;
    case 'note':
      // A note does not fail the build: CI shows it as the case's output.
      return `${open}>\n      <system-out>${xmlText(body(result))}</system-out>\n    </testcase>`;
    case 'fail':
      return `${open}>\n      <failure message="${xmlText(first ? describeFinding(first) : 'failed')}" type="${first?.drift ? 'drift' : 'contract'}">${xmlText(body(result))}</failure>\n    </testcase>`;
  }
}

/**
 * The report as JUnit XML (the Ant schema Jenkins, GitLab and GitHub reporters
 * read): one testsuite, a testcase per case, notes as system-out. A run stopped
 * early (a refused key, no answer) is an error of the suite.
 */
export function renderJunit(report: ConformanceReport, seconds: number): string {
  const { summary } = report;
  // A probe with nothing left to learn was never a check (the summary does not count it either).
  const checks = report.results.filter((result) => !(result.probe && result.outcome === 'skip'));
  const errors = report.stopped ? 1 : 0;
  const stopped = report.stopped ? `    <system-err>${xmlText(`stopped: ${report.stopped.message} (request id ${report.stopped.requestId})`)}</system-err>\n` : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="petstore verify" tests="${checks.length}" failures="${summary.fail}" errors="${errors}" skipped="${summary.skip}" time="${seconds.toFixed(3)}">`,
    `  <testsuite name="${xmlText(`petstore verify ${report.baseUrl}`)}" tests="${checks.length}" failures="${summary.fail}" errors="${errors}" skipped="${summary.skip}" time="${seconds.toFixed(3)}">`,
    ...checks.map(testcase),
    `${stopped}  </testsuite>`,
    '</testsuites>',
    '',
  ].join('\n');
}

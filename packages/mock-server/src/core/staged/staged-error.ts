import { ERROR_CODES, type ErrorBody } from '@petstore/sdk/contract';

/** Reason phrases of the error statuses (RFC 9110 and friends): the words of a staged error. */
const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request', 401: 'Unauthorized', 402: 'Payment Required', 403: 'Forbidden', 404: 'Not Found',
  405: 'Method Not Allowed', 406: 'Not Acceptable', 407: 'Proxy Authentication Required', 408: 'Request Timeout',
  409: 'Conflict', 410: 'Gone', 411: 'Length Required', 412: 'Precondition Failed', 413: 'Content Too Large',
  414: 'URI Too Long', 415: 'Unsupported Media Type', 416: 'Range Not Satisfiable', 417: 'Expectation Failed',
  418: "I'm a Teapot", 421: 'Misdirected Request', 422: 'Unprocessable Content', 423: 'Locked', 424: 'Failed Dependency',
  425: 'Too Early', 426: 'Upgrade Required', 428: 'Precondition Required', 429: 'Too Many Requests',
  431: 'Request Header Fields Too Large', 451: 'Unavailable For Legal Reasons', 500: 'Internal Server Error',
  501: 'Not Implemented', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
  505: 'HTTP Version Not Supported', 506: 'Variant Also Negotiates', 507: 'Insufficient Storage', 508: 'Loop Detected',
  510: 'Not Extended', 511: 'Network Authentication Required',
};

/**
 * The Error body of a failure staged at a status no operation documents: the
 * API's own `code` where exactly one belongs to the status (`internal_error`
 * for 500), else the reason phrase in snake case (`service_unavailable`), else
 * `http_<status>`.
 */
export function stagedErrorBody(status: number): ErrorBody {
  const codes = Object.entries(ERROR_CODES).filter(([, codeStatus]) => codeStatus === status);
  const reason = REASONS[status];
  const code = codes.length === 1 ? (codes[0] as [string, number])[0] : reason ? reason.toLowerCase().replace(/[^a-z]+/g, '_') : `http_${status}`;
  return { code, message: `${reason ?? `Status ${status}`} (staged by the mock server)`, status };
}

import type { RowUnit } from '../import/source-row.js';
import { countOf } from '../import/outcome.js';
import { renderRequests, type PlannedRequest } from '../output/render-requests.js';
import type { CommandContext } from './context.js';

/**
 * `--dry-run`: the requests that would have been sent, on stdout in the
 * command's format (JSON through outJson, so --jq applies), and a note on
 * stderr that none was; `unsent` names what would not have been sent anyway.
 */
export async function printDryRun(context: CommandContext, requests: readonly PlannedRequest[], unit?: RowUnit, unsent: readonly string[] = []): Promise<void> {
  if (requests.length > 0 || context.format === 'json') {
    const text = await renderRequests(requests, context.format, await context.paint(), unit);
    if (context.format === 'json') await context.outJson(text);
    else context.out(text);
  }
  const either = unsent.length > 0 ? `; ${unsent.join(' and ')} would not be sent either` : '';
  context.note(`dry run: ${countOf(requests.length, 'request')} not sent${either}`);
}

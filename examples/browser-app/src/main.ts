// The recipe of the mock-server README, as a running app: MSW's worker answers
// /v1 with the mock server's own handlers, and the app uses the SDK as it
// would against the real service.
import { createHandlers } from '@petstore/mock-server/msw';
import { isApiError, LIST_LIMIT_MAX, PetstoreClient, type Pet, type PetStatus } from '@petstore/sdk';
import { setupWorker } from 'msw/browser';

const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const baseUrl = `${location.origin}/v1`;

function client(): PetstoreClient {
  return new PetstoreClient({ baseUrl, apiKey: element<HTMLInputElement>('key').value, maxRetries: 0 });
}

function show(pets: Pet[]): void {
  element('pets').replaceChildren(
    ...pets.map((pet) => {
      const row = document.createElement('tr');
      for (const value of [pet.id, pet.name, pet.categoryId, pet.status]) {
        const cell = document.createElement('td');
        cell.textContent = String(value);
        row.append(cell);
      }
      return row;
    }),
  );
}

/** Errors as the API sent them: the Error body, or the SDK's message for what never left the page. */
function report(error: unknown): void {
  element('error').textContent = isApiError(error) ? JSON.stringify(error.body) : String(error instanceof Error ? error.message : error);
}

async function refresh(): Promise<void> {
  element('error').textContent = '';
  const status = element<HTMLSelectElement>('filter').value;
  try {
    show(await client().pets.list(status ? { status: status as PetStatus, limit: LIST_LIMIT_MAX } : { limit: LIST_LIMIT_MAX }));
  } catch (error) {
    report(error);
  }
}

const worker = setupWorker(...createHandlers({ baseUrl: '/v1' }));
await worker.start({ onUnhandledFrame: 'bypass', quiet: true });
element('state').textContent = 'Mock ready.';
document.body.dataset['ready'] = 'true';

element('create').addEventListener('submit', (event) => {
  event.preventDefault();
  element('error').textContent = '';
  client()
    .pets.create({
      name: element<HTMLInputElement>('name').value,
      categoryId: Number(element<HTMLInputElement>('category').value),
      status: element<HTMLSelectElement>('new-status').value as PetStatus,
    })
    .then(refresh, report);
});
element('refresh').addEventListener('click', () => void refresh());
element('reset').addEventListener('click', () => {
  void fetch('/__admin/reset', { method: 'POST', headers: { authorization: `Bearer ${element<HTMLInputElement>('key').value}` } }).then(refresh);
});
await refresh();

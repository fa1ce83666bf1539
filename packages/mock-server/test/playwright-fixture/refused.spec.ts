import { expect, test } from '@petstore/mock-server/playwright';

/** What an app that swallows its errors does: sends a misspelt field, ignores the 400. */
async function createSwallowingErrors(baseUrl: string, apiKey: string): Promise<void> {
  await fetch(`${baseUrl}/pets`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }, body: '{"nam":"Rex","categoryId":1}' }).catch(() => {});
}

test('fails: the app sends a field the contract does not know and carries on', async ({ mock }) => {
  await createSwallowingErrors(mock.baseUrl, mock.apiKey);
  expect(await mock.client.pets.list()).toBeDefined();
});

test('passes: the test says first that it means to send it', async ({ mock }) => {
  mock.expectRefused({ operation: 'createPet', code: 'invalid_request' });
  await createSwallowingErrors(mock.baseUrl, mock.apiKey);
});

test('fails: the test expected a refusal that never came', async ({ mock }) => {
  mock.expectRefused({ operation: 'createPet' });
  await mock.client.pets.list();
});

test('passes: a failure the test staged is no refusal', async ({ mock }) => {
  await mock.faults.next('listPets', { status: 503 });
  await expect(mock.client.pets.list()).rejects.toMatchObject({ status: 503 });
});

// Not part of the README's recipe: the app code here swallows a 400, and
// useMockApi()'s afterEach must fail this test for it. Run on its own by
// ../vitest-sessions.test.ts, which expects it to fail.
import { DEV_API_KEY, useMockApi } from '@petstore/mock-server/vitest';
import { expect, it } from 'vitest';

const mock = useMockApi({ transport: 'session', seed: 0 });

it('fails: the app sends a field the contract does not know and shows a toast', async () => {
  const response = await mock.fetch(`${mock.baseUrl}/pets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEV_API_KEY}`, 'content-type': 'application/json' },
    body: '{"nam":"Rex","categoryId":1}',
  });
  const toast = response.ok ? undefined : 'Could not save';
  expect(toast).toBe('Could not save');
});

it('passes: a request the contract accepts', async () => {
  const response = await mock.fetch(`${mock.baseUrl}/pets`, { headers: { authorization: `Bearer ${DEV_API_KEY}` } });
  expect(response.status).toBe(200);
});

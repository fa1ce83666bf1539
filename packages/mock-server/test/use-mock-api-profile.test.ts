// useMockApi({ profile }): the in-process mock of a test file answers as the
// profile says (the MSW transport spreads the same options: service-profile.test.ts
// holds createHandlers with a profile).
import { DEV_API_KEY } from '@petstore/mock-server';
import { useMockApi } from '@petstore/mock-server/vitest';
import { parseServiceProfile } from '@petstore/sdk/contract';
import { expect, it } from 'vitest';

const mock = useMockApi({
  transport: 'fetch',
  seed: 3,
  profile: parseServiceProfile('{"profileVersion":1,"choices":{"unknownStatusFilter":"empty","listOrder":"id-descending"}}'),
});

it('answers an unknown status filter with [] and lists the newest first, with no refusal to fail the test', async () => {
  expect(await mock.client.pets.list()).toEqual([expect.objectContaining({ id: 3 }), expect.objectContaining({ id: 2 }), expect.objectContaining({ id: 1 })]);
  const response = await mock.fetch(`${mock.baseUrl}/pets?status=lost`, { headers: { authorization: `Bearer ${DEV_API_KEY}` } });
  expect([response.status, await response.json()]).toEqual([200, []]);
});

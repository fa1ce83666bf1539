import { expect, test } from '@petstore/mock-server/playwright';

test.use({ mockSeed: 2 });

test.describe('a session per test (the default)', () => {
  test('is named after the test and starts from the seed', async ({ mock }) => {
    expect(mock.name).toMatch(/^session-per-test-a-session-per-test--the-default--is-na-[0-9a-f]{8}$/);
    expect(mock.baseUrl).toBe(`${process.env['PETSTORE_MOCK_URL']}/sessions/${mock.name}/v1`);
    expect(await mock.client.pets.list()).toHaveLength(2);
  });
});

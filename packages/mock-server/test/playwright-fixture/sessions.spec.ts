import { expect, test } from '@petstore/mock-server/playwright';

test.describe('a session per test (the default)', () => {
  test.use({ mockSeed: 2 });

  test('is named after the test and starts from the seed', async ({ mock }) => {
    expect(mock.name).toMatch(/^sessions-a-session-per-test--the-default--is-named-afte-[0-9a-f]{8}$/);
    expect(mock.baseUrl).toBe(`${process.env['PETSTORE_MOCK_URL']}/sessions/${mock.name}/v1`);
    expect(await mock.client.pets.list()).toHaveLength(2);
  });
});

test.describe('a session per worker', () => {
  // A worker option: these tests run on a worker of their own, one after the other.
  test.use({ mockSessionPer: 'worker', mockSeed: 0 });
  test.describe.configure({ mode: 'serial' });

  test('is the worker\'s, worker-N', async ({ mock }, testInfo) => {
    expect(mock.name).toBe(`worker-${testInfo.workerIndex}`);
    await mock.client.pets.create({ name: 'Left behind', categoryId: 1 });
  });

  test('is reset before each test', async ({ mock }) => {
    expect(await mock.client.pets.list()).toEqual([]);
  });
});

import { expect, test } from '@petstore/mock-server/playwright';

// Worker options: this file runs on a worker of its own, its tests one after the other.
test.use({ mockSessionPer: 'worker', mockSeed: 0 });
test.describe.configure({ mode: 'serial' });

test("is the worker's, worker-N", async ({ mock }, testInfo) => {
  expect(mock.name).toBe(`worker-${testInfo.workerIndex}`);
  await mock.client.pets.create({ name: 'Left behind', categoryId: 1 });
});

test('is reset before each test', async ({ mock }) => {
  expect(await mock.client.pets.list()).toEqual([]);
});

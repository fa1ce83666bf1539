import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test, type MockFixture } from '@petstore/mock-server/playwright';

// The app under test (animals.html), served by Playwright itself at an address
// of its own (a *.localhost page, which the mock's CORS allows).
const APP = 'http://app.localhost/';
const html = readFileSync(new URL('animals.html', import.meta.url), 'utf8');

/** Opens the app on the test's own session; returns the animals it lists, once loaded. */
async function openApp(page: Page, mock: MockFixture) {
  await page.route(APP, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto(`${APP}#${new URLSearchParams({ api: mock.baseUrl, key: mock.apiKey })}`);
  return page.locator('#animals[aria-busy="false"] li');
}

// Each test gets a session of its own on the one server, here with an empty store.
test.use({ mockSeed: 0 });

// Two workers at once: on one shared store, each would see the other's animals.
for (const names of [['Rex', 'Bella'], ['Tom'], ['Ada', 'Bo', 'Cy'], ['Dot', 'Eve']]) {
  test(`lists exactly the animals it created: ${names.join(', ')}`, async ({ page, mock }) => {
    for (const name of names) await mock.client.pets.create({ name, categoryId: 1 });
    await expect(await openApp(page, mock)).toHaveText(names);
  });
}

test('shows what the API answers, asked once', async ({ page, mock }) => {
  await mock.overrides.next('listPets', { body: [{ id: 7, name: 'Staged', categoryId: 2 }] });
  await expect(await openApp(page, mock)).toHaveText(['Staged']);
  expect(await mock.requests.list({ operation: 'listPets' })).toHaveLength(1);
});

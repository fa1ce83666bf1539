import { readFileSync } from 'node:fs';
import { DEV_API_KEY } from '@petstore/mock-server';
import { expect, test } from './fixtures.js';

// The app under test, served by Playwright itself at an address of its own
// (a *.localhost page, which the mock's CORS allows).
const APP = 'http://app.localhost/';
const html = readFileSync(new URL('animals.html', import.meta.url), 'utf8');

// Each test empties its store, creates animals and expects exactly those: on
// one shared store, two workers running at once would see each other's.
for (const names of [['Rex', 'Bella'], ['Tom'], ['Ada', 'Bo', 'Cy'], ['Dot', 'Eve']]) {
  test(`lists exactly the animals it created: ${names.join(', ')}`, async ({ page, request, session }) => {
    for (const name of names) {
      const created = await request.post(`${session.url}/pets`, { data: { name, categoryId: 1 }, headers: { authorization: `Bearer ${DEV_API_KEY}` } });
      expect(created.status()).toBe(201);
    }
    await page.route(APP, (route) => route.fulfill({ contentType: 'text/html', body: html }));
    await page.goto(`${APP}#${new URLSearchParams({ api: session.url, key: DEV_API_KEY })}`);
    await expect(page.locator('#animals[aria-busy="false"] li')).toHaveText(names);
  });
}

// The conformance suite in a headless browser, driven by puppeteer-core (no
// browser download: the browser is Debian's). Chromium speaks CDP; Firefox ESR
// speaks WebDriver BiDi, the one protocol an unpatched Firefox offers.
//
//   node browser.mjs <chrome|firefox> <executable> <baseUrl> <apiKey>
//
// The page is served from its own origin (another port on 127.0.0.1), so every
// call to the mock is cross-origin, as from a browser app: CORS is part of what
// passes or fails.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import puppeteer from 'puppeteer-core';

const [browserName, executablePath, baseUrl, apiKey] = process.argv.slice(2);
if (browserName !== 'chrome' && browserName !== 'firefox') throw new Error(`unknown browser "${browserName}": chrome or firefox`);

const bundle = await readFile(new URL('conformance.js', import.meta.url));
const page = createServer((request, response) => {
  if (request.url === '/conformance.js') {
    response.writeHead(200, { 'content-type': 'text/javascript' });
    response.end(bundle);
  } else {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<!doctype html><meta charset="utf-8"><title>@petstore/sdk conformance</title>');
  }
});
await new Promise((resolve) => page.listen(0, '127.0.0.1', resolve));
const pageUrl = `http://127.0.0.1:${page.address().port}/`;

const browser = await puppeteer.launch({
  browser: browserName,
  executablePath,
  headless: true,
  // Root in a container has no user namespace for Chromium's sandbox; the closed
  // network here refuses the background calls Chromium would make.
  ...(browserName === 'chrome' && {
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  }),
});
try {
  console.log(`# ${await browser.version()}`);
  const tab = await browser.newPage();
  tab.on('console', (message) => console.log(message.text()));
  tab.on('pageerror', (error) => console.log(`page error: ${error.message}`));
  await tab.goto(pageUrl);
  const { failed } = await tab.evaluate(
    async (target) => {
      const { runConformance } = await import('/conformance.js');
      return runConformance(target);
    },
    { baseUrl, apiKey },
  );
  process.exitCode = failed === 0 ? 0 : 1;
} finally {
  await browser.close();
  page.close();
}

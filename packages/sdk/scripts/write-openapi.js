// Writes openapi.json from the built contract. Run after `pnpm build`;
// src/openapi/openapi-document.test.ts fails when the committed file drifts.
import { writeFileSync } from 'node:fs';
import { createOpenApiDocument } from '../dist/openapi/index.js';

const target = new URL('../openapi.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(createOpenApiDocument(), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);

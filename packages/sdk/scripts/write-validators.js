// Writes the compiled response validators from the built schemas. Run after `pnpm build`;
// src/client/generated/generated-validators.test.ts fails when a committed file drifts.
import { writeFileSync } from 'node:fs';
import { TolerantPets } from '../dist/client/response-schemas.js';
import { renderValidatorModule } from './validator-module.js';

const target = new URL('../src/client/generated/is-tolerant-pets.ts', import.meta.url);
writeFileSync(target, renderValidatorModule('isTolerantPets', 'TolerantPets', TolerantPets));
console.log(`wrote ${target.pathname}`);

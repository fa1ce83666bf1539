#!/usr/bin/env node
import { VERSION } from './index.js';

process.stdout.write(`petstore ${VERSION}\n`);

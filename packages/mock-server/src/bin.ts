#!/usr/bin/env node
import { DEFAULT_HOST, DEFAULT_PORT } from './index.js';

process.stderr.write(`petstore-mock: the server is not built yet (it will listen on http://${DEFAULT_HOST}:${DEFAULT_PORT}/v1)\n`);
process.exitCode = 1;

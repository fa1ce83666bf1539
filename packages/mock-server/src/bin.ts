#!/usr/bin/env node
import { enableCompileCache } from 'node:module';

// Cache compiled code between runs (Node 22.1+): test suites start the mock per file.
enableCompileCache?.();

await import('./main.js');

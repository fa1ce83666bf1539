import { defineConfig } from 'vite';

export default defineConfig({
  // The mock (MSW and the whole API core) is most of the bundle: a development tool, not shipped.
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1024 },
});

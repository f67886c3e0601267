import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig({ command: 'serve', mode: 'test' }),
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      restoreMocks: true,
      // One jsdom and one module graph per worker, not per file: 59 files took 318 s (113 s of CPU)
      // isolated and 43 s (17 s) shared on a loaded CI machine. Each test cleans the DOM and storage
      // after itself (src/test/setup.ts); a module-level vi.mock stays scoped to its file.
      isolate: false,
    },
  }),
);

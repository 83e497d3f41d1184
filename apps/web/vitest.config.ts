import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // files share a worker's modules and one jsdom (setup.ts clears the page, storage and
    // toasts after each test): a fresh environment per file cost most of the run
    isolate: false,
    restoreMocks: true,
  },
});

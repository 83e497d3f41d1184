import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // a form test types and waits on a busy 2-core machine: 5 s was seen to run out
    testTimeout: 15_000,
    // files share a worker's modules (React, the router, jsdom's setup loaded once): four times
    // faster; src/test/setup.ts resets what a module keeps after each test
    isolate: false,
  },
});

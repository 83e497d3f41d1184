import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'admin',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // files share a worker's modules (React, the router, jsdom's setup loaded once): four times
    // faster; each test renders into a fresh tree with its own query client
    isolate: false,
    // as the storefront's: a test that renders pages gets the time a machine busy with CI needs
    testTimeout: 15_000,
  },
});

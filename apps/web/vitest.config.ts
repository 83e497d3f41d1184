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
    // files share a worker's modules (React, the router, jsdom's setup loaded once): four times
    // faster; src/test/setup.ts resets what a module keeps after each test
    isolate: false,
  },
});

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.BOZOR_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/media': { target: api, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      // @bozor/shared only declares schemas and pure helpers: the storefront uses its types and a
      // few helpers, so unused zod schemas (and zod itself) must not end up in the bundle. Its one
      // module with an effect turns off zod's eval probe, which the CSP would report.
      treeshake: {
        moduleSideEffects: (id: string) =>
          id.endsWith('schema-runtime.ts') ||
          !/[\\/](packages[\\/]shared|node_modules[\\/]zod)[\\/]/.test(id),
      },
    },
  },
});

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const api = process.env.BOZOR_API ?? 'http://localhost:3000';

/**
 * The back office: a single-page app served by the API's server under /admin, apart from the
 * storefront (its own bundle, so the shop's pages carry none of it).
 */
export default defineConfig({
  base: '/admin/',
  plugins: [
    react(),
    tailwindcss(),
    compression({
      algorithms: [defineAlgorithm('brotliCompress', {}), defineAlgorithm('gzip', { level: 9 })],
      include: /\.(js|css|svg)$/,
      threshold: 512,
    }),
  ],
  server: {
    port: 5174,
    proxy: { '/api': { target: api, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    rolldownOptions: {
      // as in the storefront: only the schemas the back office uses, and zod's eval probe off
      treeshake: {
        moduleSideEffects: (id: string) =>
          id.endsWith('schema-runtime.ts') ||
          !/[\\/](packages[\\/]shared|node_modules[\\/]zod)[\\/]/.test(id),
      },
    },
  },
});

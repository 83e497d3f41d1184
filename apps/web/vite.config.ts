import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const api = process.env.BOZOR_API ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // every text asset a second time as brotli and gzip, served as they are asked for
    ...(isSsrBuild
      ? []
      : [
          compression({
            algorithms: [
              defineAlgorithm('brotliCompress', {}),
              defineAlgorithm('gzip', { level: 9 }),
            ],
            include: /\.(js|css|svg|json|txt|xml)$/,
            threshold: 512,
          }),
        ]),
  ],
  // the shared contract is TypeScript source: the server's bundle takes it in
  ssr: { noExternal: ['@bozor/shared'] },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/media': { target: api, changeOrigin: true },
    },
  },
  build: {
    outDir: isSsrBuild ? 'dist-server' : 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // the server reads which chunks a page needs from it, to preload them; `npm run size` too
    manifest: !isSsrBuild,
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
}));

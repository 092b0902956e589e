import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

// One app, three code-split areas (/player, /hq, /admin) and the pages mails link to; the gateway
// serves dist/ (hashed assets immutable, index.html and the service worker no-cache).
export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      // Our own service worker (src/sw): media answered from Cache Storage with Range support,
      // which the generated one cannot do.
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'service-worker.ts',
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: {
        name: 'Storecast',
        short_name: 'Storecast',
        description: 'Background music and announcements for stores',
        start_url: '/player',
        display: 'standalone',
        theme_color: '#1c7ed6',
        background_color: '#ffffff',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
      },
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,webmanifest}'] },
    }),
  ],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 900 },
  server: { proxy: { '/api': 'http://localhost:8080', '/media': 'http://localhost:8080', '/v3': 'http://localhost:8080' } },
  test: { environment: 'node', include: ['src/**/*.test.{ts,tsx}'], restoreMocks: true },
});

import { defineConfig } from 'vite';

// The built client is plain static files in dist/, served by the gateway (`veil start`). In
// development, `npm run dev -w @veil/web` serves it with hot reload and proxies the lobby API
// and socket.io to a `veil start` on port 3000 (or VEIL_URL).
const target = process.env['VEIL_URL'] ?? 'http://localhost:3000';

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1024,
    rollupOptions: {
      // The client imports only the games' client entries (`@veil/netrunner/client`: the public
      // card catalog, starter decks, window kinds; `@veil/dune/client`: the map, factions and
      // card names; view types; test/contracts/web-client-imports.test.ts checks it): none of
      // it has side effects the client needs, so only what it uses is bundled.
      treeshake: {
        moduleSideEffects: (id: string) =>
          !id.includes('/libs/games/netrunner/') &&
          !id.includes('/libs/games/dune/') &&
          !id.includes('/libs/engine/'),
      },
    },
  },
  server: {
    proxy: {
      '/api': target,
      '/socket.io': { target, ws: true },
    },
  },
});

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev` serves the app on Vite's port and forwards the server's paths, so the browser sees
// one origin (cookies and relative URLs work as in production, where the server serves dist/).
const serverUrl = process.env.MOCKSMITH_SERVER_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      '/backend': { target: serverUrl, changeOrigin: true },
      '/api': { target: serverUrl, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/backend': { target: serverUrl, changeOrigin: true },
      '/api': { target: serverUrl, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});

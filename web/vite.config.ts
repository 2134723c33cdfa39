import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { codeSplitting } from './code-splitting';
import { precompress } from './precompress-plugin';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/v1': 'http://localhost:3000', '/docs': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: { output: { codeSplitting } },
  },
});

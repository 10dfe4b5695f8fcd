/// <reference types="vitest/config" />
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import gqlDocuments from './scripts/gql-documents.mjs'

// The API a `npm run dev` proxies to: a `codna serve` (make run).
const api = process.env.CODNA_API ?? 'http://127.0.0.1:8080'

export default defineConfig({
  // Each graphql() call imports only its own document (scripts/gql-documents.mjs).
  plugins: [gqlDocuments({ gqlDir: 'src/gql' }), react()],
  build: {
    // dist/index.html is the placeholder a binary built without node serves.
    outDir: 'dist/app',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
  },
  server: {
    proxy: {
      '/graphql': { target: api, ws: true, changeOrigin: false },
      '/files': api,
      '/exports': api,
      '/ingestions': api,
      '/collab': { target: api, ws: true, changeOrigin: false },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
})

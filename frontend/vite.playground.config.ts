import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

// The GraphQL playground (GraphiQL) the server embeds and serves at
// /playground: built from playground/ into playground/dist, which is checked
// in (make check-generated rebuilds it and fails when it differs). The
// server replaces the nonce placeholder in the page with a fresh nonce per
// response, the one its Content-Security-Policy allows for the <style>
// elements GraphiQL's dialogs insert.
export default defineConfig({
  root: 'playground',
  base: '/playground/',
  plugins: [react()],
  html: { cspNonce: 'CODNA_CSP_NONCE' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      onwarn(warning, warn) {
        // react-compiler-runtime's "use no memo" is a hint for the React
        // Compiler, which this build does not run: nothing to preserve.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use no memo')) return
        warn(warning)
      },
    },
  },
})

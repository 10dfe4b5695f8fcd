import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Provider } from 'urql'
import { makeClient } from './client'
import { App } from './App'
import './styles.css'

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Provider value={makeClient()}>
      <App />
    </Provider>
  </StrictMode>,
)

// Keeps the app's shell so a reload while the server is down still opens the
// app, which says so and retries (public/sw.js).
if (import.meta.env.PROD && 'serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js').catch(() => {})

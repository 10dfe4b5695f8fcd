// The GraphQL playground served at /playground (docs/api.md): GraphiQL
// built into the binary, sending queries and mutations to /graphql with the
// session cookie (signed in through the web app) and subscriptions over one
// websocket (graphql-ws), as the web app does.
import { createGraphiQLFetcher } from '@graphiql/toolkit'
import { setNonce } from 'get-nonce'
import { GraphiQL } from 'graphiql'
import { createClient } from 'graphql-ws'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import 'graphiql/style.css'
import './playground.css'

const defaultQuery = `# The CoDNA GraphQL API (docs/api.md). Sign in through the web app in
# this browser first, or send an Authorization: Bearer <token> header
# (the Headers tab below).
{
  me {
    id
    name
  }
}
`

// The nonce of this response (the server's Content-Security-Policy allows
// <style> elements carrying it): the dialogs' scroll lock inserts one.
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce
if (nonce) setNonce(nonce)

const fetcher = createGraphiQLFetcher({
  url: '/graphql',
  headers: { 'X-CoDNA-CSRF': '1' },
  wsClient: createClient({
    url: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`,
    lazy: true,
  }),
})

const root = document.getElementById('graphiql')
if (root) {
  root.textContent = ''
  createRoot(root).render(
    <StrictMode>
      <GraphiQL fetcher={fetcher} defaultQuery={defaultQuery} />
    </StrictMode>,
  )
}

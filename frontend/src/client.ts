import { Client, fetchExchange, subscriptionExchange } from 'urql'
import { cacheExchange } from '@urql/exchange-graphcache'
import { createClient as createWSClient } from 'graphql-ws'

// The one GraphQL client: requests signed in by the session cookie (the
// X-CoDNA-CSRF header lets the server tell them from a cross-site form),
// a normalized cache, and subscriptions over one websocket that every
// subscription of the page shares.
export function makeClient(): Client {
  const ws = createWSClient({
    url: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`,
    lazy: true,
    retryAttempts: Infinity,
    shouldRetry: () => true,
  })
  return new Client({
    url: '/graphql',
    fetchOptions: () => ({ headers: { 'X-CoDNA-CSRF': '1' }, credentials: 'same-origin' }),
    preferGetMethod: false,
    exchanges: [
      cacheExchange({
        // Objects without an id of their own live inside their parent.
        keys: {
          InboxCounts: () => null,
          Folder: () => null,
          FolderTree: () => null,
          PageInfo: () => null,
          ImportReport: () => null,
          ImportSkip: () => null,
          LinkGraph: () => null,
          LinkGraphNode: () => null,
          LinkGraphEdge: () => null,
          RelatedDocument: () => null,
          PastAddress: () => null,
          SearchHit: () => null,
          AccessExplanation: () => null,
          SearchResult: () => null,
          SearchEdge: () => null,
          SearchFacets: () => null,
          FacetCount: () => null,
          Highlight: () => null,
          HighlightRange: () => null,
          AutomationScope: () => null,
          AutomationProposal: () => null,
          AutomationWrite: () => null,
          DryRunAutomationPayload: () => null,
          UsageRow: () => null,
          ManagedGrant: () => null,
          ParkedEvent: () => null,
          AuditEntryEdge: () => null,
          ManagedUserEdge: () => null,
          ImportEdge: () => null,
          IngestionEdge: () => null,
          ShareSuggestion: () => null,
          ShareGrantResult: () => null,
          SharePayload: () => null,
          SharedWithMe: () => null,
          NotificationEdge: () => null,
          DocumentEdge: () => null,
          MarkNotificationsReadPayload: () => null,
          NotificationPayload: () => null,
          RevokeBatchPayload: () => null,
        },
      }),
      fetchExchange,
      subscriptionExchange({
        forwardSubscription(request) {
          const input = { ...request, query: request.query || '' }
          return {
            subscribe(sink) {
              const unsubscribe = ws.subscribe(input, sink)
              return { unsubscribe }
            },
          }
        },
      }),
    ],
  })
}

import { Client, fetchExchange, subscriptionExchange } from 'urql'
import { cacheExchange, type Cache } from '@urql/exchange-graphcache'
import { createClient as createWSClient } from 'graphql-ws'
import { FolderTreeQuery } from './components/FolderTree'
import type { FolderTreeQuery as FolderTreeData, FolderTreeFieldsFragment, Space } from './gql/graphql'

/**
 * The types the normalized cache keeps inside their parent instead of by
 * id: objects without an id of their own, and the graph view's edges. Every
 * other type with an id is an entity, read through its fragment in
 * src/fragments (src/fragments/fragments.test.ts checks that).
 */
export const embedded = [
  'InboxCounts',
  'TextAnchor',
  'Folder',
  'FolderTree',
  'PageInfo',
  'ImportReport',
  'ImportSkip',
  'LinkGraph',
  'LinkGraphNode',
  'LinkGraphEdge',
  'RelatedDocument',
  'PastAddress',
  'SearchHit',
  'AccessExplanation',
  'SearchResult',
  'SearchEdge',
  'SearchFacets',
  'FacetCount',
  'Highlight',
  'HighlightRange',
  'AutomationScope',
  'AutomationProposal',
  'AutomationWrite',
  'DryRunAutomationPayload',
  'UsageRow',
  'ManagedGrant',
  'ParkedEvent',
  'AuditEntryEdge',
  'ManagedUserEdge',
  'ImportEdge',
  'IngestionEdge',
  'ShareSuggestion',
  'ShareGrantResult',
  'SharePayload',
  'SharedWithMe',
  'NotificationEdge',
  'DocumentEdge',
  'MarkNotificationsReadPayload',
  'NotificationPayload',
  'RevokeBatchPayload',
  'MailPreferences',
  'StarPayload',
  'Mentionable',
  'MentionView',
  'AnswerMentionPayload',
  'WatchPayload',
  'ActivityEdge',
  'ActivityConnection',
]

// The one GraphQL client: requests signed in by the session cookie (the
// X-CoDNA-CSRF header lets the server tell them from a cross-site form),
// a normalized cache, and subscriptions over one websocket that every
// subscription of the page shares.
/** Drops every cached page of Query.trash, so the trash screen asks again. */
function forgetTrash(cache: Cache) {
  for (const f of cache.inspectFields('Query')) if (f.fieldName === 'trash') cache.invalidate('Query', f.fieldKey)
}

/** Drops every cached folder of Query.folderTree, so the sidebar asks again. */
function forgetFolders(cache: Cache) {
  for (const f of cache.inspectFields('Query')) if (f.fieldName === 'folderTree') cache.invalidate('Query', f.fieldKey)
}

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
        keys: Object.fromEntries(embedded.map((t) => [t, () => null])),
        updates: {
          Subscription: {
            // Someone's page came into a folder or left it: the pushed folder
            // (as this viewer sees it) replaces the sidebar's copy.
            folderChanged(result, args, cache) {
              const tree = result.folderChanged as FolderTreeFieldsFragment | undefined
              if (!tree) return
              const variables = { space: args.space as Space, path: (args.path as string | undefined) ?? '' }
              cache.updateQuery<FolderTreeData>({ query: FolderTreeQuery, variables }, () => ({ __typename: 'Query', folderTree: tree }) as FolderTreeData)
            },
          },
          Mutation: {
            // A page deleted for good leaves the trash's lists (fetched
            // again) and the cache.
            purgeDocument(_result, args, cache) {
              const input = args.input as { documentId: string }
              cache.invalidate({ __typename: 'Document', id: input.documentId })
              forgetTrash(cache)
            },
            emptyTrash(_result, _args, cache) {
              forgetTrash(cache)
            },
            // Starring changes the favourites' list: it is fetched again.
            starDocument(_result, _args, cache) {
              cache.invalidate('Query', 'favorites')
            },
            unstarDocument(_result, _args, cache) {
              cache.invalidate('Query', 'favorites')
            },
            // Watching changes the watches' list: it is fetched again.
            watchDocument(_result, _args, cache) {
              cache.invalidate('Query', 'watches')
            },
            unwatchDocument(_result, _args, cache) {
              cache.invalidate('Query', 'watches')
            },
            watchFolder(_result, _args, cache) {
              cache.invalidate('Query', 'watches')
            },
            unwatchFolder(_result, _args, cache) {
              cache.invalidate('Query', 'watches')
            },
            // A page made, moved (or renamed), trashed or restored here changes the
            // sidebar's folders: they are fetched again where they show.
            createDocument(_result, _args, cache) {
              forgetFolders(cache)
            },
            moveDocument(_result, _args, cache) {
              forgetFolders(cache)
            },
            deleteDocument(_result, _args, cache) {
              forgetFolders(cache)
            },
            restoreDocument(_result, _args, cache) {
              forgetFolders(cache)
            },
            // Reordering answers the new order: fetched again everywhere it shows.
            moveFavorite(_result, _args, cache) {
              cache.invalidate('Query', 'favorites')
            },
          },
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

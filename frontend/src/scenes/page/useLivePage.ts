import { useEffect, useRef } from 'react'
import { useSubscription } from 'urql'
import { graphql } from '../../gql'

// Only the document's address fields, never its version or body: the
// pushed document must not write a new version into the cache under an open
// editor (its save would then claim that version). The view reads the
// whole page again instead, when it is not editing.
const PageChanged = graphql(`
  subscription PageChanged($id: ID!, $since: String) {
    documentChanged(id: $id, since: $since) {
      ...DocumentFields
    }
  }
`)

/**
 * Calls reread each time the server says the page changed after it was
 * read: someone's save, a rename, a share, a comment, or link resolution
 * changing its links or backlinks (docs/frontend.md, "Live pages").
 * `digest` is the page's liveDigest as read: the subscription passes the
 * first one read of this page as `since`, so the server pushes first only
 * when the page changed between that read and the subscription's start, and
 * every push is a change. While paused (editing), changes are not read;
 * the view reads the page again when the editor closes.
 */
export function useLivePage(id: string | undefined, digest: string | undefined, paused: boolean, reread: () => void) {
  const since = useRef<{ id: string; digest: string } | undefined>(undefined)
  if (id && digest && since.current?.id !== id) since.current = { id, digest }
  const from = since.current?.id === id ? since.current?.digest : undefined
  const [pushes] = useSubscription({ query: PageChanged, variables: { id: id ?? '', since: from }, pause: !id || from === undefined }, (n: number = 0) => n + 1)
  const latest = useRef(reread)
  latest.current = reread
  const heard = useRef(0)
  useEffect(() => {
    heard.current = 0 // a new page, a new subscription
  }, [id])
  useEffect(() => {
    const n = pushes.data ?? 0
    if (n === 0 || n === heard.current) return
    heard.current = n
    if (!paused) latest.current()
  }, [pushes.data, paused])
}

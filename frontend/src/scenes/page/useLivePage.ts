import { useEffect, useRef } from 'react'
import { useSubscription } from 'urql'
import { graphql } from '../../gql'

// Only the document's address fields, never its version or body: the
// pushed document must not write a new version into the cache under an open
// editor (its save would then claim that version). The view reads the
// whole page again instead, when it is not editing.
const PageChanged = graphql(`
  subscription PageChanged($id: ID!) {
    documentChanged(id: $id) {
      ...DocumentFields
    }
  }
`)

/**
 * Calls reread each time the server says the page changed after it was
 * opened: someone's save, a rename, a share, a comment, or link resolution
 * changing its links or backlinks (docs/frontend.md, "Live pages"). The
 * subscription's first push is the page as it is now and is not a change.
 * While paused (editing), changes are not read; the view reads the page
 * again when the editor closes.
 */
export function useLivePage(id: string | undefined, paused: boolean, reread: () => void) {
  const [pushes] = useSubscription({ query: PageChanged, variables: { id: id ?? '' }, pause: !id }, (n: number = 0) => n + 1)
  const seen = useRef(0)
  const latest = useRef(reread)
  latest.current = reread
  useEffect(() => {
    seen.current = 0 // a new page, a new subscription: its first push again
  }, [id])
  useEffect(() => {
    const n = pushes.data ?? 0
    if (n === 0) return
    const first = seen.current === 0
    if (paused && !first) return
    seen.current = n
    if (!first) latest.current()
  }, [pushes.data, paused])
}

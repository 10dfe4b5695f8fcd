import { useSubscription } from 'urql'
import { graphql } from '../gql'
import { Link } from '../router'

const Counts = graphql(`
  subscription InboxBadge {
    inboxCounts {
      decisions
      unread
      total
    }
  }
`)

/** The inbox link with its live count (the inboxCounts subscription). */
export function InboxBadge() {
  const [res] = useSubscription({ query: Counts })
  const c = res.data?.inboxCounts
  const total = c?.total ?? 0
  return (
    // The name starts with the words shown (axe: label-content-name-mismatch).
    <Link to="/inbox" className="inbox-link">
      Inbox
      <span className="sr-only">, </span>
      {total > 0 && (
        <span className="badge" data-testid="inbox-badge" title={`${c?.decisions ?? 0} decisions, ${c?.unread ?? 0} unread`}>
          {total}
        </span>
      )}
      <span className="sr-only">{total > 0 ? ' waiting' : 'nothing waiting'}</span>
    </Link>
  )
}

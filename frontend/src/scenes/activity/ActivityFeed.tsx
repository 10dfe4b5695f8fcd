import { useState } from 'react'
import { useQuery } from 'urql'
import { graphql } from '../../gql'
import type { ActivityFeedQuery } from '../../gql/graphql'
import { Link } from '../../router'
import { pageURL } from '../../lib/address'
import { Empty, ErrorNote, Loading } from '../../components/Status'
import { RelativeTime } from '../../components/RelativeTime'

// The activity log as a list: the team's (home) or one page's (its
// activity tab). The server gives only entries on pages the caller can
// read now.

const ActivityFeedQuery = graphql(`
  query ActivityFeed($filter: ActivityFilter, $first: Int, $after: String) {
    activity(filter: $filter, first: $first, after: $after) {
      edges {
        cursor
        node {
          ...ActivityEntryFields
          actor {
            ...UserFields
          }
          document {
            ...DocumentFields
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`)

type Entry = ActivityFeedQuery['activity']['edges'][number]['node']

const verbs: Record<string, string> = {
  created: 'created',
  edited: 'edited',
  moved: 'moved',
  renamed: 'renamed',
  trashed: 'moved to the trash',
  restored: 'restored',
  commented: 'commented on',
  thread_resolved: 'resolved a thread on',
  shared: 'shared',
}

/** What an entry says, without its page: "Ann edited … 3 times". */
export function entryWords(e: Pick<Entry, 'action' | 'count' | 'automationId'> & { actor?: { name: string } | null }): { who: string; verb: string; tail: string } {
  const who = e.actor?.name ?? 'Someone'
  const verb = verbs[e.action] ?? e.action.replace(/_/g, ' ')
  const times = e.count > 1 ? ` ${e.count} times` : ''
  const auto = e.automationId ? ' (by an automation)' : ''
  return { who, verb, tail: times + auto }
}

function EntryRow({ e, showPage }: { e: Entry; showPage: boolean }) {
  const w = entryWords(e)
  return (
    <li>
      <span>{w.who}</span> {w.verb}{' '}
      {showPage && e.document ? <Link to={pageURL(e.document)}>{e.document.title}</Link> : showPage ? 'a page' : 'this page'}
      {w.tail}
      {e.changeSummary ? <span className="meta"> — {e.changeSummary}</span> : null}{' '}
      <RelativeTime at={e.at} className="meta" />
    </li>
  )
}

/**
 * The activity on pages you can read, newest first: the team's, or one
 * page's (documentId), with "More" for older entries.
 */
export function ActivityFeed({ documentId, first = 20, label = 'Activity' }: { documentId?: string; first?: number; label?: string }) {
  const [after, setAfter] = useState<string | null>(null)
  const [older, setOlder] = useState<Entry[]>([])
  const filter = documentId ? { documentId } : null
  const [{ data, fetching, error }] = useQuery({ query: ActivityFeedQuery, variables: { filter, first, after } })
  if (error) return <ErrorNote error={error} />
  if (fetching && !data) return <Loading what="Loading the activity" />
  const page = data?.activity
  const rows = [...older, ...(page?.edges.map((e) => e.node) ?? [])]
  if (rows.length === 0) return <Empty>Nothing has happened here yet.</Empty>
  return (
    <>
      <ul aria-label={label} className="page-list activity">
        {rows.map((e) => (
          <EntryRow key={e.id} e={e} showPage={!documentId} />
        ))}
      </ul>
      {page?.pageInfo.hasNextPage && page.pageInfo.endCursor && (
        <button
          type="button"
          onClick={() => {
            setOlder(rows)
            setAfter(page.pageInfo.endCursor ?? null)
          }}
        >
          More
        </button>
      )}
    </>
  )
}

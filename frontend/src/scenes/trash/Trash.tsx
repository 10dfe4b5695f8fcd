import { useState } from 'react'
import { useMutation, useQuery } from 'urql'
import { graphql } from '../../gql'
import { Link } from '../../router'
import { pageURL } from '../../lib/address'
import { Empty, ErrorNote, Loading } from '../../components/Status'
import { when } from '../../lib/format'
import { daysLeft } from '../../lib/sharing'
import './Trash.css'

const TrashQuery = graphql(`
  query Trash($first: Int, $after: String) {
    trash(first: $first, after: $after) {
      edges {
        cursor
        node {
          ...DocumentFields
          deletedAt
          purgeAfter
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`)

const Restore = graphql(`
  mutation TrashRestore($input: RestoreDocumentInput!) {
    restoreDocument(input: $input) {
      document {
        ...DocumentFields
        deletedAt
        purgeAfter
      }
    }
  }
`)

const PAGE = 50

/** Your pages in the trash, newest first, each restorable until it is purged. */
export default function Trash() {
  const [cursors, setCursors] = useState<(string | null)[]>([null])
  const [restored, setRestored] = useState<{ id: string; title: string; url: string }[]>([])
  return (
    <section className="trash">
      <h1>Trash</h1>
      <p className="trash-note">Pages you delete stay here for 30 days, then they are purged for good.</p>
      {restored.length > 0 && (
        <ul className="trash-restored" aria-label="Restored" aria-live="polite">
          {restored.map((r) => (
            <li key={r.id}>
              Restored <Link to={r.url}>{r.title}</Link>.
            </li>
          ))}
        </ul>
      )}
      <ul className="trash-list" aria-label="Pages in the trash">
        {cursors.map((c, i) => (
          <TrashPage
            key={c ?? ''}
            after={c}
            first={i === 0}
            hidden={new Set(restored.map((r) => r.id))}
            onRestored={(r) => setRestored((all) => [r, ...all])}
            onMore={i === cursors.length - 1 ? (next) => setCursors([...cursors, next]) : undefined}
          />
        ))}
      </ul>
    </section>
  )
}

function TrashPage({
  after,
  first,
  hidden,
  onRestored,
  onMore,
}: {
  after: string | null
  first: boolean
  hidden: Set<string>
  onRestored: (r: { id: string; title: string; url: string }) => void
  onMore?: (cursor: string) => void
}) {
  const [res] = useQuery({ query: TrashQuery, variables: { first: PAGE, after }, requestPolicy: 'cache-and-network' })
  const [rest, restore] = useMutation(Restore)
  const [busy, setBusy] = useState('')
  if (res.fetching && !res.data)
    return (
      <li className="trash-state">
        <Loading what="Loading the trash" />
      </li>
    )
  if (res.error && !res.data)
    return (
      <li className="trash-state">
        <ErrorNote error={res.error} />
      </li>
    )
  const docs = (res.data?.trash.edges ?? []).map((e) => e.node).filter((d) => !hidden.has(d.id))
  const info = res.data?.trash.pageInfo
  const now = new Date()
  return (
    <>
      {first && docs.length === 0 && (
        <li className="trash-state">
          <Empty>The trash is empty.</Empty>
        </li>
      )}
      {docs.map((d) => {
        const left = daysLeft(d.purgeAfter, now)
        return (
          <li key={d.id} className="trash-row">
            <div className="trash-what">
              <strong>{d.title}</strong>
              <span className="trash-where">{pageURL(d)}</span>
              <span className="trash-when">
                Deleted {when(d.deletedAt)}
                {d.purgeAfter && (
                  <>
                    {' · '}
                    <time dateTime={d.purgeAfter} title={when(d.purgeAfter)}>
                      {left === null ? `purged after ${when(d.purgeAfter)}` : left <= 0 ? 'purged any moment now' : `purged in ${left} day${left === 1 ? '' : 's'}`}
                    </time>
                  </>
                )}
              </span>
            </div>
            <button
              type="button"
              disabled={busy === d.id}
              aria-label={`Restore ${d.title}`}
              onClick={async () => {
                setBusy(d.id)
                const r = await restore({ input: { id: d.id } })
                setBusy('')
                const doc = r.data?.restoreDocument.document
                if (doc) onRestored({ id: doc.id, title: doc.title, url: pageURL(doc) })
              }}
            >
              Restore
            </button>
          </li>
        )
      })}
      {rest.error && (
        <li className="trash-state">
          <ErrorNote error={rest.error} />
        </li>
      )}
      {onMore && info?.hasNextPage && info.endCursor && (
        <li className="trash-state">
          <button type="button" onClick={() => onMore(info.endCursor as string)}>
            Show more
          </button>
        </li>
      )}
    </>
  )
}

import { useId, useMemo, useState } from 'react'
import { useQuery } from 'urql'
import { graphql } from '../../gql'
import { Link } from '../../router'
import { pageURL } from '../../lib/address'
import { Empty, ErrorNote, Loading } from '../../components/Status'
import { permissionWords, reasonWords, since } from '../../lib/sharing'
import './Shared.css'
import { RelativeTime } from '../../components/RelativeTime'

const Recent = graphql(`
  query RecentlyShared($since: Time!, $first: Int) {
    recentlyShared(since: $since, first: $first) {
      document {
        ...DocumentFields
        owner {
          ...UserFields
        }
      }
      permission
      reason
      batchId
      at
      recipient
      recipientName
      grantedBy {
        ...UserFields
      }
    }
  }
`)

const ranges = [
  { days: 7, label: 'The last 7 days' },
  { days: 30, label: 'The last 30 days' },
  { days: 90, label: 'The last 90 days' },
  { days: 365, label: 'The last year' },
]

/** What was shared with you lately — or with a group of yours, named: by whom, why, and with what permission. */
export default function Shared() {
  const id = useId()
  const [days, setDays] = useState(30)
  // Rounded to the minute so the variables (and the cache key) stay put between renders.
  const from = useMemo(() => since(new Date(Math.floor(Date.now() / 60000) * 60000), days), [days])
  const [res] = useQuery({ query: Recent, variables: { since: from, first: 100 }, requestPolicy: 'cache-and-network' })
  const items = res.data?.recentlyShared ?? []
  return (
    <section className="shared">
      <header className="shared-head">
        <h1>Shared with me</h1>
        <div>
          <label htmlFor={id}>Since</label>
          <select id={id} value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {ranges.map((r) => (
              <option key={r.days} value={r.days}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
      </header>
      {res.fetching && !res.data ? (
        <Loading what="Loading what was shared with you" />
      ) : res.error && !res.data ? (
        <ErrorNote error={res.error} />
      ) : items.length === 0 ? (
        <Empty>Nothing was shared with you in that time.</Empty>
      ) : (
        <ul className="shared-list" aria-label="Shared with me">
          {items.map((s) => (
            <li key={s.document.id} className="shared-row">
              <Link to={pageURL(s.document)} className="shared-title">
                {s.document.title}
              </Link>
              <span className="shared-where">{pageURL(s.document)}</span>
              <span className="shared-why">
                {s.grantedBy ? `${s.grantedBy.name} shared it` : 'Shared'}
                {s.recipient.startsWith('group:') ? ` with ${s.recipientName}` : ''} · {permissionWords(s.permission)} · {reasonWords(s.reason)} ·{' '}
                <RelativeTime at={s.at} />
              </span>
              {s.document.owner && s.grantedBy?.id !== s.document.owner.id && (
                <span className="shared-where">Owned by {s.document.owner.name}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

import { useId, useState } from 'react'
import { useMutation, useQuery } from 'urql'
import { graphql } from '../../gql'
import { Empty, ErrorNote, Loading } from '../../components/Status'
import type { PageDoc } from './pageDocument'
import { unifiedLines } from '../../lib/lineDiff'
import { errorCode } from '../../lib/pageForm'
import { words } from '../../lib/format'
import './History.css'
import '../../components/lineDiff.css'
import { RelativeTime } from '../../components/RelativeTime'

const Revisions = graphql(`
  query PageRevisions($id: ID!, $first: Int!, $after: String) {
    document(id: $id) {
      ...DocumentFields
      revisions(first: $first, after: $after) {
        totalCount
        pageInfo {
          hasNextPage
          endCursor
        }
        edges {
          cursor
          node {
            ...DocumentRevisionFields
            author {
              ...UserFields
            }
          }
        }
      }
    }
  }
`)

const Diff = graphql(`
  query PageDiff($id: ID!, $from: Int!, $to: Int!) {
    document(id: $id) {
      ...DocumentFields
      diff(from: $from, to: $to)
    }
  }
`)

const Restore = graphql(`
  mutation RestoreRevision($input: RestoreRevisionInput!) {
    restoreRevision(input: $input) {
      changed
      document {
        ...DocumentFields
        content
        tags
        status
        version
        updatedAt
      }
    }
  }
`)

const pageSize = 20

/** A page's revisions: compare any two, restore an earlier one. */
export default function History({ doc, onRestored }: { doc: PageDoc; onRestored: () => void }) {
  const ids = useId()
  const latest = doc.version
  const [from, setFrom] = useState(Math.max(1, latest - 1))
  const [to, setTo] = useState(latest)
  const [shown, setShown] = useState<{ from: number; to: number } | null>(null)
  const [cursors, setCursors] = useState<(string | null)[]>([null])
  const [restoring, restore] = useMutation(Restore)
  const [problem, setProblem] = useState('')
  const versions = Array.from({ length: latest }, (_, i) => latest - i)

  const doRestore = async (version: number) => {
    setProblem('')
    const r = await restore({ input: { id: doc.id, version, expectedVersion: latest } })
    if (r.error) {
      setProblem(
        errorCode(r.error) === 'CONFLICT'
          ? 'The page changed since you opened it. Open it again to see the newest history.'
          : r.error.graphQLErrors.map((g) => g.message).join(' ') || 'The restore failed.',
      )
      return
    }
    onRestored()
  }

  return (
    <section className="history" aria-labelledby={`${ids}-h`}>
      <h2 id={`${ids}-h`}>History</h2>
      {latest > 1 ? (
        <form
          className="history-compare"
          onSubmit={(e) => {
            e.preventDefault()
            setShown({ from, to })
          }}
        >
          <label>
            From version
            <select value={from} onChange={(e) => setFrom(Number(e.target.value))}>
              {versions.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          </label>
          <label>
            To version
            <select value={to} onChange={(e) => setTo(Number(e.target.value))}>
              {versions.map((v) => (
                <option key={v} value={v}>
                  {v}
                  {v === latest ? ' (current)' : ''}
                </option>
              ))}
            </select>
          </label>
          <button type="submit">Compare</button>
        </form>
      ) : (
        <Empty>This page has one version: there is nothing to compare yet.</Empty>
      )}
      {shown && <DiffView id={doc.id} from={shown.from} to={shown.to} />}
      {problem && (
        <p className="status error" role="alert">
          {problem}
        </p>
      )}
      <ErrorNote error={restoring.error && !problem ? restoring.error : null} />
      <ol className="history-list" aria-label="Revisions">
        {cursors.map((after, i) => (
          <RevisionPage
            key={after ?? 'first'}
            id={doc.id}
            after={after}
            latest={latest}
            last={i === cursors.length - 1}
            busy={restoring.fetching}
            onMore={(c) => setCursors((cs) => [...cs, c])}
            onShow={(v) => {
              setFrom(Math.max(1, v - 1))
              setTo(v)
              setShown({ from: Math.max(1, v - 1), to: v })
            }}
            onRestore={doRestore}
          />
        ))}
      </ol>
    </section>
  )
}

function RevisionPage({
  id,
  after,
  latest,
  last,
  busy,
  onMore,
  onShow,
  onRestore,
}: {
  id: string
  after: string | null
  latest: number
  last: boolean
  busy: boolean
  onMore: (cursor: string) => void
  onShow: (version: number) => void
  onRestore: (version: number) => void
}) {
  const [res] = useQuery({ query: Revisions, variables: { id, first: pageSize, after }, requestPolicy: 'cache-and-network' })
  if (res.fetching && !res.data)
    return (
      <li>
        <Loading what="Loading the history" />
      </li>
    )
  if (res.error && !res.data)
    return (
      <li>
        <ErrorNote error={res.error} />
      </li>
    )
  const conn = res.data?.document?.revisions
  if (!conn) return null
  return (
    <>
      {conn.edges.map(({ node: r }) => (
        <li key={r.id} className="history-item">
          <div className="history-what">
            <strong>Version {r.version}</strong>
            {r.version === latest && <span className="history-current"> (current)</span>} · {words(r.changeKind)}
            {r.author && <> · by {r.author.name}</>} · <RelativeTime at={r.createdAt} />
            {r.changeSummary && <p className="history-summary">{r.changeSummary}</p>}
          </div>
          <div className="history-buttons">
            {r.version > 1 && (
              <button type="button" onClick={() => onShow(r.version)}>
                Changes in version {r.version}
              </button>
            )}
            {r.version !== latest && (
              <button type="button" disabled={busy} onClick={() => onRestore(r.version)}>
                Restore version {r.version}
              </button>
            )}
          </div>
        </li>
      ))}
      {last && conn.pageInfo.hasNextPage && conn.pageInfo.endCursor && (
        <li className="history-more">
          <button type="button" onClick={() => onMore(conn.pageInfo.endCursor as string)}>
            Show older versions
          </button>
        </li>
      )}
    </>
  )
}

function DiffView({ id, from, to }: { id: string; from: number; to: number }) {
  const [res] = useQuery({ query: Diff, variables: { id, from, to }, pause: from === to })
  if (from === to) return <Empty>Pick two different versions to compare.</Empty>
  if (res.fetching && !res.data) return <Loading what="Comparing" />
  if (res.error) return <ErrorNote error={res.error} />
  const diff = res.data?.document?.diff ?? ''
  const lines = unifiedLines(diff)
  return (
    <div className="history-diff">
      <h3>
        Version {from} → version {to}
      </h3>
      {lines.length === 0 ? (
        <Empty>No differences.</Empty>
      ) : (
        <pre className="line-diff" aria-label={`Changes from version ${from} to version ${to}`}>
          {lines.map((l, i) => (
            <span key={i} className={l.kind}>
              {l.text + '\n'}
            </span>
          ))}
        </pre>
      )}
    </div>
  )
}

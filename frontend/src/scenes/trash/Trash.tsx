import { useId, useState } from 'react'
import { createPortal } from 'react-dom'
import { useMutation, useQuery } from 'urql'
import { graphql } from '../../gql'
import { Link } from '../../router'
import { pageURL } from '../../lib/address'
import { Empty, ErrorNote, Loading } from '../../components/Status'
import { Dialog } from '../../components/Dialog'
import { daysLeft } from '../../lib/sharing'
import './Trash.css'
import { RelativeTime } from '../../components/RelativeTime'
import { fullDate } from '../../lib/relativeTime'

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

const Purge = graphql(`
  mutation TrashPurge($input: DocumentRefInput!) {
    purgeDocument(input: $input) {
      documentId
    }
  }
`)

const EmptyAll = graphql(`
  mutation TrashEmpty {
    emptyTrash {
      purged
    }
  }
`)

const PAGE = 50

/** What the confirmation dialog asks about: one page, or the whole trash. */
type Asking = { one: { id: string; title: string } } | { all: true }

/** Asks before anything is deleted for good; Cancel has the focus first. */
export function ConfirmPurge({ asking, busy, onConfirm, onClose }: { asking: Asking; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const id = useId()
  const one = 'one' in asking ? asking.one : null
  return createPortal(
    <div
      className="trash-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose()
      }}
    >
      <Dialog className="trash-dialog" labelledBy={`${id}-title`} onClose={onClose} initialFocus=".trash-cancel">
        <h2 id={`${id}-title`}>{one ? `Delete “${one.title}” for good?` : 'Empty the trash?'}</h2>
        <p>
          {one
            ? 'It cannot be restored afterwards: its history and attached files go with it, and links to it stop pointing anywhere.'
            : 'Every page in your trash is deleted for good. None of them can be restored afterwards.'}
        </p>
        <div className="trash-dialog-buttons">
          <button type="button" className="danger" disabled={busy} onClick={onConfirm}>
            {one ? 'Delete for good' : 'Empty trash'}
          </button>
          <button type="button" className="trash-cancel" onClick={onClose}>
            Cancel
          </button>
        </div>
      </Dialog>
    </div>,
    document.body,
  )
}

/** Your pages in the trash, newest first, each restorable until it is purged. */
export default function Trash() {
  const [cursors, setCursors] = useState<(string | null)[]>([null])
  const [restored, setRestored] = useState<{ id: string; title: string; url: string }[]>([])
  const [gone, setGone] = useState<string[]>([])
  const [asking, setAsking] = useState<Asking | null>(null)
  const [done, setDone] = useState('')
  const [purgeRes, purge] = useMutation(Purge)
  const [emptyRes, empty] = useMutation(EmptyAll)
  const busy = purgeRes.fetching || emptyRes.fetching
  async function confirm() {
    if (!asking) return
    if ('one' in asking) {
      const r = await purge({ input: { documentId: asking.one.id } })
      setAsking(null)
      if (r.data) {
        setGone((all) => [...all, asking.one.id])
        setDone(`Deleted “${asking.one.title}” for good.`)
      }
      return
    }
    const r = await empty({})
    setAsking(null)
    if (r.data) {
      const n = r.data.emptyTrash.purged
      setCursors([null])
      setDone(n === 0 ? 'The trash was already empty.' : `Deleted ${n} page${n === 1 ? '' : 's'} for good.`)
    }
  }
  return (
    <section className="trash">
      <div className="trash-head">
        <h1>Trash</h1>
        <button type="button" className="danger" onClick={() => setAsking({ all: true })}>
          Empty trash
        </button>
      </div>
      <p className="trash-note">Pages you delete stay here for 30 days, then they are purged for good. Delete one for good sooner, or empty the trash.</p>
      {done && (
        <p className="status" role="status">
          {done}
        </p>
      )}
      {(purgeRes.error || emptyRes.error) && <ErrorNote error={(purgeRes.error ?? emptyRes.error)!} />}
      {asking && <ConfirmPurge asking={asking} busy={busy} onConfirm={() => void confirm()} onClose={() => setAsking(null)} />}
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
            hidden={new Set([...restored.map((r) => r.id), ...gone])}
            onRestored={(r) => setRestored((all) => [r, ...all])}
            onPurge={(d) => setAsking({ one: d })}
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
  onPurge,
  onMore,
}: {
  after: string | null
  first: boolean
  hidden: Set<string>
  onRestored: (r: { id: string; title: string; url: string }) => void
  onPurge: (d: { id: string; title: string }) => void
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
                Deleted <RelativeTime at={d.deletedAt} />
                {d.purgeAfter && (
                  <>
                    {' · '}
                    {left === null ? (
                      <>
                        purged after <RelativeTime at={d.purgeAfter} />
                      </>
                    ) : (
                      <time dateTime={d.purgeAfter} title={fullDate(d.purgeAfter)}>
                        {left <= 0 ? 'purged any moment now' : `purged in ${left} day${left === 1 ? '' : 's'}`}
                      </time>
                    )}
                  </>
                )}
              </span>
            </div>
            <div className="trash-buttons">
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
              <button type="button" className="danger" aria-label={`Delete ${d.title} for good`} onClick={() => onPurge({ id: d.id, title: d.title })}>
                Delete for good
              </button>
            </div>
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

import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useMutation, useQuery, useSubscription } from 'urql'
import { graphql } from '../../gql'
import type { InboxPageQuery } from '../../gql/graphql'
import { Link } from '../../router'
import { pageURL } from '../../lib/address'
import { Empty, ErrorNote, Loading } from '../../components/Status'
import {
  addressURL,
  decisionKind,
  documentIds,
  distinctIds,
  inboxFilter,
  batchCount,
  renameGroups,
  sentence,
  type InboxView,
  type Segment,
} from '../../lib/inboxText'
import './Inbox.css'
import { RelativeTime } from '../../components/RelativeTime'

const PAGE = 30

const InboxPage = graphql(`
  query InboxPage($first: Int, $after: String, $filter: InboxFilter) {
    inbox(first: $first, after: $after, filter: $filter) {
      edges {
        cursor
        node {
          ...NotificationFields
          actor {
            ...UserFields
          }
          mention {
            excerpt
            targetName
          }
          watchEvents
          documents(first: 3) {
            edges {
              node {
                ...DocumentFields
              }
            }
            pageInfo {
              hasNextPage
            }
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

// The titles and addresses of the documents the notifications name, in one request.
const InboxDocuments = graphql(`
  query InboxDocuments($ids: [ID!]!) {
    documentsByIds(ids: $ids) {
      ...DocumentFields
    }
  }
`)

// The pages of one batch notification (a share of 500 pages), those you can read now, page by page.
const BatchPagesQuery = graphql(`
  query InboxBatchPages($id: ID!, $first: Int, $after: String) {
    notification(id: $id) {
      ...NotificationFields
      documents(first: $first, after: $after) {
        edges {
          node {
            ...DocumentFields
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`)

const Added = graphql(`
  subscription InboxNotificationAdded {
    notificationAdded {
      ...NotificationFields
    }
  }
`)

const Counts = graphql(`
  subscription InboxScreenCounts {
    inboxCounts {
      decisions
      unread
      total
    }
  }
`)

const MarkRead = graphql(`
  mutation InboxMarkRead($input: MarkNotificationsReadInput!) {
    markNotificationsRead(input: $input) {
      marked
      counts {
        decisions
        unread
        total
      }
    }
  }
`)

const MarkAllRead = graphql(`
  mutation InboxMarkAllRead {
    markAllNotificationsRead {
      marked
      counts {
        decisions
        unread
        total
      }
    }
  }
`)

// Answers a mention decision: share the page with the person mentioned, notify a whole group, or leave it.
const AnswerMention = graphql(`
  mutation InboxAnswerMention($input: AnswerMentionInput!) {
    answerMention(input: $input) {
      notificationId
      batchId
      notified
    }
  }
`)

const Dismiss = graphql(`
  mutation InboxDismiss($input: NotificationInput!) {
    dismissNotification(input: $input) {
      notification {
        ...NotificationFields
      }
    }
  }
`)

const DecideLink = graphql(`
  mutation InboxDecideLink($input: DecideLinkInput!) {
    decideLink(input: $input) {
      document {
        ...DocumentFields
        version
        content
        links {
          ...DocumentLinkFields
        }
      }
    }
  }
`)

// Answers a rename's decisions together: "Update all" or "Keep all", in one transaction.
const AnswerLinks = graphql(`
  mutation InboxAnswerLinkDecisions($input: AnswerLinkDecisionsInput!) {
    answerLinkDecisions(input: $input) {
      answered
      skipped
      documents {
        ...DocumentFields
        version
        content
      }
    }
  }
`)

const DecideFile = graphql(`
  mutation InboxDecideFile($input: DecideFileReferenceInput!) {
    decideFileReference(input: $input) {
      document {
        ...DocumentFields
        version
        content
        fileReferences {
          ...FileReferenceFields
        }
      }
    }
  }
`)

const AcceptSuggestion = graphql(`
  mutation InboxAcceptSuggestion($input: LinkSuggestionInput!) {
    acceptLinkSuggestion(input: $input) {
      suggestion {
        ...LinkSuggestionFields
      }
      document {
        ...DocumentFields
        version
      }
    }
  }
`)

const RejectSuggestion = graphql(`
  mutation InboxRejectSuggestion($input: LinkSuggestionInput!) {
    rejectLinkSuggestion(input: $input) {
      suggestion {
        ...LinkSuggestionFields
      }
    }
  }
`)

type Note = InboxPageQuery['inbox']['edges'][number]['node']
interface DocRef {
  id: string
  title: string
  space: string
  path: string
  slug: string
}
type Docs = Record<string, DocRef | null | undefined>

const views: { v: InboxView; label: string }[] = [
  { v: 'all', label: 'All' },
  { v: 'decisions', label: 'Decisions' },
  { v: 'unread', label: 'Unread' },
]

/** Notifications, newest first, with decisions answered inline; new ones arrive live. */
export default function Inbox() {
  const [view, setView] = useState<InboxView>('all')
  const [cursors, setCursors] = useState<(string | null)[]>([null])
  const [version, setVersion] = useState(0)
  const [added] = useSubscription({ query: Added })
  const [counts] = useSubscription({ query: Counts })
  const [allRead, markAll] = useMutation(MarkAllRead)
  const refresh = () => setVersion((v) => v + 1)

  // A new notification, or a decision appearing or going away elsewhere: read the list again.
  const addedId = added.data?.notificationAdded.id
  const decisions = counts.data?.inboxCounts.decisions
  const last = useRef({ addedId, decisions })
  useEffect(() => {
    const prev = last.current
    last.current = { addedId, decisions }
    const arrived = addedId !== undefined && addedId !== prev.addedId
    const changed = prev.decisions !== undefined && decisions !== prev.decisions
    if (arrived || changed) setVersion((v) => v + 1)
  }, [addedId, decisions])

  const choose = (v: InboxView) => {
    setView(v)
    setCursors([null])
  }
  const unread = counts.data?.inboxCounts.unread
  return (
    <section className="inbox">
      <header className="inbox-head">
        <h1>Inbox</h1>
        <div className="inbox-tools">
          <div role="group" aria-label="Show" className="inbox-views">
            {views.map(({ v, label }) => (
              <button key={v} type="button" aria-pressed={view === v} onClick={() => choose(v)}>
                {label}
                {v === 'decisions' && decisions ? ` (${decisions})` : ''}
                {v === 'unread' && unread ? ` (${unread})` : ''}
              </button>
            ))}
          </div>
          <button
            type="button"
            disabled={allRead.fetching || unread === 0}
            onClick={async () => {
              await markAll({})
              refresh()
            }}
          >
            Mark all read
          </button>
        </div>
      </header>
      <ErrorNote error={allRead.error} />
      <ol className="inbox-list" aria-label="Notifications">
        {cursors.map((c, i) => (
          <InboxPageRows
            key={`${view}:${c ?? ''}`}
            view={view}
            after={c}
            version={version}
            first={i === 0}
            onChanged={refresh}
            onMore={i === cursors.length - 1 ? (next) => setCursors([...cursors, next]) : undefined}
          />
        ))}
      </ol>
    </section>
  )
}

function InboxPageRows({
  view,
  after,
  version,
  first,
  onChanged,
  onMore,
}: {
  view: InboxView
  after: string | null
  version: number
  first: boolean
  onChanged: () => void
  onMore?: (cursor: string) => void
}) {
  const variables = useMemo(() => ({ first: PAGE, after, filter: inboxFilter(view) }), [view, after])
  const [res, refetch] = useQuery({ query: InboxPage, variables, requestPolicy: 'cache-and-network' })
  const seen = useRef(version)
  useEffect(() => {
    if (seen.current === version) return
    seen.current = version
    refetch({ requestPolicy: 'network-only' })
  }, [version, refetch])

  const all = res.data?.inbox.edges.map((e) => e.node) ?? []
  // "All" leaves out what you dismissed.
  const notes = view === 'all' ? all.filter((n) => n.status !== 'DISMISSED') : all
  const idList = notes.flatMap((n) => documentIds(n.payload)).join(' ')
  const ids = useMemo(() => distinctIds(idList.split(' ')), [idList])
  const [docsRes] = useQuery({ query: InboxDocuments, variables: { ids }, pause: ids.length === 0 })
  const groups = renameGroups(notes)
  const grouped = new Map<string, string>() // member id → the group's target
  groups.forEach((g) => g.members.forEach((m) => grouped.set(m.id, g.targetId)))
  const docs: Docs = {}
  if (docsRes.data) {
    ids.forEach((id, i) => {
      docs[id] = docsRes.data?.documentsByIds[i] ?? null
    })
  }

  if (res.fetching && !res.data) {
    return (
      <li className="inbox-state">
        <Loading what="Loading your inbox" />
      </li>
    )
  }
  if (res.error && !res.data) {
    return (
      <li className="inbox-state">
        <ErrorNote error={res.error} />
      </li>
    )
  }
  const info = res.data?.inbox.pageInfo
  return (
    <>
      {first && notes.length === 0 && (
        <li className="inbox-state">
          <Empty>{view === 'decisions' ? 'No decisions wait for you.' : view === 'unread' ? 'Nothing unread.' : 'Your inbox is empty.'}</Empty>
        </li>
      )}
      {notes.map((n) => {
        const target = grouped.get(n.id)
        const g = target ? groups.get(target) : undefined
        if (g) {
          // A rename's decisions show once, where the newest of them is.
          return g.members[0] === n ? <RenameGroup key={`g:${n.id}`} members={g.members} docs={docs} docsLoading={docsRes.fetching} onChanged={onChanged} /> : null
        }
        return <Row key={n.id} n={n} docs={docs} docsLoading={docsRes.fetching} onChanged={onChanged} />
      })}
      {onMore && info?.hasNextPage && info.endCursor && (
        <li className="inbox-state">
          <button type="button" onClick={() => onMore(info.endCursor as string)}>
            Show older
          </button>
        </li>
      )}
    </>
  )
}

function Ref({ seg, docs, loading }: { seg: Exclude<Segment, string>; docs: Docs; loading: boolean }) {
  if ('address' in seg) {
    const url = addressURL(seg.address)
    return url ? <Link to={url}>{decodeURIComponent(url.slice(1))}</Link> : <span>{seg.address}</span>
  }
  const d = seg.doc ? docs[seg.doc] : null
  if (d) return <Link to={pageURL(d)}>{d.title}</Link>
  if (seg.fallback) {
    const url = addressURL(seg.fallback)
    const label = url ? decodeURIComponent(url.slice(1)) : seg.fallback
    return url ? <Link to={url}>{label}</Link> : <span>{label}</span>
  }
  return <span className="inbox-unknown">{loading && seg.doc && docs[seg.doc] === undefined ? '…' : 'a page you cannot see'}</span>
}

/** One notification, its decision answered inline. */
function Row({ n, docs, docsLoading, onChanged }: { n: Note; docs: Docs; docsLoading: boolean; onChanged: () => void }) {
  const id = useId()
  const kind = decisionKind(n)
  const [read, markRead] = useMutation(MarkRead)
  const [dis, dismiss] = useMutation(Dismiss)
  const [link, decideLink] = useMutation(DecideLink)
  const [file, decideFile] = useMutation(DecideFile)
  const [acc, accept] = useMutation(AcceptSuggestion)
  const [rej, reject] = useMutation(RejectSuggestion)
  const [ment, answerMention] = useMutation(AnswerMention)
  const busy = read.fetching || dis.fetching || link.fetching || file.fetching || acc.fetching || rej.fetching || ment.fetching
  const error = read.error || dis.error || link.error || file.error || acc.error || rej.error || ment.error
  const excerpt = n.mention?.excerpt ?? ''
  const after = (r: { error?: unknown }) => {
    if (!r.error) onChanged()
  }
  const subject = n.subjectId ?? ''
  const answerLink = async (answer: 'UPDATE' | 'KEEP' | 'DROP' | 'RESTORE_TARGET') => after(await decideLink({ input: { linkId: subject, answer } }))
  const pages = batchCount(n.payload)
  const deleted = n.type.endsWith('target_deleted')
  const unread = n.status === 'UNREAD' && !n.requiresDecision
  const open = n.requiresDecision && n.status !== 'RESOLVED' && n.status !== 'DISMISSED'
  const exportURL = n.type === 'export.ready' && typeof n.payload.url === 'string' ? n.payload.url : ''

  return (
    <li className="inbox-row" data-status={n.status.toLowerCase()} data-decision={open ? 'true' : undefined}>
      <p className="inbox-what" id={id}>
        {unread && <span className="inbox-dot">New: </span>}
        {open && <span className="inbox-flag">Decision: </span>}
        {sentence(n).map((s, i) => (typeof s === 'string' ? <span key={i}>{s}</span> : <Ref key={i} seg={s} docs={docs} loading={docsLoading} />))}
        {exportURL && (
          <>
            {' '}
            <a href={exportURL} download>
              Download
            </a>
          </>
        )}
      </p>
      {excerpt && <blockquote className="inbox-excerpt">{excerpt}</blockquote>}
      {pages > 1 && <BatchPages n={n} count={pages} />}
      <p className="inbox-meta">
        <RelativeTime at={n.createdAt} />
        {n.requiresDecision && !open && <span> · {n.status === 'RESOLVED' ? 'answered' : 'dismissed'}</span>}
      </p>
      <div className="inbox-actions">
        {kind === 'link' && (
          <>
            {!deleted && (
              <button type="button" disabled={busy} aria-describedby={id} onClick={() => answerLink('UPDATE')}>
                Update link
              </button>
            )}
            {deleted && !n.payload.targetUnreadable && (
              <button type="button" disabled={busy} aria-describedby={id} onClick={() => answerLink('RESTORE_TARGET')}>
                Restore the page
              </button>
            )}
            <button type="button" disabled={busy} aria-describedby={id} onClick={() => answerLink('KEEP')}>
              Keep as written
            </button>
            <button type="button" disabled={busy} aria-describedby={id} onClick={() => answerLink('DROP')}>
              Remove link
            </button>
          </>
        )}
        {kind === 'file' && (
          <>
            {!deleted && (
              <button type="button" disabled={busy} aria-describedby={id} onClick={async () => after(await decideFile({ input: { id: subject, answer: 'UPDATE' } }))}>
                Update reference
              </button>
            )}
            {deleted && !n.payload.targetUnreadable && (
              <button type="button" disabled={busy} aria-describedby={id} onClick={async () => after(await decideFile({ input: { id: subject, answer: 'RESTORE_TARGET' } }))}>
                Restore the page
              </button>
            )}
            <button type="button" disabled={busy} aria-describedby={id} onClick={async () => after(await decideFile({ input: { id: subject, answer: 'KEEP' } }))}>
              Keep as written
            </button>
          </>
        )}
        {kind === 'suggestion' && (
          <>
            <button type="button" disabled={busy} aria-describedby={id} onClick={async () => after(await accept({ input: { id: subject } }))}>
              Accept
            </button>
            <button type="button" disabled={busy} aria-describedby={id} onClick={async () => after(await reject({ input: { id: subject } }))}>
              Reject
            </button>
          </>
        )}
        {(kind === 'mention' || kind === 'group') && (
          <>
            <button type="button" disabled={busy} aria-describedby={id} onClick={async () => after(await answerMention({ input: { notificationId: n.id, accept: true } }))}>
              {kind === 'mention' ? 'Share it with them (read)' : 'Notify them all'}
            </button>
            <button type="button" disabled={busy} aria-describedby={id} onClick={async () => after(await answerMention({ input: { notificationId: n.id, accept: false } }))}>
              Leave it
            </button>
          </>
        )}
        {unread && (
          <button type="button" disabled={busy} aria-describedby={id} onClick={async () => after(await markRead({ input: { ids: [n.id] } }))}>
            Mark read
          </button>
        )}
        {!open && n.status !== 'DISMISSED' && (
          <button type="button" disabled={busy} aria-describedby={id} onClick={async () => after(await dismiss({ input: { id: n.id } }))}>
            Dismiss
          </button>
        )}
      </div>
      <ErrorNote error={error} />
    </li>
  )
}

type BatchDoc = { id: string; title: string; space: string; path: string; slug: string }

/**
 * The pages of a batch notification: the first few titles, and all of them
 * on demand, page by page. Only pages the reader can read now are listed
 * (the server leaves the others out): never "a page you cannot see".
 */
function BatchPages({ n, count }: { n: Note; count: number }) {
  const [open, setOpen] = useState(false)
  const listId = useId()
  const first: BatchDoc[] = n.documents?.edges.map((e) => e.node) ?? []
  const more = n.documents?.pageInfo.hasNextPage ?? false
  return (
    <div className="inbox-batch">
      {!open && first.length > 0 && (
        <p className="inbox-batch-first">
          {first.map((d, i) => (
            <span key={d.id}>
              {i > 0 && ', '}
              <Link to={pageURL(d)}>{d.title}</Link>
            </span>
          ))}
          {more ? ', …' : ''}
        </p>
      )}
      {more && (
        <button type="button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
          {open ? 'Hide the pages' : `Show all ${count} pages`}
        </button>
      )}
      {open && <BatchList id={listId} notification={n.id} />}
    </div>
  )
}

const BATCH_PAGE = 50

function BatchList({ id, notification }: { id: string; notification: string }) {
  const [cursors, setCursors] = useState<(string | null)[]>([null])
  return (
    <ol className="inbox-batch-list" id={id} aria-label="The pages">
      {cursors.map((c, i) => (
        <BatchListPage key={c ?? ''} notification={notification} after={c} onMore={i === cursors.length - 1 ? (next) => setCursors([...cursors, next]) : undefined} />
      ))}
    </ol>
  )
}

function BatchListPage({ notification, after, onMore }: { notification: string; after: string | null; onMore?: (cursor: string) => void }) {
  const [res] = useQuery({ query: BatchPagesQuery, variables: { id: notification, first: BATCH_PAGE, after } })
  if (res.fetching && !res.data) {
    return (
      <li>
        <Loading what="Loading the pages" />
      </li>
    )
  }
  if (res.error && !res.data) {
    return (
      <li>
        <ErrorNote error={res.error} />
      </li>
    )
  }
  const conn = res.data?.notification?.documents
  const info = conn?.pageInfo
  return (
    <>
      {conn?.edges.map(({ node: d }) => (
        <li key={d.id}>
          <Link to={pageURL(d)}>{d.title}</Link>
        </li>
      ))}
      {onMore && info?.hasNextPage && info.endCursor && (
        <li>
          <button type="button" onClick={() => onMore(info.endCursor as string)}>
            Show more pages
          </button>
        </li>
      )}
    </>
  )
}

/**
 * A rename's decisions as one item: the links of yours to one page that moved,
 * answered all at once ("Update all", "Keep all": answerLinkDecisions, one
 * transaction), or one by one under "Show each link".
 */
function RenameGroup({ members, docs, docsLoading, onChanged }: { members: Note[]; docs: Docs; docsLoading: boolean; onChanged: () => void }) {
  const id = useId()
  const [res, answerLinks] = useMutation(AnswerLinks)
  const first = members[0] as Note
  const p = first.payload
  const to = typeof p.to === 'string' ? p.to : ''
  const targetId = typeof p.targetId === 'string' ? p.targetId : ''
  const linkIds = members.map((m) => m.subjectId ?? '').filter(Boolean)
  const answer = async (a: 'UPDATE' | 'KEEP') => {
    const r = await answerLinks({ input: { linkIds, answer: a } })
    if (!r.error) onChanged()
  }
  return (
    <li className="inbox-row inbox-group" data-decision="true" data-status={first.status.toLowerCase()}>
      <p className="inbox-what" id={id}>
        <span className="inbox-flag">Decision: </span>
        <span>{members.length} of your links point to </span>
        <Ref seg={{ doc: targetId, fallback: to }} docs={docs} loading={docsLoading} />
        {to ? (
          <>
            <span>, which moved to </span>
            <Ref seg={{ address: to }} docs={docs} loading={docsLoading} />
            <span>.</span>
          </>
        ) : (
          <span>, which moved.</span>
        )}
      </p>
      <p className="inbox-meta">
        <RelativeTime at={first.createdAt} />
      </p>
      <div className="inbox-actions">
        <button type="button" disabled={res.fetching} aria-describedby={id} onClick={() => answer('UPDATE')}>
          Update all
        </button>
        <button type="button" disabled={res.fetching} aria-describedby={id} onClick={() => answer('KEEP')}>
          Keep all
        </button>
      </div>
      <ErrorNote error={res.error} />
      <details className="inbox-group-each">
        <summary>Show each link ({members.length})</summary>
        <ol className="inbox-list" aria-label="Each link">
          {members.map((m) => (
            <Row key={m.id} n={m} docs={docs} docsLoading={docsLoading} onChanged={onChanged} />
          ))}
        </ol>
      </details>
    </li>
  )
}

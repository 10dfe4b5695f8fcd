import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useMutation, useQuery } from 'urql'
import { graphql } from '../../gql'
import type { Space } from '../../gql/graphql'
import { followInAppLinks, Link, mayLeave } from '../../router'
import { newPageURL, pageURL, resolveHref, type Address } from '../../lib/address'
import { MarkdownBody } from '../../components/MarkdownBody'
import { resumesEditing } from '../../lib/draftStore'
import { useMentionNames } from '../../components/mention/useMentionNames'
import { Empty, ErrorNote, Loading } from '../../components/Status'
import type { PageDoc } from './pageDocument'
import ExportActions from './ExportActions'
import { StarButton, useRecordView } from './Star'
import { Commented } from './Comments'
import { WatchButton } from './Watch'
import { useLivePage } from './useLivePage'
import { useTitle } from '../../lib/title'

// The editor, the history and the share dialog load when they are opened:
// the page view's first paint needs none of them.
const Editor = lazy(() => import('../editor/Editor'))
const History = lazy(() => import('./History'))
const ShareDialog = lazy(() => import('../share/Share'))
const Related = lazy(() => import('./Related'))
const ActivityFeed = lazy(() => import('../activity/ActivityFeed').then((m) => ({ default: m.ActivityFeed })))
// Rename or move, tags and status, trash: their dialogs load with them.
const PageActions = lazy(() => import('./PageActions'))
const TrashedNotice = lazy(() => import('./PageActions').then((m) => ({ default: m.TrashedNotice })))

const Page = graphql(`
  query PageView($space: Space!, $path: String!, $slug: String!) {
    documentByAddress(space: $space, path: $path, slug: $slug) {
      ...PageViewDocument
    }
  }
`)

const Decide = graphql(`
  mutation DecideLinkInline($input: DecideLinkInput!) {
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

type Mode = 'read' | 'edit' | 'history' | 'share' | 'related' | 'activity'

/** When the view reads a page again after a save, in ms (see PageView's saves). */
const settleDelays = [500, 1500, 3500, 7000]

/** A page: its body with link states, its links and backlinks, and what you may do with it. */
export function PageView({ address }: { address: Address }) {
  const space = address.space.toUpperCase() as Space
  const [res, refetch] = useQuery({ query: Page, variables: { space, path: address.path, slug: address.slug } })
  const [mode, setMode] = useState<Mode>('read')
  // Set once the page went to the trash from here: the view offers it back.
  const [trashed, setTrashed] = useState(false)
  // Counts saves made here. A saved body's links and file references are
  // resolved in the background (docs/design.md, "The worker": usually
  // within a second, longer on a busy server), so after a save the view
  // reads the page again as that settles.
  const [saves, setSaves] = useState(0)
  useEffect(() => {
    if (saves === 0) return
    const timers = settleDelays.map((ms) => setTimeout(() => refetch({ requestPolicy: 'network-only' }), ms))
    return () => timers.forEach(clearTimeout)
  }, [saves, refetch])
  const doc = res.data?.documentByAddress
  useRecordView(doc?.id)
  // Moved while editing: the editor opens again here (lib/draftStore).
  useEffect(() => {
    if (doc && resumesEditing(doc.id)) setMode('edit')
  }, [doc])
  // Live: someone's save, or link resolution after any save, reads the page again.
  useLivePage(doc?.id, doc?.liveDigest, mode === 'edit', () => refetch({ requestPolicy: 'network-only' }))
  useTitle(doc ? doc.title : res.fetching ? undefined : 'No page')
  // Focus moves to the page's heading when a page opens (not on a re-read).
  const heading = useRef<HTMLHeadingElement>(null)
  const focused = useRef(false)
  useEffect(() => {
    if (!doc || focused.current || !heading.current) return
    focused.current = true
    // Not away from a field being typed in (the search palette, a dialog).
    if (!document.activeElement?.matches('input, textarea, select, [contenteditable="true"]')) heading.current.focus({ preventScroll: true })
  }, [doc])
  if (trashed && doc)
    return (
      <article className="page">
        <Suspense fallback={<Loading />}>
          <TrashedNotice
            doc={doc}
            onRestored={() => {
              setTrashed(false)
              setMode('read')
              refetch({ requestPolicy: 'network-only' })
            }}
          />
        </Suspense>
      </article>
    )
  if (res.fetching && !res.data) return <Loading what="Loading the page" />
  if (res.error && res.error.graphQLErrors.some((e) => e.extensions?.code === 'NOT_FOUND')) return <NoPage address={address} />
  if (res.error) return <ErrorNote error={res.error} retry={() => refetch({ requestPolicy: 'network-only' })} />
  if (!doc) return <NoPage address={address} />
  const canWrite = doc.myPermission !== 'READ'
  // Leaving the editor for another view of the page asks first, as leaving the page does.
  const switchMode = (m: Mode) => {
    if (mode === 'edit' && m !== 'edit' && !mayLeave()) return
    setMode(m)
  }
  const done = () => {
    setMode('read')
    refetch({ requestPolicy: 'network-only' })
    setSaves((n) => n + 1)
  }
  return (
    <article className="page">
      <header className="page-head">
        <Crumbs space={doc.space} path={doc.path} />
        <h1 ref={heading} tabIndex={-1}>
          {doc.title}
        </h1>
        <p className="meta">
          {doc.status !== 'ACTIVE' && <span className="tag">{doc.status.toLowerCase()}</span>}
          {doc.tags.map((t) => (
            <Link key={t} className="tag" to={`/tags/${encodeURIComponent(t)}`}>
              #{t}
            </Link>
          ))}
          <span>by {doc.owner.name}</span> · <span>v{doc.version}</span>
        </p>
        <nav className="actions" aria-label="Page actions">
          <button type="button" onClick={() => switchMode('read')} aria-pressed={mode === 'read'}>
            Read
          </button>
          {canWrite ? (
            <button type="button" onClick={() => switchMode('edit')} aria-pressed={mode === 'edit'}>
              Edit
            </button>
          ) : (
            doc.space !== 'RAW' && (
              // A reader follows others' typing live, read-only (docs/guide.md, "Typing together").
              <button type="button" onClick={() => switchMode('edit')} aria-pressed={mode === 'edit'}>
                Follow live
              </button>
            )
          )}
          <button type="button" onClick={() => switchMode('history')} aria-pressed={mode === 'history'}>
            History
          </button>
          <button type="button" onClick={() => switchMode('related')} aria-pressed={mode === 'related'}>
            Related
          </button>
          <button type="button" onClick={() => switchMode('activity')} aria-pressed={mode === 'activity'}>
            Activity
          </button>
          <StarButton id={doc.id} starred={doc.starred} />
          <WatchButton id={doc.id} watching={doc.watching} watchers={doc.watcherCount} />
          <ExportActions id={doc.id} />
          {doc.myPermission === 'OWNER' && (
            <button type="button" onClick={() => switchMode('share')} aria-pressed={mode === 'share'}>
              Share
            </button>
          )}
          {canWrite && (
            <Suspense fallback={null}>
              <PageActions doc={doc} onChanged={() => refetch({ requestPolicy: 'network-only' })} onTrashed={() => setTrashed(true)} />
            </Suspense>
          )}
        </nav>
      </header>
      <Suspense fallback={<Loading />}>
        {mode === 'edit' && <Editor doc={doc} onDone={done} />}
        {mode === 'history' && <History doc={doc} onRestored={done} />}
        {mode === 'share' && <ShareDialog doc={doc} onClose={() => setMode('read')} />}
        {mode === 'related' && <Related doc={doc} />}
        {mode === 'activity' && <ActivityFeed documentId={doc.id} label="Page activity" />}
      </Suspense>
      {mode === 'read' && (
        <Commented doc={doc}>
          <Body doc={doc} />
        </Commented>
      )}
      {mode !== 'edit' && <LinksPanel doc={doc} canWrite={canWrite} />}
    </article>
  )
}

/** No page at an address: one may be created there ("Create this page"). */
function NoPage({ address }: { address: Address }) {
  const create = newPageURL(pageURL(address), '')
  return (
    <Empty>
      No page you can read is at {pageURL(address)}. {create && <Link to={create}>Create this page</Link>}
    </Empty>
  )
}

/** Where the page lives: its space and each folder above it, each a link to the pages in it. */
function Crumbs({ space, path }: { space: string; path: string }) {
  const sp = space.toLowerCase()
  const parts = path ? path.split('/') : []
  const folder = (i: number) => `/search?space=${sp}&path=${encodeURIComponent(parts.slice(0, i + 1).join('/'))}`
  return (
    <nav className="crumbs" aria-label="Breadcrumbs">
      <Link to={`/search?space=${sp}`}>{sp}</Link>
      {parts.map((p, i) => (
        <span key={i}>
          {' / '}
          <Link to={folder(i)}>{p}</Link>
        </span>
      ))}
    </nav>
  )
}

function Body({ doc }: { doc: PageDoc }) {
  const mentionNames = useMentionNames(doc.content)
  const ctx = useMemo(
    () => ({
      space: doc.space,
      path: doc.path,
      linkStates: new Map(doc.links.map((l) => [l.hrefAsWritten, l.state])),
      mentionNames,
      // By the href as written, and as the markdown renderer encodes it (spaces as %20).
      fileURLs: new Map(
        doc.fileReferences.flatMap((f) =>
          f.attachment
            ? [[f.href, f.attachment.url] as [string, string], [encodeURI(f.href), f.attachment.url] as [string, string]]
            : [],
        ),
      ),
    }),
    [doc, mentionNames],
  )
  const post = useCallback((html: string) => pointMovedLinks(doc, html), [doc])
  if (doc.content.trim() === '') return <Empty>This page is empty.</Empty>
  // Shown piece by piece: a 1 MB page does not freeze the tab (docs/frontend.md, "Big pages").
  return <MarkdownBody markdown={doc.content} ctx={ctx} post={post} onClick={followInAppLinks} />
}

/**
 * A link whose page moved still names the old address (until its owner
 * updates it): its href in the rendered body points where the page is now,
 * found by the link's target.
 */
function pointMovedLinks(doc: PageDoc, html: string): string {
  const moved = new Map<string, string>()
  for (const l of doc.links) {
    if (!l.target) continue
    const written = resolveHref(doc.space, doc.path, l.hrefAsWritten)
    if (!written) continue
    const hash = written.includes('#') ? written.slice(written.indexOf('#')) : ''
    const now = pageURL(l.target) + hash
    if (now !== written) moved.set(written, now)
  }
  if (moved.size === 0) return html
  const t = document.createElement('template')
  t.innerHTML = html
  t.content.querySelectorAll('a[href]').forEach((a) => {
    const now = moved.get(a.getAttribute('href') ?? '')
    if (now) a.setAttribute('href', now)
  })
  return t.innerHTML
}

const stateLabel: Record<string, string> = {
  RESOLVED: 'ok',
  STALE_TEXT: 'moved',
  BROKEN: 'in the trash',
  PENDING: 'no page yet',
}

function LinksPanel({ doc, canWrite }: { doc: PageDoc; canWrite: boolean }) {
  const [dec, decide] = useMutation(Decide)
  return (
    <aside className="links" aria-label="Links">
      <section>
        <h2>Links</h2>
        {doc.links.length === 0 ? (
          <Empty>No links.</Empty>
        ) : (
          <ul>
            {doc.links.map((l) => (
              <li key={l.id} data-state={l.state.toLowerCase()}>
                {l.target ? <Link to={pageURL(l.target)}>{l.target.title}</Link> : <span>{l.text || l.hrefAsWritten}</span>}{' '}
                <span className="state">{stateLabel[l.state]}</span>
                {canWrite && l.state === 'STALE_TEXT' && (
                  <span className="decide">
                    <button type="button" disabled={dec.fetching} onClick={() => decide({ input: { linkId: l.id, answer: 'UPDATE' } })}>
                      Update link
                    </button>
                    <button type="button" disabled={dec.fetching} onClick={() => decide({ input: { linkId: l.id, answer: 'KEEP' } })}>
                      Keep
                    </button>
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
        <ErrorNote error={dec.error} />
      </section>
      <section>
        <h2>Backlinks</h2>
        {doc.backlinks.length === 0 ? (
          <Empty>No page you can read links here.</Empty>
        ) : (
          <ul data-testid="backlinks">
            {doc.backlinks.map((b) =>
              b.source ? (
                <li key={b.id}>
                  <Link to={pageURL(b.source)}>{b.source.title}</Link>
                </li>
              ) : null,
            )}
          </ul>
        )}
      </section>
    </aside>
  )
}

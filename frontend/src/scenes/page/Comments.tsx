import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type TextareaHTMLAttributes } from 'react'
import { useMutation, useQuery, useSubscription } from 'urql'
import { graphql } from '../../gql'
import type { ThreadFieldsFragment } from '../../gql/graphql'
import { indexText, locateQuote, quoteOfRange, rangeOf, MAX_EXACT, type Quote } from '../../lib/anchor'
import { renderMarkdown } from '../../lib/markdown'
import { ErrorNote } from '../../components/Status'
import { useMentionTextarea } from '../../components/mention/useMentionTextarea'
import { useMentionNames } from '../../components/mention/useMentionNames'
import type { PageDoc } from './pageDocument'
import './Comments.css'
import { RelativeTime } from '../../components/RelativeTime'

// Comments in the page's margin (docs/design.md, "Comments"): select text
// in the rendered page, "Comment", and the thread sits beside its passage;
// threads whose passage is gone (detached) and page-level threads are
// listed under the page with their quote; resolved ones are folded away.

const Threads = graphql(`
  query PageThreads($id: ID!) {
    me {
      ...UserFields
    }
    document(id: $id) {
      ...DocumentFields
      threadCount
      openThreadCount
      threads {
        ...ThreadFields
      }
    }
  }
`)

const CreateThread = graphql(`
  mutation CreateThread($input: CreateThreadInput!) {
    createThread(input: $input) {
      thread {
        ...ThreadFields
      }
    }
  }
`)

const ReplyToThread = graphql(`
  mutation ReplyToThread($input: ReplyToThreadInput!) {
    replyToThread(input: $input) {
      comment {
        ...CommentFields
      }
    }
  }
`)

const ResolveThread = graphql(`
  mutation ResolveThread($input: ThreadInput!) {
    resolveThread(input: $input) {
      thread {
        ...ThreadFields
      }
    }
  }
`)

const ReopenThread = graphql(`
  mutation ReopenThread($input: ThreadInput!) {
    reopenThread(input: $input) {
      thread {
        ...ThreadFields
      }
    }
  }
`)

const EditComment = graphql(`
  mutation EditComment($input: EditCommentInput!) {
    editComment(input: $input) {
      comment {
        ...CommentFields
      }
    }
  }
`)

const DeleteComment = graphql(`
  mutation DeleteComment($input: CommentInput!) {
    deleteComment(input: $input) {
      thread {
        ...ThreadFields
      }
    }
  }
`)

const ThreadChanged = graphql(`
  subscription ThreadChanged($documentId: ID!) {
    threadChanged(documentId: $documentId) {
      ...ThreadFields
    }
  }
`)

type Thread = ThreadFieldsFragment

const kindLabel: Record<string, string> = {
  COMMENT: 'Comment',
  QUESTION: 'Question',
  SUGGESTION: 'Suggestion',
  ISSUE: 'Issue',
  NOTE: 'Note',
}

/** Where the page is: a comment's relative links resolve from its folder, as the page's do. */
// Where the page is (for comments' relative links) and the current names of
// every mention in its comments, read once for all of them.
const PagePlace = createContext<{ space: string; path: string; mentionNames?: Map<string, string> }>({ space: 'WIKI', path: '' })

/** Where a pending selection is: its quote and how far down the page it sits. */
interface Pending {
  quote: Quote
  top: number
}

/**
 * The page's body (children) with its comment threads: a margin beside the
 * body for the threads anchored to passages, a "Comment" button on a
 * selection, and the other threads under the body.
 */
export function Commented({ doc, children }: { doc: PageDoc; children: ReactNode }) {
  const [res, refetch] = useQuery({ query: Threads, variables: { id: doc.id }, requestPolicy: 'cache-and-network' })
  const reload = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch])
  // Live: any thread pushed means the list changed; read it again (a
  // deleted thread is not pushed, a new one is not in the cached list).
  const [live] = useSubscription({ query: ThreadChanged, variables: { documentId: doc.id } })
  useEffect(() => {
    if (live.data) reload()
  }, [live.data, reload])
  const wrap = useRef<HTMLDivElement>(null)
  const [pending, setPending] = useState<Pending | null>(null)
  const [composing, setComposing] = useState(false)
  const threads = useMemo(() => res.data?.document?.threads ?? [], [res.data])
  const me = res.data?.me?.id
  const canWriteAll = doc.myPermission !== 'READ'

  const bodyEl = () => wrap.current?.querySelector<HTMLElement>('.body') ?? null

  const onMouseUp = () => {
    if (composing) return
    const body = bodyEl()
    const sel = window.getSelection()
    if (!body || !wrap.current || !sel || sel.rangeCount === 0 || sel.isCollapsed) {
      setPending(null)
      return
    }
    const range = sel.getRangeAt(0)
    const quote = quoteOfRange(indexText(body), body, range)
    if (!quote || Array.from(quote.exact).length > MAX_EXACT) {
      setPending(null)
      return
    }
    const top = range.getBoundingClientRect().top - wrap.current.getBoundingClientRect().top
    setPending({ quote, top })
  }

  const open = threads.filter((t) => t.status === 'OPEN')
  const anchored = open.filter((t) => t.anchorState === 'ATTACHED')
  const detached = open.filter((t) => t.anchorState === 'DETACHED')
  const pageLevel = open.filter((t) => t.anchorState === 'NONE')
  const resolved = threads.filter((t) => t.status === 'RESOLVED')
  const canResolve = (t: Thread) => canWriteAll || t.author.id === me
  const mentionNames = useMentionNames(threads.flatMap((t) => t.comments.map((c) => c.body)).join('\n\n'))
  const place = useMemo(() => ({ space: doc.space, path: doc.path, mentionNames }), [doc.space, doc.path, mentionNames])

  return (
    <PagePlace.Provider value={place}>
      <div className="commented" ref={wrap} onMouseUp={onMouseUp} data-has-margin={anchored.length > 0 || pending ? 'true' : undefined}>
        {children}
        <Margin doc={doc} threads={anchored} wrap={wrap} canResolve={canResolve} me={me} onChanged={reload} />
        {pending && !composing && (
          <button type="button" className="comment-on-selection" style={{ top: pending.top }} onMouseDown={(e) => e.preventDefault()} onClick={() => setComposing(true)}>
            Comment
          </button>
        )}
        {pending && composing && (
          <div className="comment-composer" style={{ top: pending.top }}>
            <NewThread
              doc={doc}
              quote={pending.quote}
              onDone={(created) => {
                setComposing(false)
                setPending(null)
                window.getSelection()?.removeAllRanges()
                if (created) reload()
              }}
            />
          </div>
        )}
        <section className="page-threads" aria-label="Comments">
          <h2>Comments</h2>
          <ErrorNote error={res.error} />
          {detached.length > 0 && (
            <>
              <h3>On passages no longer on the page</h3>
              {detached.map((t) => (
                <ThreadCard key={t.id} thread={t} canResolve={canResolve(t)} me={me} onChanged={reload} showQuote />
              ))}
            </>
          )}
          {pageLevel.map((t) => (
            <ThreadCard key={t.id} thread={t} canResolve={canResolve(t)} me={me} onChanged={reload} />
          ))}
          <NewThread doc={doc} onDone={(created) => created && reload()} />
          {resolved.length > 0 && (
            <details className="resolved-threads">
              <summary>Resolved ({resolved.length})</summary>
              {resolved.map((t) => (
                <ThreadCard key={t.id} thread={t} canResolve={canResolve(t)} me={me} onChanged={reload} showQuote />
              ))}
            </details>
          )}
        </section>
      </div>
    </PagePlace.Provider>
  )
}

/**
 * The threads anchored to passages, each beside its passage: placed at its
 * passage's height, pushed down below the one before when they would
 * overlap. The passages are highlighted where the browser can (the CSS
 * Custom Highlight API).
 */
function Margin({
  doc,
  threads,
  wrap,
  canResolve,
  me,
  onChanged,
}: {
  doc: PageDoc
  me: string | undefined
  threads: Thread[]
  wrap: React.RefObject<HTMLDivElement | null>
  canResolve: (t: Thread) => boolean
  onChanged: () => void
}) {
  const items = useRef(new Map<string, HTMLElement>())
  // A long body is shown piece by piece (components/MarkdownBody): the
  // threads are placed again once all of it is there.
  const [shown, setShown] = useState(0)
  useEffect(() => {
    const body = wrap.current?.querySelector<HTMLElement>('.body')
    const again = () => setShown((n) => n + 1)
    body?.addEventListener('codna:rendered', again)
    return () => body?.removeEventListener('codna:rendered', again)
  }, [wrap, doc.content])
  useLayoutEffect(() => {
    const root = wrap.current
    const body = root?.querySelector<HTMLElement>('.body')
    if (!root || !body || threads.length === 0) return
    const idx = indexText(body)
    const base = root.getBoundingClientRect().top
    const ranges: Range[] = []
    const placed = threads
      .map((t) => {
        const at = t.anchor ? locateQuote(idx.text, t.anchor) : null
        const r = at ? rangeOf(idx, at.start, at.end) : null
        if (r) ranges.push(r)
        return { id: t.id, top: r ? r.getBoundingClientRect().top - base : 0 }
      })
      .sort((a, b) => a.top - b.top)
    let bottom = 0
    for (const p of placed) {
      const el = items.current.get(p.id)
      if (!el) continue
      const top = Math.max(p.top, bottom)
      el.style.top = `${top}px`
      bottom = top + el.offsetHeight + 8
    }
    // What follows the body (the threads under the page) starts below the
    // margin's last thread.
    body.style.minHeight = `${Math.max(0, bottom - (body.getBoundingClientRect().top - base))}px`
    const highlights = (globalThis.CSS as unknown as { highlights?: Map<string, unknown> } | undefined)?.highlights
    const Highlight = (globalThis as unknown as { Highlight?: new (...r: Range[]) => unknown }).Highlight
    if (highlights && Highlight) highlights.set('comment-anchor', new Highlight(...ranges))
    return () => {
      highlights?.delete('comment-anchor')
      body.style.minHeight = ''
    }
  }, [threads, wrap, doc.content, shown])
  if (threads.length === 0) return null
  return (
    <aside className="comment-margin" aria-label="Comments on passages">
      {threads.map((t) => (
        <div
          key={t.id}
          className="margin-thread"
          ref={(el) => {
            if (el) items.current.set(t.id, el)
            else items.current.delete(t.id)
          }}
        >
          <ThreadCard thread={t} canResolve={canResolve(t)} me={me} onChanged={onChanged} showQuote />
        </div>
      ))}
    </aside>
  )
}

/** A comment body: markdown through the page's sanitizer. */
function CommentBody({ body }: { body: string }) {
  const place = useContext(PagePlace)
  const html = useMemo(() => renderMarkdown(body, place), [body, place])
  // The HTML is sanitized by renderMarkdown (DOMPurify): nothing in a comment runs.
  return <div className="comment-body" dangerouslySetInnerHTML={{ __html: html }} />
}

function ThreadCard({
  thread,
  canResolve,
  me,
  onChanged,
  showQuote,
}: {
  thread: Thread
  canResolve: boolean
  me: string | undefined
  onChanged: () => void
  showQuote?: boolean
}) {
  const [reply, doReply] = useMutation(ReplyToThread)
  const [res, doResolve] = useMutation(ResolveThread)
  const [reo, doReopen] = useMutation(ReopenThread)
  const [text, setText] = useState('')
  const open = thread.status === 'OPEN'
  const send = async () => {
    const r = await doReply({ input: { threadId: thread.id, body: text } })
    if (!r.error) {
      setText('')
      onChanged()
    }
  }
  return (
    <article className="thread" data-status={thread.status.toLowerCase()} data-anchor={thread.anchorState.toLowerCase()} aria-label={`${kindLabel[thread.kind]} by ${thread.author.name}`}>
      {thread.kind !== 'COMMENT' && <p className="thread-kind">{kindLabel[thread.kind]}</p>}
      {showQuote && thread.anchor && <blockquote className="thread-quote">{thread.anchor.exact}</blockquote>}
      <ol className="thread-comments">
        {thread.comments.map((c) => (
          <li key={c.id}>
            <p className="comment-meta">
              <strong>{c.author.name}</strong> <RelativeTime at={c.createdAt} />
              {c.editedAt && ' · edited'}
            </p>
            {c.deleted ? <p className="comment-deleted">Deleted</p> : <OwnComment comment={c} mine={c.author.id === me} onChanged={onChanged} />}
          </li>
        ))}
      </ol>
      {open && (
        <form
          className="thread-reply"
          onSubmit={(e) => {
            e.preventDefault()
            void send()
          }}
        >
          <CommentTextarea aria-label="Reply" value={text} onChange={setText} placeholder="Reply…" rows={2} maxLength={10000} />
          <button type="submit" disabled={reply.fetching || text.trim() === ''}>
            Reply
          </button>
        </form>
      )}
      {canResolve && (
        <button
          type="button"
          className="thread-status"
          disabled={res.fetching || reo.fetching}
          onClick={async () => {
            const r = open ? await doResolve({ input: { threadId: thread.id } }) : await doReopen({ input: { threadId: thread.id } })
            if (!r.error) onChanged()
          }}
        >
          {open ? 'Resolve' : 'Reopen'}
        </button>
      )}
      <ErrorNote error={reply.error ?? res.error ?? reo.error} />
    </article>
  )
}

type CommentTextareaProps = { value: string; onChange: (v: string) => void } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'>

/** A comment body's textarea, with the `@` autocomplete of people, groups and agents (a combobox). */
function CommentTextarea({ value, onChange, ...rest }: CommentTextareaProps) {
  const { textareaProps, list } = useMentionTextarea(value, onChange)
  return (
    <>
      <textarea {...rest} {...textareaProps} />
      {list}
    </>
  )
}

/** A comment's body, with Edit and Delete for its author. */
function OwnComment({ comment, mine, onChanged }: { comment: Thread['comments'][number]; mine: boolean; onChanged: () => void }) {
  const [ed, edit] = useMutation(EditComment)
  const [del, remove] = useMutation(DeleteComment)
  const [draft, setDraft] = useState<string | null>(null)
  if (draft !== null)
    return (
      <form
        className="thread-reply"
        onSubmit={async (e) => {
          e.preventDefault()
          const r = await edit({ input: { commentId: comment.id, body: draft } })
          if (!r.error) {
            setDraft(null)
            onChanged()
          }
        }}
      >
        <CommentTextarea aria-label="Edit your comment" value={draft} onChange={setDraft} rows={3} maxLength={10000} />
        <div className="new-thread-actions">
          <button type="submit" disabled={ed.fetching || draft.trim() === ''}>
            Save
          </button>
          <button type="button" onClick={() => setDraft(null)}>
            Cancel
          </button>
        </div>
        <ErrorNote error={ed.error} />
      </form>
    )
  return (
    <>
      <CommentBody body={comment.body} />
      {mine && (
        <p className="comment-own">
          <button type="button" onClick={() => setDraft(comment.body)}>
            Edit
          </button>{' '}
          <button
            type="button"
           
            disabled={del.fetching}
            onClick={async () => {
              const r = await remove({ input: { commentId: comment.id } })
              if (!r.error) onChanged()
            }}
          >
            Delete
          </button>
        </p>
      )}
      <ErrorNote error={del.error} />
    </>
  )
}

/** The form of a new thread: on a selected passage (quote), or on the whole page. */
function NewThread({ doc, quote, onDone }: { doc: PageDoc; quote?: Quote; onDone: (created: boolean) => void }) {
  const [res, create] = useMutation(CreateThread)
  const [body, setBody] = useState('')
  const [kind, setKind] = useState('COMMENT')
  const submit = async () => {
    const anchor = quote ? { exact: quote.exact, prefix: quote.prefix, suffix: quote.suffix, start: quote.start, end: quote.end, version: doc.version } : null
    const r = await create({ input: { documentId: doc.id, body, kind: kind as Thread['kind'], anchor } })
    if (!r.error) {
      setBody('')
      onDone(true)
    }
  }
  return (
    <form
      className="new-thread"
      aria-label={quote ? 'Comment on the selection' : 'Comment on the page'}
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      {quote && <blockquote className="thread-quote">{quote.exact}</blockquote>}
      <CommentTextarea
          aria-label={quote ? 'Your comment on the selection' : 'Your comment on the page'}
          value={body}
          onChange={setBody}
          placeholder={quote ? 'Comment on the selection…' : 'Comment on the page…'}
          rows={3}
          maxLength={10000}
          autoFocus={!!quote}
        />
      <div className="new-thread-actions">
        <select aria-label="Kind" value={kind} onChange={(e) => setKind(e.target.value)}>
          {Object.entries(kindLabel).map(([k, label]) => (
            <option key={k} value={k}>
              {label}
            </option>
          ))}
        </select>
        <button type="submit" disabled={res.fetching || body.trim() === ''}>
          Comment
        </button>
        {quote && (
          <button type="button" onClick={() => onDone(false)}>
            Cancel
          </button>
        )}
      </div>
      <ErrorNote error={res.error} />
    </form>
  )
}

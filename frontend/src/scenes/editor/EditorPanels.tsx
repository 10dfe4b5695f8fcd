import { useEffect, useMemo, useRef } from 'react'
import { lineDiff, withContext } from '../../lib/lineDiff'
import { when } from '../../lib/format'
import type { Draft } from '../../lib/draft'

// What the editor shows beside the body when two texts meet: a conflict
// with someone's save, and a draft found when the editor opened.

/** Their version after a conflict: its title, body, version and who saved it. */
export interface Theirs {
  title: string
  content: string
  version: number
  by: string
}

export function Conflict({
  base,
  theirs,
  raw,
  saving,
  onKeepMine,
  onTakeTheirs,
}: {
  base: { title: string; content: string }
  theirs: Theirs
  raw: boolean
  saving: boolean
  onKeepMine: () => void
  onTakeTheirs: () => void
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const lines = useMemo(() => withContext(lineDiff(base.content, theirs.content)), [base.content, theirs.content])
  const bodyChanged = !raw && base.content !== theirs.content
  return (
    <section className="editor-conflict" role="region" aria-labelledby="editor-conflict-title">
      <h2 id="editor-conflict-title" tabIndex={-1} ref={heading}>
        {theirs.by} saved this page while you were editing (now version {theirs.version})
      </h2>
      <p>Their change is below. Keep yours to save it over theirs, or take theirs and drop your edit.</p>
      {base.title !== theirs.title && (
        <p>
          Title: <del>{base.title}</del> → <ins>{theirs.title}</ins>
        </p>
      )}
      {bodyChanged ? (
        <DiffLines lines={lines} label="Their change" />
      ) : (
        <p className="status">The body is the same; their change was to the title, tags or status.</p>
      )}
      <div className="editor-buttons">
        <button type="button" className="primary" disabled={saving} onClick={onKeepMine}>
          Keep mine
        </button>
        <button type="button" disabled={saving} onClick={onTakeTheirs}>
          Take theirs
        </button>
      </div>
    </section>
  )
}

/** The lines of a diff as the conflict and draft views show them. */
function DiffLines({ lines, label }: { lines: ReturnType<typeof withContext>; label: string }) {
  return (
    <pre className="line-diff" aria-label={label}>
      {lines.map((l, i) =>
        l.op === 'skip' ? (
          <span key={i} className="skip">
            {`⋯ ${l.count} unchanged line${l.count === 1 ? '' : 's'}\n`}
          </span>
        ) : (
          <span key={i} className={l.op}>
            {(l.op === 'add' ? '+ ' : l.op === 'del' ? '- ' : '  ') + l.text + '\n'}
          </span>
        ),
      )}
    </pre>
  )
}

/** An unsaved draft found when the editor opened: what it changes, and Restore or Discard. */
export function DraftOffer({ draft, page, onRestore, onDiscard }: { draft: Draft; page: { title: string; content: string; version: number }; onRestore: () => void; onDiscard: () => void }) {
  const lines = useMemo(() => withContext(lineDiff(page.content, draft.content)), [page.content, draft.content])
  return (
    <section className="editor-draft" role="region" aria-labelledby="editor-draft-title">
      <h2 id="editor-draft-title">You have unsaved changes to this page</h2>
      <p>
        Kept in this browser since <time dateTime={new Date(draft.savedAt).toISOString()} title={new Date(draft.savedAt).toLocaleString()}>{when(new Date(draft.savedAt).toISOString())}</time>
        {draft.baseVersion !== page.version && `, made on version ${draft.baseVersion} (the page is now version ${page.version})`}. Restore them into the editor, or discard them.
      </p>
      {draft.title !== page.title && (
        <p>
          Title: <del>{page.title}</del> → <ins>{draft.title}</ins>
        </p>
      )}
      {draft.content !== page.content && <DiffLines lines={lines} label="Your unsaved changes" />}
      <div className="editor-buttons">
        <button type="button" className="primary" onClick={onRestore}>
          Restore
        </button>
        <button type="button" onClick={onDiscard}>
          Discard
        </button>
      </div>
    </section>
  )
}

import { useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { useClient, useMutation } from 'urql'
import { EditorState, Prec } from '@codemirror/state'
import { EditorView, keymap, placeholder } from '@codemirror/view'
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands'
import { markdown } from '@codemirror/lang-markdown'
import { graphql } from '../../gql'
import type { UpdateDocumentInput } from '../../gql/graphql'
import { renderMarkdown } from '../../lib/markdown'
import { mentionMarkdown } from '../../lib/mention'
import { MentionList, useMentionPicker, type MentionOption } from '../../components/mention/MentionSuggest'
import { useMentionNames } from '../../components/mention/useMentionNames'
import { errorMessage } from '../../components/Status'
import type { PageDoc } from '../page/pageDocument'
import { lineDiff, withContext } from '../../lib/lineDiff'
import { around, attachmentMarkdown, errorCode, fieldErrors } from '../../lib/pageForm'
import { uploadErrors, uploadMutation } from '../../lib/multipartUpload'
import { bytes } from '../../lib/format'
import './Editor.css'
import '../../components/lineDiff.css'

const Save = graphql(`
  mutation SaveDocument($input: UpdateDocumentInput!) {
    updateDocument(input: $input) {
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

const Current = graphql(`
  query CurrentDocument($id: ID!) {
    document(id: $id) {
      ...DocumentFields
      content
      version
      updatedAt
      updatedBy {
        ...UserFields
      }
    }
  }
`)

const Upload = graphql(`
  mutation UploadAttachment($input: UploadAttachmentInput!) {
    uploadAttachment(input: $input) {
      existing
      attachment {
        ...AttachmentFields
      }
    }
  }
`)

interface Theirs {
  title: string
  content: string
  version: number
  by: string
}

interface UploadRow {
  id: number
  name: string
  size: number
  state: 'uploading' | 'done' | 'failed'
  message: string
}

// CodeMirror writes its styles into a <style> element, which the app's CSP
// (style-src 'self') refuses. Inside a shadow root it uses a constructed
// style sheet instead, which the CSP allows: the editor lives in one.
const theme = EditorView.theme({
  // The app's colour variables reach into the shadow root (dark mode, styles.css).
  '&': { backgroundColor: 'var(--surface, #fff)', color: 'var(--fg, #1d2430)', border: '1px solid var(--line, #dde1e8)', borderRadius: '6px', fontSize: '15px' },
  '.cm-cursor': { borderLeftColor: 'var(--fg, #1d2430)' },
  '&.cm-focused': { outline: '3px solid #8fb0ff', outlineOffset: '2px' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', lineHeight: '1.5', minHeight: '16rem', maxHeight: '70vh' },
  '.cm-content': { padding: '0.5rem 0' },
  '.cm-line': { padding: '0 0.6rem' },
  '&.cm-readonly': { backgroundColor: 'var(--soft-bg, #f4f5f8)' },
  '.cm-placeholder': { color: 'var(--muted, #5b6678)' },
})

/** Editing a page: its title, its body in a markdown editor with a preview, files dropped or pasted in, and a safe save. */
export default function Editor({ doc, onDone }: { doc: PageDoc; onDone: () => void }) {
  const ids = useId()
  const client = useClient()
  const raw = doc.space === 'RAW'
  // What editing started from: the page in the cache may move on meanwhile
  // (a conflict reads the newer version), a save must not.
  const [base] = useState(() => ({ title: doc.title, content: doc.content, version: doc.version }))
  const [title, setTitle] = useState(doc.title)
  const [summary, setSummary] = useState('')
  const [body, setBody] = useState(doc.content)
  const [preview, setPreview] = useState(false)
  const [saving, setSaving] = useState(false)
  const [problem, setProblem] = useState<Record<string, string>>({})
  const [theirs, setTheirs] = useState<Theirs | null>(null)
  const [uploads, setUploads] = useState<UploadRow[]>([])
  const [uploaded, setUploaded] = useState<Map<string, string>>(() => new Map())
  const [, save] = useMutation(Save)

  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  // Where each upload in flight goes, kept up to date through edits.
  const pending = useRef(new Map<number, number>())
  const nextUpload = useRef(1)
  const saveRef = useRef<() => void>(() => {})
  // The @ autocomplete: its state is React's, the editor reads it through a ref.
  const picker = useMentionPicker(`${ids}-mentions`)
  const pickerRef = useRef(picker)
  pickerRef.current = picker
  const insertMention = useCallback((o: MentionOption) => {
    const a = pickerRef.current.at
    const v = view.current
    if (!a || !v) return
    const md = mentionMarkdown(o.name, o.href) + ' '
    const to = Math.min(a.caret, v.state.doc.length)
    v.dispatch({ changes: { from: a.from, to, insert: md }, selection: { anchor: a.from + md.length } })
    pickerRef.current.close()
    v.focus()
  }, [])

  const attach = useCallback(
    (files: File[], at?: number) => {
      const v = view.current
      if (!v || raw || files.length === 0) return
      const pos = at ?? v.state.selection.main.head
      for (const file of files) {
        const id = nextUpload.current++
        pending.current.set(id, pos)
        setUploads((u) => [...u, { id, name: file.name || 'file', size: file.size, state: 'uploading', message: '' }])
        void (async () => {
          let message = ''
          try {
            const r = await uploadMutation(Upload, { input: { documentId: doc.id, file } }, 'input.file', file)
            const a = r.data?.uploadAttachment?.attachment
            if (!a) message = uploadErrors(r) || 'The upload failed.'
            else {
              const where = pending.current.get(id) ?? pos
              const ed = view.current
              if (ed) {
                const safe = Math.min(where, ed.state.doc.length)
                const text = around(attachmentMarkdown(a.name, a.path, a.mimeType), a.mimeType.startsWith('image/'), ed.state.sliceDoc(safe - 1, safe), ed.state.sliceDoc(safe, safe + 1))
                ed.dispatch({ changes: { from: safe, insert: text }, selection: { anchor: safe + text.length } })
              }
              setUploaded((m) => new Map(m).set(a.path, a.url).set(encodeURI(a.path), a.url))
            }
          } catch (e) {
            message = e instanceof Error ? e.message : 'The upload failed.'
          }
          pending.current.delete(id)
          setUploads((u) => u.map((r) => (r.id === id ? { ...r, state: message ? 'failed' : 'done', message } : r)))
        })()
      }
    },
    [doc.id, raw],
  )
  const attachRef = useRef(attach)
  useEffect(() => {
    attachRef.current = attach
  })

  useEffect(() => {
    const el = host.current
    if (!el) return
    const root = el.shadowRoot ?? el.attachShadow({ mode: 'open' })
    const parent = document.createElement('div')
    root.appendChild(parent)
    const filesOf = (dt: DataTransfer | null): File[] => (dt ? [...dt.files] : [])
    const v = new EditorView({
      parent,
      root,
      state: EditorState.create({
        doc: doc.content,
        extensions: [
          history(),
          Prec.highest(
            keymap.of(
              ['ArrowDown', 'ArrowUp', 'Enter', 'Tab', 'Escape'].map((key) => ({
                key,
                run: () => {
                  const r = pickerRef.current.key(key)
                  if (r.chosen) insertMention(r.chosen)
                  return r.handled
                },
              })),
            ),
          ),
          keymap.of([
            {
              key: 'Mod-s',
              run: () => {
                saveRef.current()
                return true
              },
            },
            ...defaultKeymap,
            ...historyKeymap,
          ]),
          markdown(),
          EditorView.lineWrapping,
          theme,
          placeholder('Write in markdown…'),
          EditorView.contentAttributes.of({ 'aria-label': 'Body', ...(raw ? { 'aria-readonly': 'true' } : {}) }),
          EditorState.readOnly.of(raw),
          EditorView.editable.of(!raw),
          EditorView.editorAttributes.of({ class: raw ? 'cm-readonly' : '' }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged || u.selectionSet) pickerRef.current.update(u.state.doc.toString(), u.state.selection.main.head)
            if (!u.docChanged) return
            for (const [id, pos] of pending.current) pending.current.set(id, u.changes.mapPos(pos))
            setBody(u.state.doc.toString())
          }),
          EditorView.domEventHandlers({
            dragover: (e) => {
              if (raw || !e.dataTransfer?.types.includes('Files')) return false
              e.preventDefault()
              return true
            },
            drop: (e, ed) => {
              const files = filesOf(e.dataTransfer)
              if (raw || files.length === 0) return false
              e.preventDefault()
              const pos = ed.posAtCoords({ x: e.clientX, y: e.clientY }) ?? ed.state.selection.main.head
              attachRef.current(files, pos)
              return true
            },
            paste: (e) => {
              const files = filesOf(e.clipboardData)
              if (raw || files.length === 0) return false
              e.preventDefault()
              attachRef.current(files)
              return true
            },
          }),
        ],
      }),
    })
    view.current = v
    return () => {
      v.destroy()
      parent.remove()
      view.current = null
    }
    // The editor is made once per page; later renders of the page keep it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc.id])

  async function submit(expectedVersion: number, force: boolean): Promise<'done' | 'conflict' | 'failed'> {
    const v = view.current
    const content = v ? v.state.doc.toString() : body
    const t = title.trim()
    if (!t) {
      setProblem({ title: 'A page needs a title.' })
      return 'failed'
    }
    const input: UpdateDocumentInput = { id: doc.id, expectedVersion }
    if (force || t !== base.title) input.title = t
    if (!raw && (force || content !== base.content)) input.content = content
    if (input.title === undefined && input.content === undefined) {
      onDone()
      return 'done'
    }
    if (summary.trim()) input.changeSummary = summary.trim()
    setSaving(true)
    setProblem({})
    const r = await save({ input })
    if (r.error && errorCode(r.error) === 'CONFLICT') {
      const now = await client.query(Current, { id: doc.id }, { requestPolicy: 'network-only' }).toPromise()
      setSaving(false)
      const d = now.data?.document
      if (!d) {
        setProblem({ '': errorMessage(now.error) || 'This page changed and cannot be read now.' })
        return 'failed'
      }
      setTheirs({ title: d.title, content: d.content, version: d.version, by: d.updatedBy?.name ?? 'Someone' })
      return 'conflict'
    }
    setSaving(false)
    if (r.error) {
      setProblem(fieldErrors(r.error))
      return 'failed'
    }
    onDone()
    return 'done'
  }
  saveRef.current = () => {
    if (!saving && !theirs) void submit(base.version, false)
  }

  const busy = uploads.some((u) => u.state === 'uploading')
  const shownBody = useDeferredValue(body)
  const mentionNames = useMentionNames(preview ? shownBody : '')
  const html = useMemo(
    () =>
      preview
        ? renderMarkdown(shownBody, {
            space: doc.space,
            path: doc.path,
            fileURLs: new Map([
              ...doc.fileReferences.flatMap((f) =>
                f.attachment ? [[f.href, f.attachment.url] as [string, string], [encodeURI(f.href), f.attachment.url] as [string, string]] : [],
              ),
              ...uploaded,
            ]),
            mentionNames,
          })
        : '',
    [preview, shownBody, doc, uploaded, mentionNames],
  )
  const otherProblems = Object.entries(problem)
    .filter(([k]) => k !== 'title' && k !== 'content' && k !== 'changeSummary')
    .map(([, m]) => m)

  return (
    <section className="editor" aria-label={`Editing ${doc.title}`}>
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault()
          saveRef.current()
        }}
      >
        <label htmlFor={`${ids}-title`}>Title</label>
        <input
          id={`${ids}-title`}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          aria-invalid={problem.title ? true : undefined}
          aria-describedby={problem.title ? `${ids}-title-error` : undefined}
          required
        />
        {problem.title && (
          <p id={`${ids}-title-error`} className="status error">
            {problem.title}
          </p>
        )}
        <div className="editor-bar">
          <span className="editor-label" aria-hidden="true">
            Body
          </span>
          <button type="button" aria-pressed={preview} onClick={() => setPreview(!preview)}>
            Preview
          </button>
          {!raw && (
            <label className="editor-attach">
              Attach files
              <input
                type="file"
                multiple
                onChange={(e) => {
                  attach([...(e.target.files ?? [])])
                  e.target.value = ''
                }}
              />
            </label>
          )}
        </div>
        {raw ? (
          <p className="status">Originals in the raw space are never edited: only the title changes here (tags and status are among the page actions).</p>
        ) : (
          <p className="editor-hint">Drop or paste images and files into the body to attach them. Type @ and a name to mention someone. Ctrl S saves.</p>
        )}
        <div className={preview ? 'editor-panes split' : 'editor-panes'}>
          <div className="editor-host-wrap">
            <div ref={host} className="editor-host" />
            <MentionList id={`${ids}-mentions`} options={picker.options} active={picker.active} onPick={insertMention} />
          </div>
          {preview && (
            <div className="editor-preview" role="region" aria-label="Preview">
              {shownBody.trim() === '' ? <p className="status empty">Nothing to preview.</p> : <div className="body" dangerouslySetInnerHTML={{ __html: html }} />}
            </div>
          )}
        </div>
        {problem.content && <p className="status error">{problem.content}</p>}
        {uploads.length > 0 && (
          <ul className="editor-uploads" aria-live="polite" aria-label="Uploads">
            {uploads.map((u) => (
              <li key={u.id} data-state={u.state}>
                {u.state === 'uploading' && (
                  <>
                    <progress aria-label={`Uploading ${u.name}`} /> Uploading {u.name} ({bytes(u.size)})…
                  </>
                )}
                {u.state === 'done' && <>Attached {u.name}.</>}
                {u.state === 'failed' && (
                  <span className="status error" role="alert">
                    {u.name}: {u.message}
                  </span>
                )}
                {u.state !== 'uploading' && (
                  <button type="button" className="editor-dismiss" aria-label={`Dismiss ${u.name}`} onClick={() => setUploads((all) => all.filter((r) => r.id !== u.id))}>
                    ×
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {otherProblems.length > 0 && (
          <p className="status error" role="alert">
            {otherProblems.join(' ')}
          </p>
        )}
        {!theirs && (
          <div className="editor-summary">
            <label htmlFor={`${ids}-summary`}>What changed? (optional)</label>
            <input
              id={`${ids}-summary`}
              value={summary}
              maxLength={300}
              placeholder="Shown in the page's history"
              onChange={(e) => setSummary(e.target.value)}
              aria-invalid={problem.changeSummary ? true : undefined}
              aria-describedby={problem.changeSummary ? `${ids}-summary-error` : undefined}
            />
            {problem.changeSummary && (
              <p id={`${ids}-summary-error`} className="status error">
                {problem.changeSummary}
              </p>
            )}
          </div>
        )}
        {!theirs && (
          <div className="editor-buttons">
            <button type="submit" className="primary" disabled={saving || busy}>
              {saving ? 'Saving…' : 'Save'}
            </button>
            <button type="button" onClick={onDone} disabled={saving}>
              Cancel
            </button>
            {busy && <span className="status">Waiting for uploads…</span>}
          </div>
        )}
      </form>
      {theirs && (
        <Conflict
          base={base}
          theirs={theirs}
          raw={raw}
          saving={saving}
          onKeepMine={() =>
            void submit(theirs.version, true).then((s) => {
              if (s === 'failed') setTheirs(null)
            })
          }
          onTakeTheirs={onDone}
        />
      )}
    </section>
  )
}

function Conflict({
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
        <pre className="line-diff" aria-label="Their change">
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

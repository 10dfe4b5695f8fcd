import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { useClient, useMutation, useQuery, useSubscription } from 'urql'
import { Compartment, EditorState } from '@codemirror/state'
import { EditorView } from '@codemirror/view'
import { Toolbar } from './Toolbar'
import { modeExtension, previewHost, writingExtensions } from './setup'
import { ModeToggle } from './ModeToggle'
import { editorMode, setEditorMode, type EditorMode } from '../../lib/editorMode'
import { draftDelay, draftToOffer, unsaved, type Draft } from '../../lib/draft'
import { clearDrafts, draftPerson, draftsOf, editorOpen, putDraft, takeResume } from '../../lib/draftStore'
import { addLeaveGuard } from '../../router'
import { graphql } from '../../gql'
import type { UpdateDocumentInput } from '../../gql/graphql'
import { MarkdownBody } from '../../components/MarkdownBody'
import { MentionList } from '../../components/mention/MentionSuggest'
import { useEditorMentions } from './useEditorMentions'
import { useMentionNames } from '../../components/mention/useMentionNames'
import { errorMessage } from '../../components/Status'
import type { PageDoc } from '../page/pageDocument'
import { Conflict, DraftOffer, type Theirs } from './EditorPanels'
import { around, attachmentMarkdown, errorCode, fieldErrors } from '../../lib/pageForm'
import { uploadErrors, uploadMutation } from '../../lib/multipartUpload'
import { bytes } from '../../lib/format'
import { useCoedit } from './collab/useCoedit'
import type { CollabProvider } from './collab/provider'
import { collabExtension, locked } from './collab/binding'
import { Presence } from './collab/Presence'
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

// Co-editing: the page's revisions, written by the room after a pause,
// show as "saved as version N". Only the address fields: the version is
// read apart (see scenes/page/useLivePage.ts for why).
const CoeditChanged = graphql(`
  subscription CoeditChanged($id: ID!) {
    documentChanged(id: $id) {
      ...DocumentFields
    }
  }
`)

// Who this is, for "Here now" (answered from the cache: the app read it at start).
const CoeditMe = graphql(`
  query CoeditMe {
    me {
      ...UserFields
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

interface UploadRow {
  id: number
  name: string
  size: number
  state: 'uploading' | 'done' | 'failed'
  message: string
}

/** How long typing pauses before the preview follows it, in ms. */
const previewDelay = 200

/**
 * Editing a page: with co-editing (docs/frontend.md, "Co-editing") the body
 * is the page's room, typed in together and saved continuously, and a
 * reader follows it live; without it (off, or the room unreachable), the
 * save-with-expectedVersion flow.
 */
export default function Editor({ doc, onDone, coediting = true }: { doc: PageDoc; onDone: () => void; /** false: the save flow only (its tests). */ coediting?: boolean }) {
  const [person] = useState(draftPerson)
  const { co, version, demoted } = useCoedit(doc.id, person, coediting && doc.space !== 'RAW', doc.myPermission === 'READ')
  // A writer made a reader while here follows from then on (the room closed their typing with 4403).
  const follower = doc.myPermission === 'READ' || demoted
  if (co.state === 'deciding')
    return (
      <section className="editor" aria-label={`Editing ${doc.title}`}>
        <p className="status" role="status">
          Joining the page…
        </p>
      </section>
    )
  if (follower && co.state === 'off')
    return (
      <section className="editor" aria-label={`Following ${doc.title}`}>
        <p className="status">Following this page live is not available now: the page shows its latest saved version.</p>
        <button type="button" onClick={onDone}>
          Back to the page
        </button>
      </section>
    )
  // version changes with the room (phase, who is here, what is committed): this renders again, and the screen with it.
  void version
  return <PageEditor key={co.provider ? co.provider.doc.guid : 'plain'} doc={doc} onDone={onDone} coedit={co.provider} follower={follower} demoted={demoted} />
}

/** The editing screen; coedit binds the body to the page's room, follower makes it read-only. */
function PageEditor({ doc, onDone, coedit, follower, demoted }: { doc: PageDoc; onDone: () => void; coedit: CollabProvider | null; follower: boolean; demoted: boolean }) {
  const ids = useId()
  const client = useClient()
  const raw = doc.space === 'RAW'
  // What editing started from: the page in the cache may move on meanwhile
  // (a conflict reads the newer version), a save must not.
  const [base, setBase] = useState(() => ({ title: doc.title, content: doc.content, version: doc.version }))
  const [title, setTitle] = useState(doc.title)
  const [summary, setSummary] = useState('')
  const [body, setBody] = useState(doc.content)
  const bodyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(bodyTimer.current), [])
  const [preview, setPreview] = useState(false)
  const [saving, setSaving] = useState(false)
  const [problem, setProblem] = useState<Record<string, string>>({})
  const [theirs, setTheirs] = useState<Theirs | null>(null)
  const [uploads, setUploads] = useState<UploadRow[]>([])
  const [uploaded, setUploaded] = useState<Map<string, string>>(() => new Map())
  const [, save] = useMutation(Save)

  // Drafts (docs/frontend.md, "Drafts"): what is typed is kept in this
  // browser until it is saved, and offered back when the editor opens again.
  const [person] = useState(draftPerson)
  // Drafts are off while co-edited: the room keeps what is typed (and this browser, until committed).
  const drafting = person !== '' && !raw && !coedit && !follower
  const [offer, setOffer] = useState<Draft | null>(null)
  // While a draft is offered, nothing is written over it.
  const offerOpen = useRef(true)
  // Set once the edit is saved or thrown away: nothing left to keep or ask about.
  const finished = useRef(false)
  const titleNow = useRef(title)
  titleNow.current = title
  const draftTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const editorText = () => view.current?.state.doc.toString() ?? base.content
  const isDirty = () =>
    !finished.current && (coedit ? !follower && titleNow.current.trim() !== base.title : unsaved(base, { title: titleNow.current, content: editorText() }))
  const writeDraft = () => {
    clearTimeout(draftTimer.current)
    draftTimer.current = undefined
    if (!drafting || finished.current || offerOpen.current || draftPerson() !== person) return
    const now = { title: titleNow.current.trim() || base.title, content: editorText() }
    if (unsaved(base, now)) void putDraft({ person, page: doc.id, baseVersion: base.version, ...now })
    else void clearDrafts(person, doc.id)
  }
  const writeDraftRef = useRef(writeDraft)
  writeDraftRef.current = writeDraft
  const scheduleDraft = useCallback(() => {
    clearTimeout(draftTimer.current)
    draftTimer.current = setTimeout(() => writeDraftRef.current(), draftDelay)
  }, [])
  const isDirtyRef = useRef(isDirty)
  isDirtyRef.current = isDirty
  // A rename or a change of tags made while editing moves the page on
  // without touching its body: the edit now starts from that version (the
  // title field follows unless it was edited), so saving it is no conflict.
  useEffect(() => {
    if (doc.version === base.version || doc.content !== base.content) return
    if (titleNow.current === base.title) {
      setTitle(doc.title)
      titleNow.current = doc.title
    }
    setBase({ title: doc.title, content: doc.content, version: doc.version })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc.version, doc.title, doc.content])
  useEffect(() => {
    let live = true
    const resumed = takeResume(doc.id)
    const closeMark = editorOpen(doc.id)
    if (drafting)
      void draftsOf(person, doc.id).then((all) => {
        if (!live) return
        const d = draftToOffer(all, { title: base.title, content: base.content }, Date.now())
        offerOpen.current = d !== null
        // Reopened after a move made while editing: the edit comes back as it was.
        if (d && resumed) {
          restoreRef.current(d)
          return
        }
        setOffer(d)
        if (!d && draftTimer.current !== undefined) writeDraftRef.current()
      })
    else offerOpen.current = false
    // Leaving asks first: a reload or a closed tab through the browser,
    // a link in the app through the router's guard.
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (draftTimer.current !== undefined) writeDraftRef.current()
      if (!isDirtyRef.current()) return
      e.preventDefault()
      e.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    const removeGuard = addLeaveGuard(
      () => !isDirtyRef.current() || window.confirm('This page has unsaved changes. Leave anyway? They stay as a draft in this browser until you sign out.'),
    )
    // Ctrl/Cmd-S saves from anywhere on the editing screen.
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's') {
        e.preventDefault()
        saveRef.current()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => {
      live = false
      closeMark()
      if (draftTimer.current !== undefined) writeDraftRef.current()
      window.removeEventListener('beforeunload', onBeforeUnload)
      window.removeEventListener('keydown', onKey)
      removeGuard()
    }
    // Once per page, like the editor itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc.id])
  const restore = (d: Draft) => {
    const v = view.current
    if (v) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: d.content } })
    setTitle(d.title)
    titleNow.current = d.title
    offerOpen.current = false
    setOffer(null)
    scheduleDraft()
    v?.focus()
  }
  const restoreRef = useRef(restore)
  restoreRef.current = restore
  const discard = () => {
    offerOpen.current = false
    setOffer(null)
    void clearDrafts(person, doc.id)
  }

  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  // Source or live preview (docs/frontend.md, "The editor"), remembered per person.
  const [mode, setMode] = useState<EditorMode>(() => editorMode(person))
  const [modeSlot] = useState(() => new Compartment())
  const [lockSlot] = useState(() => new Compartment())
  const fileURLs = useRef(new Map<string, string>())
  fileURLs.current = useMemo(
    () => new Map([...doc.fileReferences.flatMap((f) => (f.attachment ? [[f.href, f.attachment.url] as [string, string]] : [])), ...uploaded]),
    [doc.fileReferences, uploaded],
  )
  // Links resolve from where the page is now (a move while editing keeps the editor).
  const where = useRef(doc)
  where.current = doc
  const [liveHost] = useState(() =>
    previewHost(
      {
        get space() {
          return where.current.space
        },
        get path() {
          return where.current.path
        },
      },
      () => fileURLs.current,
    ),
  )
  const switchMode = (m: EditorMode) => {
    setMode(m)
    setEditorMode(person, m)
    view.current?.dispatch({ effects: modeSlot.reconfigure(modeExtension(m, liveHost)) })
  }
  // Where each upload in flight goes, kept up to date through edits.
  const pending = useRef(new Map<number, number>())
  const nextUpload = useRef(1)
  const saveRef = useRef<() => void>(() => {})
  const { picker, pickerRef, insertMention } = useEditorMentions(`${ids}-mentions`, view)

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
    const v = new EditorView({
      parent,
      root,
      state: EditorState.create({
        doc: coedit ? coedit.text.toString() : doc.content,
        extensions: [
          lockSlot.of([]),
          ...writingExtensions({
            client,
            mentionKey: (key) => {
              const r = pickerRef.current.key(key)
              if (r.chosen) insertMention(r.chosen)
              return r.handled
            },
            onFiles: raw ? undefined : (files, at) => attachRef.current(files, at),
            onUpload: raw ? undefined : () => fileInput.current?.click(),
            preview: liveHost,
            mode: modeSlot,
            initialMode: mode,
            readOnly: raw || follower,
            collab: coedit ? collabExtension(coedit) : undefined,
          }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged || u.selectionSet) pickerRef.current.update(u.state.doc.toString(), u.state.selection.main.head)
            if (!u.docChanged) return
            for (const [id, pos] of pending.current) pending.current.set(id, u.changes.mapPos(pos))
            // The preview follows once typing pauses: no copy of a 1 MB
            // body and no render of this component on every keystroke.
            clearTimeout(bodyTimer.current)
            bodyTimer.current = setTimeout(() => setBody(u.view.state.doc.toString()), previewDelay)
            scheduleDraft()
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
      finished.current = true
      void clearDrafts(person, doc.id)
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
      if (errorCode(r.error) === 'NOT_FOUND') {
        // The page is gone (or no longer yours to read): its draft has nowhere to go.
        finished.current = true
        void clearDrafts(person, doc.id)
      }
      setProblem(fieldErrors(r.error))
      return 'failed'
    }
    finished.current = true
    clearTimeout(draftTimer.current)
    draftTimer.current = undefined
    await clearDrafts(person, doc.id)
    onDone()
    return 'done'
  }
  // Co-editing: the body saves itself; the title is saved through the API
  // on Ctrl S or Done, against the page's version of now.
  async function saveTitle(close: boolean) {
    const t = title.trim()
    if (!follower && t !== base.title) {
      if (!t) {
        setProblem({ title: 'A page needs a title.' })
        return
      }
      setSaving(true)
      setProblem({})
      const now = await client.query(Current, { id: doc.id }, { requestPolicy: 'network-only' }).toPromise()
      const v = now.data?.document?.version
      const r = v ? await save({ input: { id: doc.id, expectedVersion: v, title: t } }) : null
      setSaving(false)
      if (!r || r.error) {
        setProblem(r?.error ? fieldErrors(r.error) : { '': errorMessage(now.error) || 'The title could not be saved.' })
        return
      }
      setBase((b) => ({ ...b, title: t }))
    }
    if (close) {
      finished.current = true
      onDone()
    }
  }
  saveRef.current = () => {
    if (coedit) {
      if (!saving) void saveTitle(false)
      return
    }
    if (!saving && !theirs) void submit(base.version, false)
  }

  // "Saved as version N": each change pushed for the page, read for its version.
  const opened = useRef(doc.version)
  const [savedAs, setSavedAs] = useState<number | null>(null)
  const [me] = useQuery({ query: CoeditMe, pause: !coedit })
  const [pushes] = useSubscription({ query: CoeditChanged, variables: { id: doc.id }, pause: !coedit }, (n: number = 0) => n + 1)
  useEffect(() => {
    if (!coedit || !pushes.data) return
    let live = true
    void client
      .query(Current, { id: doc.id }, { requestPolicy: 'network-only' })
      .toPromise()
      .then((r) => {
        const v = r.data?.document?.version
        if (live && v && v > opened.current) setSavedAs((old) => Math.max(old ?? 0, v))
      })
    return () => {
      live = false
    }
  }, [pushes.data, coedit, client, doc.id])
  // The room closed for this person (read-only now, signed out, too large): the body stops taking typing.
  const closed = coedit?.phase === 'closed' ? coedit.outcome : null
  useEffect(() => {
    if (closed) view.current?.dispatch({ effects: lockSlot.reconfigure(locked) })
  }, [closed, lockSlot])
  const coStatus = !coedit
    ? ''
    : closed
      ? ''
      : follower
        ? 'Following live.'
        : coedit.phase === 'offline'
          ? 'Offline: what you type is kept in this browser and sent when the connection is back.'
          : coedit.saved
            ? 'All changes saved.'
            : 'Saving…'

  const busy = uploads.some((u) => u.state === 'uploading')
  // The preview follows typing once it pauses, and renders only the pieces
  // of the body that changed (components/MarkdownBody): typing in a 1 MB
  // page stays quick with the preview on (docs/frontend.md, "Big pages").
  const shownBody = body
  const mentionNames = useMentionNames(preview ? shownBody : '')
  const previewContext = useMemo(
    () => ({
      space: doc.space,
      path: doc.path,
      fileURLs: new Map([
        ...doc.fileReferences.flatMap((f) =>
          f.attachment ? [[f.href, f.attachment.url] as [string, string], [encodeURI(f.href), f.attachment.url] as [string, string]] : [],
        ),
        ...uploaded,
      ]),
      mentionNames,
    }),
    [doc, uploaded, mentionNames],
  )
  const otherProblems = Object.entries(problem)
    .filter(([k]) => k !== 'title' && k !== 'content' && k !== 'changeSummary')
    .map(([, m]) => m)

  return (
    <section className="editor" aria-label={`${follower ? 'Following' : 'Editing'} ${doc.title}`}>
      {closed?.kind === 'gone' ? (
        <div className="coedit-gone">
          <p className="status error" role="alert">
            {closed.message}
          </p>
          <button type="button" onClick={onDone}>
            Back to the page
          </button>
        </div>
      ) : (
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
          onChange={(e) => {
            setTitle(e.target.value)
            titleNow.current = e.target.value
            scheduleDraft()
          }}
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
          {!raw && !follower && <Toolbar view={() => view.current} />}
          <ModeToggle mode={mode} onChange={switchMode} />
          <button type="button" aria-pressed={preview} onClick={() => setPreview(!preview)}>
            Preview
          </button>
          {!raw && !follower && (
            <label className="editor-attach">
              Attach files
              <input
                ref={fileInput}
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
        {offer && <DraftOffer draft={offer} page={base} onRestore={() => restore(offer)} onDiscard={discard} />}
        {coedit && <Presence provider={coedit} me={me.data?.me ?? null} />}
        {closed && 'message' in closed && (
          <p className="status error" role="alert">
            {closed.message}
          </p>
        )}
        {demoted && (
          <p className="status error" role="alert">
            You can no longer edit this page: you follow it live from now on. Anything not yet saved was not kept.
          </p>
        )}
        {follower ? (
          <p className="status">Read-only: you follow this page live as others type; you cannot change it.</p>
        ) : raw ? (
          <p className="status">Originals in the raw space are never edited: only the title changes here (tags and status are among the page actions).</p>
        ) : coedit ? (
          <p className="editor-hint">Everyone here types into the same page: changes are shared as you type and saved as a new version after a pause. Drop or paste images and files to attach them; type / for blocks, @ to mention, [[ to link a page.</p>
        ) : (
          <p className="editor-hint">Drop or paste images and files into the body to attach them. Type / for blocks, @ and a name to mention someone, [[ and a title to link a page; paste a link onto selected text to link it. Ctrl S saves; Ctrl B, Ctrl I and Ctrl K make bold, italic and a link.</p>
        )}
        <div className={preview ? 'editor-panes split' : 'editor-panes'}>
          <div className="editor-host-wrap">
            <div ref={host} className="editor-host" />
            <MentionList id={`${ids}-mentions`} options={picker.options} active={picker.active} onPick={insertMention} />
          </div>
          {preview && (
            <div className="editor-preview" role="region" aria-label="Preview">
              {!/\S/.test(shownBody) ? <p className="status empty">Nothing to preview.</p> : <MarkdownBody markdown={shownBody} ctx={previewContext} />}
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
        {coedit && (
          <div className="editor-buttons">
            <p className="status coedit-status" role="status">
              {coStatus}
              {savedAs !== null && <> Saved as version {savedAs}.</>}
            </p>
            <button
              type="submit"
              className="primary"
              disabled={saving}
              onClick={(e) => {
                e.preventDefault()
                void saveTitle(true)
              }}
            >
              {saving ? 'Saving…' : follower ? 'Close' : 'Done'}
            </button>
          </div>
        )}
        {!theirs && !coedit && (
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
        {!theirs && !coedit && (
          <div className="editor-buttons">
            <button type="submit" className="primary" disabled={saving || busy}>
              {saving ? 'Saving…' : 'Save'}
            </button>
            <button
              type="button"
              onClick={() => {
                if (isDirty() && !window.confirm('Throw away your unsaved changes to this page?')) return
                finished.current = true
                clearTimeout(draftTimer.current)
                draftTimer.current = undefined
                void clearDrafts(person, doc.id)
                onDone()
              }}
              disabled={saving}
            >
              Cancel
            </button>
            {busy && <span className="status">Waiting for uploads…</span>}
          </div>
        )}
      </form>
      )}
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
          onTakeTheirs={() => {
            // Taking theirs drops this edit: its draft goes with it.
            finished.current = true
            clearTimeout(draftTimer.current)
            draftTimer.current = undefined
            void clearDrafts(person, doc.id)
            onDone()
          }}
        />
      )}
    </section>
  )
}

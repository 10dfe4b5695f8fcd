import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useMutation } from 'urql'
import { graphql } from '../../gql'
import type { DocumentStatus, MoveDocumentInput, Space, UpdateDocumentInput } from '../../gql/graphql'
import { Dialog } from '../../components/Dialog'
import { Link, navigate } from '../../router'
import { keepEditingAfterMove } from '../../lib/draftStore'
import { pageURL } from '../../lib/address'
import type { PageDoc } from './pageDocument'
import { cleanPath, errorCode, fieldErrors, parseTags } from '../../lib/pageForm'
import './PageActions.css'

const Move = graphql(`
  mutation MovePage($input: MoveDocumentInput!) {
    moveDocument(input: $input) {
      document {
        ...DocumentFields
        version
      }
    }
  }
`)

const UpdateMeta = graphql(`
  mutation UpdatePageMeta($input: UpdateDocumentInput!) {
    updateDocument(input: $input) {
      changed
      document {
        ...DocumentFields
        tags
        status
        version
        updatedAt
      }
    }
  }
`)

const Trash = graphql(`
  mutation TrashPage($input: DeleteDocumentInput!) {
    deleteDocument(input: $input) {
      document {
        ...DocumentFields
        deletedAt
      }
    }
  }
`)

const RestorePage = graphql(`
  mutation RestorePage($input: RestoreDocumentInput!) {
    restoreDocument(input: $input) {
      document {
        ...DocumentFields
        deletedAt
      }
    }
  }
`)

type Open = 'move' | 'meta' | 'trash' | null

/** The page's own actions beside Edit and History: rename or move, tags and status, move to the trash. */
export default function PageActions({ doc, onChanged, onTrashed }: { doc: PageDoc; onChanged: () => void; onTrashed: () => void }) {
  const [open, setOpen] = useState<Open>(null)
  const canWrite = doc.myPermission !== 'READ'
  const owner = doc.myPermission === 'OWNER'
  if (!canWrite) return null
  const close = () => setOpen(null)
  return (
    <>
      <button type="button" aria-haspopup="dialog" onClick={() => setOpen('move')}>
        Rename or move
      </button>
      <button type="button" aria-haspopup="dialog" onClick={() => setOpen('meta')}>
        Tags and status
      </button>
      {owner && (
        <button type="button" aria-haspopup="dialog" className="pa-danger" onClick={() => setOpen('trash')}>
          Move to trash
        </button>
      )}
      {open === 'move' && <MoveDialog doc={doc} onClose={close} onChanged={onChanged} />}
      {open === 'meta' && <MetaDialog doc={doc} onClose={close} onChanged={onChanged} />}
      {open === 'trash' && <TrashDialog doc={doc} onClose={close} onTrashed={onTrashed} />}
    </>
  )
}

function MoveDialog({ doc, onClose, onChanged }: { doc: PageDoc; onClose: () => void; onChanged: () => void }) {
  const ids = useId()
  const raw = doc.space === 'RAW'
  const [space, setSpace] = useState<Space>(doc.space)
  const [folder, setFolder] = useState(doc.path)
  const [slug, setSlug] = useState(doc.slug)
  const [title, setTitle] = useState(doc.title)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [, move] = useMutation(Move)
  const [, update] = useMutation(UpdateMeta)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const path = cleanPath(folder)
    const s = slug.trim()
    const t = title.trim()
    const local: Record<string, string> = {}
    if (!s) local.slug = 'A page needs a slug.'
    if (!t) local.title = 'A page needs a title.'
    setErrors(local)
    if (Object.keys(local).length) return
    const moved = space !== doc.space || path !== doc.path || s !== doc.slug
    setBusy(true)
    let version = doc.version
    let target = { space: doc.space as string, path: doc.path, slug: doc.slug }
    if (moved) {
      const input: MoveDocumentInput = { id: doc.id, expectedVersion: doc.version, path, slug: s }
      if (space !== doc.space) input.space = space
      const r = await move({ input })
      const d = r.data?.moveDocument.document
      if (r.error || !d) {
        setBusy(false)
        setErrors(conflictWords(r.error ? fieldErrors(r.error) : { '': 'The move failed.' }, errorCode(r.error)))
        return
      }
      version = d.version
      target = d
    }
    if (t !== doc.title) {
      const r = await update({ input: { id: doc.id, expectedVersion: version, title: t } })
      if (r.error) {
        setBusy(false)
        setErrors(conflictWords(fieldErrors(r.error), errorCode(r.error)))
        if (moved) navigate(pageURL(target))
        return
      }
    }
    setBusy(false)
    onClose()
    // An open editor keeps its edit: it opens again at the new address.
    if (moved) navigate(pageURL(target), false, keepEditingAfterMove(doc.id))
    else onChanged()
  }

  return (
    <ActionDialog title={`Rename or move “${doc.title}”`} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        {!raw && (
          <>
            <label htmlFor={`${ids}-space`}>Space</label>
            <select id={`${ids}-space`} value={space} onChange={(e) => setSpace(e.target.value as Space)}>
              <option value="WIKI">wiki</option>
              <option value="OUTPUT">output</option>
            </select>
            <FieldError ids={ids} name="space" errors={errors} />
          </>
        )}
        <label htmlFor={`${ids}-path`}>Folder</label>
        <input id={`${ids}-path`} value={folder} onChange={(e) => setFolder(e.target.value)} autoCapitalize="off" spellCheck={false} aria-describedby={`${ids}-hint`} />
        <FieldError ids={ids} name="path" errors={errors} />
        <label htmlFor={`${ids}-slug`}>Slug</label>
        <input id={`${ids}-slug`} value={slug} onChange={(e) => setSlug(e.target.value)} autoCapitalize="off" spellCheck={false} aria-invalid={errors.slug ? true : undefined} />
        <FieldError ids={ids} name="slug" errors={errors} />
        <label htmlFor={`${ids}-title`}>Title</label>
        <input id={`${ids}-title`} value={title} onChange={(e) => setTitle(e.target.value)} aria-invalid={errors.title ? true : undefined} />
        <FieldError ids={ids} name="title" errors={errors} />
        <p id={`${ids}-hint`} className="pa-hint">
          Lowercase letters, digits and hyphens; an empty folder is the top of the space. Links to the old address keep working and are offered for updating.
        </p>
        <OtherErrors errors={errors} known={['space', 'path', 'slug', 'title']} />
        <div className="pa-buttons">
          <button type="submit" className="pa-primary" disabled={busy}>
            Save
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </ActionDialog>
  )
}

const statuses: DocumentStatus[] = ['DRAFT', 'ACTIVE', 'ARCHIVED']

function MetaDialog({ doc, onClose, onChanged }: { doc: PageDoc; onClose: () => void; onChanged: () => void }) {
  const ids = useId()
  const [tags, setTags] = useState(doc.tags.join(', '))
  const [status, setStatus] = useState<DocumentStatus>(doc.status)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [state, update] = useMutation(UpdateMeta)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const list = parseTags(tags)
    const input: UpdateDocumentInput = { id: doc.id, expectedVersion: doc.version }
    if (list.join(',') !== doc.tags.join(',')) input.tags = list
    if (status !== doc.status) input.status = status
    if (input.tags === undefined && input.status === undefined) {
      onClose()
      return
    }
    const r = await update({ input })
    if (r.error) {
      const code = errorCode(r.error)
      setErrors(conflictWords(fieldErrors(r.error), code))
      if (code === 'CONFLICT') onChanged()
      return
    }
    onClose()
    onChanged()
  }

  return (
    <ActionDialog title={`Tags and status of “${doc.title}”`} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <label htmlFor={`${ids}-tags`}>Tags</label>
        <input id={`${ids}-tags`} value={tags} onChange={(e) => setTags(e.target.value)} placeholder="ops, deploy" aria-describedby={`${ids}-hint`} />
        <p id={`${ids}-hint`} className="pa-hint">
          Separate tags with commas.
        </p>
        <FieldError ids={ids} name="tags" errors={errors} />
        <label htmlFor={`${ids}-status`}>Status</label>
        <select id={`${ids}-status`} value={status} onChange={(e) => setStatus(e.target.value as DocumentStatus)}>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {s.toLowerCase()}
            </option>
          ))}
        </select>
        <FieldError ids={ids} name="status" errors={errors} />
        <OtherErrors errors={errors} known={['tags', 'status']} />
        <div className="pa-buttons">
          <button type="submit" className="pa-primary" disabled={state.fetching}>
            Save
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </ActionDialog>
  )
}

function TrashDialog({ doc, onClose, onTrashed }: { doc: PageDoc; onClose: () => void; onTrashed: () => void }) {
  const [state, trash] = useMutation(Trash)
  const [problem, setProblem] = useState('')
  return (
    <ActionDialog title={`Move “${doc.title}” to the trash?`} onClose={onClose}>
      <p>Only you will see it, in the Trash, where you can restore it for 30 days; then it is gone for good. Links to it show as broken meanwhile.</p>
      {problem && (
        <p className="status error" role="alert">
          {problem}
        </p>
      )}
      <div className="pa-buttons">
        <button
          type="button"
          className="pa-danger-primary"
          disabled={state.fetching}
          onClick={async () => {
            const r = await trash({ input: { id: doc.id } })
            if (r.error) {
              setProblem(Object.values(fieldErrors(r.error)).join(' '))
              return
            }
            onClose()
            onTrashed()
          }}
        >
          Yes, put it in the trash
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </ActionDialog>
  )
}

/** What the page view shows after its page went to the trash: a way back. */
export function TrashedNotice({ doc, onRestored }: { doc: PageDoc; onRestored: () => void }) {
  const [state, restore] = useMutation(RestorePage)
  const [problem, setProblem] = useState('')
  const [conflict, setConflict] = useState(false)
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <section className="pa-trashed" aria-labelledby="pa-trashed-h">
      <h1 id="pa-trashed-h" tabIndex={-1} ref={heading}>
        “{doc.title}” is in the trash
      </h1>
      <p>It will be purged in 30 days unless you restore it.</p>
      {problem && (
        <p className="status error" role="alert">
          {problem}
        </p>
      )}
      <div className="pa-buttons">
        <button
          type="button"
          className="pa-primary"
          disabled={state.fetching}
          onClick={async () => {
            setProblem('')
            const r = await restore({ input: { id: doc.id } })
            if (r.error) {
              const c = errorCode(r.error) === 'CONFLICT'
              setConflict(c)
              setProblem(c ? 'Another page now holds its address. Restore it somewhere else from the Trash.' : Object.values(fieldErrors(r.error)).join(' '))
              return
            }
            const d = r.data?.restoreDocument.document
            if (d && pageURL(d) !== pageURL(doc)) navigate(pageURL(d))
            else onRestored()
          }}
        >
          Restore
        </button>
        <Link to="/trash">{conflict ? 'Open the Trash' : 'Go to the Trash'}</Link>
      </div>
    </section>
  )
}

function conflictWords(errors: Record<string, string>, code: string): Record<string, string> {
  if (code !== 'CONFLICT') return errors
  const out = { ...errors }
  if (out.expectedVersion !== undefined) {
    delete out.expectedVersion
    out[''] = 'Someone changed this page meanwhile. It has been reloaded: check it and save again.'
  }
  if (out.slug !== undefined) out.slug = 'Another page already has this address. ' + out.slug
  return out
}

function FieldError({ ids, name, errors }: { ids: string; name: string; errors: Record<string, string> }) {
  if (!errors[name]) return null
  return (
    <p id={`${ids}-${name}-error`} className="status error" role="alert">
      {errors[name]}
    </p>
  )
}

function OtherErrors({ errors, known }: { errors: Record<string, string>; known: string[] }) {
  const other = Object.entries(errors)
    .filter(([k]) => !known.includes(k))
    .map(([, m]) => m)
  if (other.length === 0) return null
  return (
    <p className="status error" role="alert">
      {other.join(' ')}
    </p>
  )
}

/** A modal dialog with a titled header and a close button, over a backdrop, in a portal: the behaviour is the shared Dialog's. */
function ActionDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const id = useId()
  return createPortal(
    <div
      className="pa-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose()
      }}
    >
      <Dialog className="pa-dialog" labelledBy={`${id}-title`} onClose={onClose} initialFocus="input, select, textarea, button:not(.pa-close)">
        <header className="pa-head">
          <h2 id={`${id}-title`}>{title}</h2>
          <button type="button" className="pa-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>
        {children}
      </Dialog>
    </div>,
    document.body,
  )
}

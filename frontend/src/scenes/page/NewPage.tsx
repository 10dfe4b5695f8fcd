import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { EditorView } from '@codemirror/view'
import { useMutation } from 'urql'
import { graphql } from '../../gql'
import { useFieldErrors } from '../../components/useFieldErrors'
import type { Space } from '../../gql/graphql'
import { navigate, useLocation } from '../../router'
import { pageURL, spaces } from '../../lib/address'
import { cleanPath, fieldErrors, fillTemplate, parseTags, slugify } from '../../lib/pageForm'
import { parseRecipients } from '../../lib/sharing'
import NewPageAudience, { type AudienceChoice } from './NewPageAudience'
import NewPageTemplate, { type Template } from './NewPageTemplate'
import { MarkdownField } from '../editor/MarkdownField'
import { draftDelay } from '../../lib/draft'
import { clearDrafts, draftPerson, draftsOf, putDraft } from '../../lib/draftStore'
import './NewPage.css'

const Create = graphql(`
  mutation CreatePage($input: CreateDocumentInput!) {
    createDocument(input: $input) {
      document {
        ...DocumentFields
        version
      }
    }
  }
`)

function initialSpace(v: string | null): Space {
  const s = (v ?? '').toLowerCase()
  return (spaces as string[]).includes(s) ? (s.toUpperCase() as Space) : 'WIKI'
}

/** Writing a new page: where it goes, its title and its body. */
export default function NewPage() {
  const { search } = useLocation()
  const [space, setSpace] = useState<Space>(() => initialSpace(search.get('space')))
  const [folder, setFolder] = useState(() => search.get('path') ?? '')
  // A link to a missing page ("Create this page") names its slug and title.
  const [slug, setSlug] = useState(() => search.get('slug') ?? '')
  const [slugTouched, setSlugTouched] = useState(() => !!search.get('slug'))
  const [title, setTitle] = useState(() => search.get('title') ?? '')
  const [tags, setTags] = useState('')
  const [body, setBody] = useState('')
  const { ids, setErrors, field, errorOf, other } = useFieldErrors(['space', 'path', 'slug', 'title', 'tags', 'content', 'shareWith'])
  const [audience, setAudience] = useState<AudienceChoice>({ access: 'DEFAULT', shareWith: '' })
  const [template, setTemplate] = useState<{ t: Template; author: string } | null>(null)
  const [state, create] = useMutation(Create)
  const templateTags = template ? template.t.tags.filter((t) => t !== 'template') : []

  // What is typed is kept in this browser until the page is created
  // (docs/frontend.md, "Drafts"): a new page has no id yet, so its draft is
  // keyed by the space and folder the form opened on.
  const [person] = useState(draftPerson)
  const [draftPage] = useState(() => `new:${initialSpace(search.get('space')).toLowerCase()}/${search.get('path') ?? ''}`)
  const [kept, setKept] = useState(false)
  const bodyView = useRef<EditorView | null>(null)
  const typed = useRef({ title, body })
  typed.current = { title, body }
  const draftTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const created = useRef(false)
  const writeDraft = () => {
    clearTimeout(draftTimer.current)
    draftTimer.current = undefined
    if (!person || created.current) return
    const { title: t, body: b } = typed.current
    if (t.trim() === '' && b.trim() === '') void clearDrafts(person, draftPage)
    else void putDraft({ person, page: draftPage, baseVersion: 0, title: t, content: b })
  }
  const writeDraftRef = useRef(writeDraft)
  writeDraftRef.current = writeDraft
  const scheduleDraft = () => {
    clearTimeout(draftTimer.current)
    draftTimer.current = setTimeout(() => writeDraftRef.current(), draftDelay)
  }
  useEffect(() => {
    let live = true
    if (person)
      void draftsOf(person, draftPage).then((all) => {
        const d = all.sort((a, b) => b.savedAt - a.savedAt)[0]
        // Only into an untouched form: what was typed since wins.
        if (!live || !d || typed.current.title !== '' || typed.current.body !== '') return
        setTitle(d.title)
        setBody(d.content)
        const v = bodyView.current
        if (v) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: d.content } })
        setKept(true)
      })
    const flush = () => {
      if (draftTimer.current !== undefined) writeDraftRef.current()
    }
    window.addEventListener('beforeunload', flush)
    return () => {
      live = false
      flush()
      window.removeEventListener('beforeunload', flush)
    }
    // Once, for the form as it opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const startOver = () => {
    setKept(false)
    setTitle('')
    setBody('')
    const v = bodyView.current
    if (v) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: '' } })
    clearTimeout(draftTimer.current)
    draftTimer.current = undefined
    if (person) void clearDrafts(person, draftPage)
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const local: Record<string, string> = {}
    const finalSlug = (slugTouched ? slug : slug || slugify(title)).trim()
    if (!title.trim()) local.title = 'A page needs a title.'
    if (!finalSlug) local.slug = 'A page needs a slug: lowercase letters, digits and hyphens.'
    const { recipients, invalid } = parseRecipients(audience.shareWith)
    if (invalid.length) local.shareWith = 'Name people by email and groups as group:<slug>, or leave them out.'
    setErrors(local)
    if (Object.keys(local).length) return
    const tagList = parseTags(tags)
    const r = await create({
      input: {
        space,
        path: cleanPath(folder),
        slug: finalSlug,
        title: title.trim(),
        ...(template ? { templateId: template.t.id } : { content: body }),
        ...(tagList.length ? { tags: tagList } : {}),
        access: audience.access,
        ...(recipients.length ? { shareWith: recipients } : {}),
      },
    })
    if (r.error) {
      setErrors(fieldErrors(r.error))
      return
    }
    const doc = r.data?.createDocument.document
    if (doc) {
      created.current = true
      clearTimeout(draftTimer.current)
      draftTimer.current = undefined
      if (person) await clearDrafts(person, draftPage)
      navigate(pageURL(doc))
    }
  }


  return (
    <section className="new-page">
      <h1>New page</h1>
      <form onSubmit={submit} noValidate>
        <NewPageTemplate chosen={template?.t ?? null} onChange={(t, author) => setTemplate(t ? { t, author } : null)} />
        <div className="new-page-where">
          <div>
            <label htmlFor={`${ids}-space`}>Space</label>
            <select {...field('space')} value={space} onChange={(e) => setSpace(e.target.value as Space)}>
              {spaces.map((s) => (
                <option key={s} value={s.toUpperCase()}>
                  {s}
                </option>
              ))}
            </select>
            {errorOf('space')}
          </div>
          <div>
            <label htmlFor={`${ids}-path`}>Folder</label>
            <input {...field('path')} value={folder} onChange={(e) => setFolder(e.target.value)} placeholder="engineering/onboarding" autoCapitalize="off" spellCheck={false} />
            {errorOf('path')}
          </div>
          <div>
            <label htmlFor={`${ids}-slug`}>Slug</label>
            <input
              {...field('slug')}
              value={slugTouched ? slug : slug || slugify(title)}
              onChange={(e) => {
                setSlug(e.target.value)
                setSlugTouched(true)
              }}
              placeholder="laptop-setup"
              autoCapitalize="off"
              spellCheck={false}
            />
            {errorOf('slug')}
          </div>
        </div>
        <p className="new-page-hint">
          Folders and slugs use lowercase letters, digits and hyphens; leave the folder empty for the top of the space. The page will be at{' '}
          <code>{pageURL({ space, path: cleanPath(folder), slug: (slugTouched ? slug : slug || slugify(title)) || '…' })}</code>.
        </p>
        <label htmlFor={`${ids}-title`}>Title</label>
        <input
          {...field('title')}
          value={title}
          onChange={(e) => {
            setTitle(e.target.value)
            scheduleDraft()
          }}
        />
        {errorOf('title')}
        <label htmlFor={`${ids}-tags`}>Tags</label>
        <input {...field('tags')} value={tags} onChange={(e) => setTags(e.target.value)} placeholder="ops, deploy" />
        {errorOf('tags')}
        {templateTags.length > 0 && <p className="new-page-hint">From the template: {templateTags.map((t) => `#${t}`).join(' ')}</p>}
        {template ? (
          <>
            <label htmlFor={`${ids}-content`}>Body</label>
            <textarea {...field('content')} value={fillTemplate(template.t.content, title.trim(), template.author)} readOnly rows={14} />
            <p className="new-page-hint">The template&apos;s body, filled in. Edit the page once it is created.</p>
          </>
        ) : (
          <MarkdownField
            initial={body}
            page={{ space, path: cleanPath(folder) }}
            onView={(v) => (bodyView.current = v)}
            onChange={(t) => {
              setBody(t)
              scheduleDraft()
            }}
          />
        )}
        {kept && (
          <p className="status new-page-kept" role="status">
            Your unsaved text for a new page here was kept in this browser.{' '}
            <button type="button" onClick={startOver}>
              Start over
            </button>
          </p>
        )}
        {errorOf('content')}
        <NewPageAudience space={space} path={cleanPath(folder)} choice={audience} onChange={setAudience} />
        {errorOf('shareWith')}
        {other.length > 0 && (
          <p className="status error" role="alert">
            {other.join(' ')}
          </p>
        )}
        <div className="new-page-buttons">
          <button type="submit" className="primary" disabled={state.fetching}>
            {state.fetching ? 'Creating…' : 'Create page'}
          </button>
        </div>
      </form>
    </section>
  )
}

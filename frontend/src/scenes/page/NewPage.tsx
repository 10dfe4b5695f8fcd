import { useState, type FormEvent } from 'react'
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
    if (doc) navigate(pageURL(doc))
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
        <input {...field('title')} value={title} onChange={(e) => setTitle(e.target.value)} />
        {errorOf('title')}
        <label htmlFor={`${ids}-tags`}>Tags</label>
        <input {...field('tags')} value={tags} onChange={(e) => setTags(e.target.value)} placeholder="ops, deploy" />
        {errorOf('tags')}
        {templateTags.length > 0 && <p className="new-page-hint">From the template: {templateTags.map((t) => `#${t}`).join(' ')}</p>}
        <label htmlFor={`${ids}-content`}>Body</label>
        {template ? (
          <>
            <textarea {...field('content')} value={fillTemplate(template.t.content, title.trim(), template.author)} readOnly rows={14} />
            <p className="new-page-hint">The template&apos;s body, filled in. Edit the page once it is created.</p>
          </>
        ) : (
          <textarea {...field('content')} value={body} onChange={(e) => setBody(e.target.value)} rows={14} placeholder="Write in markdown…" />
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

import type { CombinedError } from 'urql'

// Small helpers of the page forms: slugs, tags, error fields, and the
// markdown that shows an attached file.

/** A slug suggested from a title: lowercase letters, digits and hyphens. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
}

/** Tags from comma-separated text: trimmed, lowercase, without empties or repeats. */
export function parseTags(text: string): string[] {
  const out: string[] = []
  for (const t of text.split(',')) {
    const tag = t.trim().replace(/^#/, '').toLowerCase()
    if (tag && !out.includes(tag)) out.push(tag)
  }
  return out
}

/** A folder path cleaned up: no leading, trailing or doubled slashes. */
export function cleanPath(path: string): string {
  return path
    .split('/')
    .map((s) => s.trim())
    .filter(Boolean)
    .join('/')
}

interface GraphQLishError {
  message: string
  extensions?: Record<string, unknown>
}

function errorsOf(e: CombinedError | { errors?: GraphQLishError[] } | null | undefined): GraphQLishError[] {
  if (!e) return []
  if ('graphQLErrors' in e) return e.graphQLErrors
  return e.errors ?? []
}

/** The code (extensions.code) of the first error, or ''. */
export function errorCode(e: CombinedError | { errors?: GraphQLishError[] } | null | undefined): string {
  const c = errorsOf(e)[0]?.extensions?.code
  return typeof c === 'string' ? c : ''
}

/** Messages by the input field they name (extensions.field); errors naming no field go under ''. */
export function fieldErrors(e: CombinedError | { errors?: GraphQLishError[] } | null | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const g of errorsOf(e)) {
    const f = g.extensions?.field
    const key = typeof f === 'string' ? f.replace(/^input\./, '') : ''
    out[key] = out[key] ? `${out[key]} ${g.message}` : g.message
  }
  return out
}

/** The markdown that shows a file of the page: an image for images, a link otherwise. */
export function attachmentMarkdown(name: string, path: string, mimeType: string): string {
  const text = name.replace(/([\\[\]])/g, '\\$1')
  const dest = /[\s()<>]/.test(path) ? `<${path.replace(/([<>])/g, '\\$1')}>` : path
  return mimeType.startsWith('image/') ? `![${text}](${dest})` : `[${text}](${dest})`
}

/** An attachment's markdown with what separates it from its neighbours: an image on a line of its own, a link between spaces. */
export function around(md: string, image: boolean, before: string, after: string): string {
  const sep = image ? '\n' : ' '
  const pre = before === '' || before === '\n' || (!image && /\s/.test(before)) ? '' : sep
  const post = after === '' || after === '\n' || (!image && /\s/.test(after)) ? '' : sep
  return pre + md + post
}

/**
 * A template's body with its placeholders filled as the server fills them
 * (docs/design.md, Templates): {{date}} the UTC date (YYYY-MM-DD), {{title}}
 * the new page's title, {{author}} the creator's name; spaces inside the
 * braces allowed, other {{…}} left as written.
 */
export function fillTemplate(body: string, title: string, author: string, now: Date = new Date()): string {
  const date = now.toISOString().slice(0, 10)
  return body.replace(/\{\{\s*(date|title|author)\s*\}\}/g, (_, name: string) => (name === 'date' ? date : name === 'title' ? title : author))
}

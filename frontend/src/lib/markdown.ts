import { Marked } from 'marked'
import DOMPurify from 'dompurify'
import { newPageURL, resolveHref } from './address'
import { mentionChip } from './mention'

export interface RenderContext {
  /** Where the page is: its links resolve from its folder. */
  space: string
  path: string
  /** The state of each link of the page, by href as written (Document.links). */
  linkStates?: Map<string, string>
  /** The download URL of each file reference, by href as written (Document.fileReferences). */
  fileURLs?: Map<string, string>
  /** The current name of each mention, by canonical href (mentionNames). */
  mentionNames?: Map<string, string>
}

// The names the link renderer shows for the body being parsed (parsing is
// synchronous: set just before, cleared just after).
let currentNames: Map<string, string> | undefined

// marked with one change: a mention link becomes its chip here, before
// DOMPurify, whose URI allow-list would strip a mention: href.
const parser = new Marked({
  gfm: true,
  renderer: {
    link(token) {
      return mentionChip(token.href, currentNames) ?? false
    },
  },
})

const stateTitles: Record<string, string> = {
  STALE_TEXT: 'The page moved: this link needs your decision',
  BROKEN: 'The page is in the trash',
  PENDING: 'No page you can read is there yet',
}

/**
 * Renders a body to HTML that is safe to insert: marked's output through
 * DOMPurify (no script, no event handler, no javascript: URL survives),
 * links to pages turned into app URLs and marked with their state, file
 * references turned into their download URLs, mention links into chips
 * showing the current name of what they name (never their link text).
 */
export function renderMarkdown(md: string, ctx: RenderContext): string {
  currentNames = ctx.mentionNames
  let raw: string
  try {
    raw = parser.parse(md, { async: false }) as string
  } finally {
    currentNames = undefined
  }
  const frag = DOMPurify.sanitize(raw, { RETURN_DOM_FRAGMENT: true, FORBID_TAGS: ['style', 'form', 'input', 'button'] })
  frag.querySelectorAll('a[href]').forEach((a) => {
    const href = a.getAttribute('href') ?? ''
    const file = ctx.fileURLs?.get(href)
    if (file) {
      a.setAttribute('href', file)
      return
    }
    const app = resolveHref(ctx.space, ctx.path, href)
    if (app) {
      a.setAttribute('href', app)
      const state = ctx.linkStates?.get(href)
      if (state) {
        a.setAttribute('data-state', state.toLowerCase())
        const title = stateTitles[state]
        if (title) a.setAttribute('title', title)
      }
      // A link to a page that is not there yet opens the new-page form
      // for its address, titled after the link (docs/guide.md).
      const create = state === 'PENDING' ? newPageURL(app, a.textContent ?? '') : null
      if (create) {
        a.setAttribute('href', create)
        a.setAttribute('data-create', app)
        a.setAttribute('title', 'No page you can read is there yet: create this page')
      }
    } else if (/^https?:/i.test(href)) {
      a.setAttribute('rel', 'noopener noreferrer')
      a.setAttribute('target', '_blank')
    }
  })
  frag.querySelectorAll('img[src]').forEach((img) => {
    const src = img.getAttribute('src') ?? ''
    const file = ctx.fileURLs?.get(src)
    if (file) img.setAttribute('src', file)
    else if (/^https?:/i.test(src) && !sameOrigin(src)) {
      // The app's CSP shows images of this server only (img-src 'self'
      // data: blob:): an image from elsewhere becomes a link to it, named
      // by its alt text, instead of a broken image the browser refuses.
      const a = document.createElement('a')
      a.setAttribute('href', src)
      a.setAttribute('rel', 'noopener noreferrer')
      a.setAttribute('target', '_blank')
      a.className = 'external-image'
      a.textContent = `Image: ${img.getAttribute('alt') || src}`
      img.replaceWith(a)
      return
    } else if (!/^(https?:|data:image\/)/i.test(src)) img.removeAttribute('src')
    img.setAttribute('loading', 'lazy')
  })
  const div = document.createElement('div')
  div.appendChild(frag)
  return div.innerHTML
}

/** Whether an absolute URL is on this server. */
function sameOrigin(url: string): boolean {
  try {
    return new URL(url).origin === window.location.origin
  } catch {
    return false
  }
}

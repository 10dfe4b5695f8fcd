// Addresses as the app's URLs show them: a page is /<space>/<path>/<slug>.

export type SpaceName = 'raw' | 'wiki' | 'output'
export const spaces: SpaceName[] = ['wiki', 'raw', 'output']

export interface Address {
  space: SpaceName
  path: string
  slug: string
}

/** The URL of a page. */
export function pageURL(a: { space: string; path: string; slug: string }): string {
  const space = a.space.toLowerCase()
  return '/' + [space, a.path, a.slug].filter((s) => s !== '').join('/')
}

/**
 * The new-page form prefilled to create the page a URL names (a link to a
 * page that is not there yet), titled after the link's text (else its slug).
 * Null when the URL names no page.
 */
export function newPageURL(url: string, title: string): string | null {
  const a = parsePageURL(url.split('#')[0] ?? '')
  if (!a) return null
  const q = new URLSearchParams({ space: a.space, path: a.path, slug: a.slug, title: title.trim() || a.slug.replace(/-/g, ' ') })
  return '/new?' + q.toString()
}

/** The page a URL path names, if it names one: /wiki/ops/deploy. */
export function parsePageURL(pathname: string): Address | null {
  const segs = pathname.split('/').filter((s) => s !== '')
  const space = segs[0] as SpaceName | undefined
  if (!space || !spaces.includes(space) || segs.length < 2) return null
  const slug = segs[segs.length - 1] as string
  return { space, path: segs.slice(1, -1).join('/'), slug }
}

/**
 * Resolves an href written in a page in folder `from` (relative, or
 * /<space>/… rooted) to the URL of the page it names, as the server's link
 * resolver does: ".md" dropped, ".." and "." applied. Null for external,
 * fragment-only and file hrefs.
 */
export function resolveHref(space: string, from: string, href: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//') || href.startsWith('#') || href === '') return null
  const [pathPart = '', ...rest] = href.split('#')
  const hash = rest.length ? '#' + rest.join('#') : ''
  const clean = pathPart.split('?')[0] ?? ''
  if (clean.includes('.files/')) return null
  let segs: string[]
  if (clean.startsWith('/')) segs = clean.split('/').filter(Boolean)
  else segs = [space.toLowerCase(), ...from.split('/').filter(Boolean), ...clean.split('/')]
  const out: string[] = []
  for (const s of segs) {
    if (s === '' || s === '.') continue
    if (s === '..') {
      if (out.length > 1) out.pop()
      continue
    }
    out.push(s)
  }
  if (out.length < 2) return null
  const last = out.length - 1
  out[last] = (out[last] as string).replace(/\.md$/i, '')
  return '/' + out.join('/') + hash
}

/** Resolves a file href (<slug>.files/<name>) to its download URL, given the page ids by address. */
export function fileURL(space: string, from: string, href: string, idOf: (a: Address) => string | undefined): string | null {
  const m = /^(.*?)([^/]+)\.files\/([^?#]+)/.exec(href)
  if (!m || /^[a-z][a-z0-9+.-]*:/i.test(href)) return null
  const pageURLStr = resolveHref(space, from, (m[1] ?? '') + (m[2] ?? ''))
  if (!pageURLStr) return null
  const addr = parsePageURL(pageURLStr)
  if (!addr) return null
  const id = idOf(addr)
  return id ? `/files/${id}/${m[3]}` : null
}

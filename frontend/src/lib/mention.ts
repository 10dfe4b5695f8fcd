// Mentions in markdown: `[@Ann](mention:user/<id>)`, `mention:group/<slug>`,
// `mention:agent/<slug>` (docs/design.md, "Mentions"). A mention always shows
// the current name of what it names, never its link text. Pure helpers,
// tested alone: the chip markup made before DOMPurify (whose default URI list
// would strip a mention: href), the `@` query at the caret, and the link the
// autocomplete inserts.

export type MentionKind = 'user' | 'group' | 'agent'

export interface MentionRef {
  kind: MentionKind
  /** A person's id, or a group's or agent's slug. */
  key: string
}

const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const slugRe = /^[A-Za-z0-9._-]{1,100}$/

/** Reads a mention href as the server does; null for anything else. */
export function parseMentionHref(href: string): MentionRef | null {
  const m = /^mention:([a-z]+)\/(.+)$/i.exec(href.trim())
  if (!m) return null
  const kind = (m[1] ?? '').toLowerCase()
  const key = m[2] ?? ''
  if (kind === 'user' && uuidRe.test(key)) return { kind, key: key.toLowerCase() }
  if ((kind === 'group' || kind === 'agent') && slugRe.test(key)) return { kind, key: key.toLowerCase() }
  return null
}

/** The canonical href of a mention (what mentionNames answers with). */
export function mentionHref(r: MentionRef): string {
  return `mention:${r.kind}/${r.key}`
}

/** The distinct mention hrefs of a markdown body, canonical, in order (at most 200). */
export function mentionHrefs(md: string): string[] {
  const out: string[] = []
  const re = /\]\(\s*<?(mention:[^)\s>]+)>?\s*\)|^\s*\[[^\]]+\]:\s*<?(mention:\S+?)>?\s*$/gim
  for (const m of md.matchAll(re)) {
    const r = parseMentionHref(m[1] ?? m[2] ?? '')
    if (!r) continue
    const h = mentionHref(r)
    if (!out.includes(h)) out.push(h)
    if (out.length === 200) break
  }
  return out
}

function escapeHTML(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string)
}

/**
 * The chip a mention link renders as, made before DOMPurify: a span (no
 * href to strip) with the canonical href in data-mention and the current
 * name (names: by canonical href) — never the link text. A name not known
 * (yet, or naming nobody) shows "@…".
 */
export function mentionChip(href: string, names: Map<string, string> | undefined): string | null {
  const r = parseMentionHref(href)
  if (!r) return null
  const h = mentionHref(r)
  const name = names?.get(h)
  return `<span class="mention mention-${r.kind}" data-mention="${escapeHTML(h)}">@${escapeHTML(name ?? '…')}</span>`
}

/**
 * The `@` query being typed at the caret: the text after an `@` that starts
 * a word, up to the caret, when it holds no line break and at most 40
 * characters; null otherwise. from is where the `@` is.
 */
export function mentionQuery(text: string, caret: number): { from: number; query: string } | null {
  const before = text.slice(0, caret)
  const at = before.lastIndexOf('@')
  if (at < 0) return null
  const prev = at === 0 ? '' : before[at - 1]
  if (prev && !/[\s([{"'>]/.test(prev)) return null
  const query = before.slice(at + 1)
  if (query.length > 40 || /[\n\r\]\[()]/.test(query) || /^\s/.test(query)) return null
  return { from: at, query }
}

/** The markdown a chosen mentionable inserts: `[@Name](href)`, brackets in the name escaped. */
export function mentionMarkdown(name: string, href: string): string {
  const text = name.replace(/[\\[\]]/g, (c) => '\\' + c).replace(/\s+/g, ' ').trim()
  return `[@${text}](${href})`
}

/** text with the `@query` from..caret replaced by the mention; the caret after it (and a space). */
export function insertMention(text: string, from: number, caret: number, name: string, href: string): { text: string; caret: number } {
  const md = mentionMarkdown(name, href) + ' '
  return { text: text.slice(0, from) + md + text.slice(caret), caret: from + md.length }
}

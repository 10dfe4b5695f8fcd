// The editor's formatting commands as pure functions of the text and the
// selection: each returns the change to make and where the selection goes.

/** One edit: replace from..to with insert, then select anchor..head. */
export interface Edit {
  from: number
  to: number
  insert: string
  anchor: number
  head: number
}

/**
 * Wraps the selection in mark (`**` bold, `*` italic, `` ` `` code), or
 * unwraps it when it is already wrapped (inside or just outside the
 * selection). An empty selection gets the marks with the caret between.
 */
export function toggleWrap(text: string, from: number, to: number, mark: string): Edit {
  const sel = text.slice(from, to)
  const n = mark.length
  if (sel.length >= 2 * n && sel.startsWith(mark) && sel.endsWith(mark)) {
    const inner = sel.slice(n, sel.length - n)
    return { from, to, insert: inner, anchor: from, head: from + inner.length }
  }
  if (text.slice(from - n, from) === mark && text.slice(to, to + n) === mark && !(mark === '*' && text.slice(from - 2, from) === '**' && text.slice(to, to + 2) === '**')) {
    return { from: from - n, to: to + n, insert: sel, anchor: from - n, head: to - n }
  }
  return { from, to, insert: mark + sel + mark, anchor: from + n, head: to + n }
}

/**
 * Makes the selection a link: `[text](url)` with "url" selected to type
 * over; a selection that is itself a URL becomes the target instead.
 */
export function makeLink(text: string, from: number, to: number): Edit {
  const sel = text.slice(from, to)
  if (/^https?:\/\/\S+$/.test(sel)) {
    const insert = `[](${sel})`
    return { from, to, insert, anchor: from + 1, head: from + 1 }
  }
  const label = sel || 'text'
  const insert = `[${label}](url)`
  const at = from + label.length + 3
  return sel ? { from, to, insert, anchor: at, head: at + 3 } : { from, to, insert, anchor: from + 1, head: from + 1 + label.length }
}

/** The start of the line holding pos. */
function lineStart(text: string, pos: number): number {
  return text.lastIndexOf('\n', pos - 1) + 1
}

/**
 * Puts prefix (`## `, `- `) before every line the selection touches, or
 * takes it away when every one of them has it already. A heading replaces
 * another heading level.
 */
export function togglePrefix(text: string, from: number, to: number, prefix: string): Edit {
  const start = lineStart(text, from)
  const endNL = text.indexOf('\n', to)
  const end = endNL === -1 ? text.length : endNL
  const lines = text.slice(start, end).split('\n')
  const heading = /^#+ $/.test(prefix)
  const strip = (l: string) => (heading ? l.replace(/^#{1,6} /, '') : l)
  const all = lines.every((l) => l.startsWith(prefix))
  const out = lines.map((l) => (all ? l.slice(prefix.length) : prefix + strip(l)))
  const insert = out.join('\n')
  return { from: start, to: end, insert, anchor: start, head: start + insert.length }
}

/** Inline code for a selection within one line, a fenced block for several lines. */
export function toggleCode(text: string, from: number, to: number): Edit {
  const sel = text.slice(from, to)
  if (!sel.includes('\n')) return toggleWrap(text, from, to, '`')
  const insert = '```\n' + sel + (sel.endsWith('\n') ? '' : '\n') + '```'
  return { from, to, insert, anchor: from + 4, head: from + 4 + sel.length }
}

/**
 * The page search typed after an unclosed `[[` before the caret on its line
 * (what to search for, and where the `[[` starts), or null.
 */
export function wikiQuery(before: string): { query: string; from: number } | null {
  const m = /\[\[([^\][\n]{0,80})$/.exec(before)
  if (!m) return null
  return { query: m[1]!, from: before.length - m[0].length }
}

/** The markdown link to a page: its title as the text, its address as the target. */
export function pageLink(title: string, address: string): string {
  const text = title.replace(/[\\[\]]/g, (c) => '\\' + c).replace(/\s+/g, ' ').trim()
  return `[${text}](${encodeURI(address)})`
}

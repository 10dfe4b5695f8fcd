import type { Edit } from '../../lib/markdownEdit'

/**
 * Pasting onto a selection (docs/frontend.md, "The editor"): when the
 * pasted text is a single http(s) URL and the selection is text on one line
 * (not itself a URL), the selection becomes the text of a link to it.
 * null: paste as usual.
 */
export function pasteLink(text: string, from: number, to: number, pasted: string): Edit | null {
  const url = pasted.trim()
  if (from === to || !/^https?:\/\/[^\s<>()]+$/i.test(url)) return null
  const sel = text.slice(from, to)
  if (sel.includes('\n') || /^\s*https?:\/\//i.test(sel)) return null
  const label = sel.replace(/([\\[\]])/g, '\\$1')
  const insert = `[${label}](${url})`
  const end = from + insert.length
  return { from, to, insert, anchor: end, head: end }
}

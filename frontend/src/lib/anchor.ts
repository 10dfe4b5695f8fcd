// Comment anchors in the rendered page (docs/design.md, "Anchors"): the
// server keeps a thread's passage as a quote (exact, prefix, suffix) with
// UTF-16 offsets in the page's anchor text — its rendered text with every
// run of white space made one space, none at either end. These helpers
// compute the same text over the rendered body, turn a selection into a
// quote, and find a quote's passage again to show it.

/** How much context a quote keeps on each side, in characters (code points). */
export const MAX_CONTEXT = 64
/** The longest passage a thread may quote, in characters. */
export const MAX_EXACT = 500

export interface Quote {
  exact: string
  prefix: string
  suffix: string
  /** UTF-16 offsets in the anchor text. */
  start: number
  end: number
}

const space = /\s/

/** The anchor text of a string: white space runs made one space, trimmed. */
export function anchorText(raw: string): string {
  return raw.replace(/\s+/g, ' ').trim()
}

/**
 * The anchor text of a rendered body, with the way back to its DOM: where
 * each of its characters came from, and where each offset of each text node
 * lands in it.
 */
export interface TextIndex {
  text: string
  /** For each character of text, its text node and offset there. */
  points: Array<[Text, number]>
  /** For each text node, the anchor-text offset of each of its offsets (length + 1 entries). */
  offsets: Map<Text, Int32Array>
}

/** Indexes the text under root as the anchor text. */
export function indexText(root: Node): TextIndex {
  let text = ''
  const points: Array<[Text, number]> = []
  const offsets = new Map<Text, Int32Array>()
  let pending: [Text, number] | null = null
  const walker = root.ownerDocument!.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
    const data = n.data
    const at = new Int32Array(data.length + 1)
    for (let i = 0; i < data.length; i++) {
      at[i] = text.length
      const c = data.charAt(i)
      if (space.test(c)) {
        if (!pending) pending = [n, i]
        continue
      }
      if (pending && text.length > 0) {
        text += ' '
        points.push(pending)
      }
      pending = null
      at[i] = text.length
      text += c
      points.push([n, i])
    }
    at[data.length] = text.length
    offsets.set(n, at)
  }
  return { text, points, offsets }
}

/** The code points of s: context is counted in characters, as the server counts it. */
function lastChars(s: string, n: number): string {
  const cs = Array.from(s)
  return cs.slice(Math.max(0, cs.length - n)).join('')
}

function firstChars(s: string, n: number): string {
  return Array.from(s).slice(0, n).join('')
}

/** The quote of the anchor text's [start, end), white space at its ends left out; null when nothing is left. */
export function quoteAt(text: string, start: number, end: number): Quote | null {
  while (start < end && text[start] === ' ') start++
  while (end > start && text[end - 1] === ' ') end--
  if (start >= end) return null
  return {
    exact: text.slice(start, end),
    prefix: lastChars(text.slice(0, start), MAX_CONTEXT),
    suffix: firstChars(text.slice(end), MAX_CONTEXT),
    start,
    end,
  }
}

/** Where a DOM boundary point falls in the anchor text. */
export function offsetOf(idx: TextIndex, node: Node, offset: number): number {
  if (node.nodeType === Node.TEXT_NODE) {
    const at = idx.offsets.get(node as Text)
    if (at) return at[Math.min(offset, at.length - 1)] ?? 0
  }
  // An element boundary: the first indexed text at or after it.
  const range = node.ownerDocument!.createRange()
  range.setStart(node, offset)
  for (const [t, at] of idx.offsets) {
    if (range.comparePoint(t, 0) >= 0) return at[0] ?? 0
  }
  return idx.text.length
}

/** The quote of a selection's range within the indexed body; null when it is empty or outside it. */
export function quoteOfRange(idx: TextIndex, root: Node, range: Range): Quote | null {
  if (!root.contains(range.startContainer) || !root.contains(range.endContainer)) return null
  const s = offsetOf(idx, range.startContainer, range.startOffset)
  const e = offsetOf(idx, range.endContainer, range.endOffset)
  return quoteAt(idx.text, s, e)
}

/**
 * Where a quote's passage is in the anchor text: its exact text with its
 * context, nearest its start; else its exact text nearest its start; null
 * when the text does not hold it.
 */
export function locateQuote(text: string, q: Pick<Quote, 'exact' | 'prefix' | 'suffix' | 'start'>): { start: number; end: number } | null {
  if (!q.exact) return null
  let best = -1
  let bestScore = -1
  for (let i = text.indexOf(q.exact); i >= 0; i = text.indexOf(q.exact, i + 1)) {
    const score = (text.slice(0, i).endsWith(q.prefix) ? 1 : 0) + (text.slice(i + q.exact.length).startsWith(q.suffix) ? 1 : 0)
    if (score > bestScore || (score === bestScore && Math.abs(i - q.start) < Math.abs(best - q.start))) {
      best = i
      bestScore = score
    }
  }
  return best < 0 ? null : { start: best, end: best + q.exact.length }
}

/** A DOM range over the anchor text's [start, end). */
export function rangeOf(idx: TextIndex, start: number, end: number): Range | null {
  if (start >= end || end > idx.points.length) return null
  const [sn, so] = idx.points[start]!
  const [en, eo] = idx.points[end - 1]!
  const r = sn.ownerDocument!.createRange()
  r.setStart(sn, so)
  r.setEnd(en, eo + 1)
  return r
}

// Search highlights: the server sends plain text and [start, end) ranges in
// UTF-16 code units; these split the text (scenes/search/Highlighted.tsx
// renders the parts as React elements, never as HTML), and move a
// selection through a list of results.

export interface Range {
  start: number
  end: number
}

export interface Part {
  text: string
  mark: boolean
}

/** Splits text into marked and unmarked parts; ranges are clamped, sorted and merged. */
export function highlightParts(text: string, ranges: readonly Range[]): Part[] {
  const rs = ranges
    .map((r) => ({ start: Math.max(0, Math.min(text.length, r.start)), end: Math.max(0, Math.min(text.length, r.end)) }))
    .filter((r) => r.end > r.start)
    .sort((a, b) => a.start - b.start)
  const merged: Range[] = []
  for (const r of rs) {
    const last = merged[merged.length - 1]
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end)
    else merged.push({ ...r })
  }
  const parts: Part[] = []
  let at = 0
  for (const r of merged) {
    if (r.start > at) parts.push({ text: text.slice(at, r.start), mark: false })
    parts.push({ text: text.slice(r.start, r.end), mark: true })
    at = r.end
  }
  if (at < text.length) parts.push({ text: text.slice(at), mark: false })
  return parts
}

/** The selection after a key in a list of `count` results (wrapping); null when the key is not an arrow. */
export function moveSelection(current: number, key: string, count: number): number | null {
  if (count === 0) return null
  switch (key) {
    case 'ArrowDown':
      return current < 0 ? 0 : (current + 1) % count
    case 'ArrowUp':
      return current <= 0 ? count - 1 : current - 1
    case 'Home':
      return 0
    case 'End':
      return count - 1
  }
  return null
}

/** "12 results", "100+ results". */
export function countLabel(total: number, approximate: boolean): string {
  if (approximate) return `${total}+ results`
  return total === 1 ? '1 result' : `${total} results`
}

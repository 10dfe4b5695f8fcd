import type { ReactNode } from 'react'
import { highlightParts, type Range } from '../../lib/highlight'

/** A highlight rendered with <mark> elements (text nodes only: nothing is parsed as HTML). */
export function Highlighted({ text, ranges }: { text: string; ranges: readonly Range[] }): ReactNode {
  return highlightParts(text, ranges).map((p, i) => (p.mark ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))
}

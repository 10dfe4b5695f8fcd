import { describe, expect, it } from 'vitest'
import { EditorSelection, EditorState } from '@codemirror/state'
import { markdown } from '@codemirror/lang-markdown'
import { ensureSyntaxTree } from '@codemirror/language'
import { linkAt, previewPieces, type PreviewPiece } from './livePreview'

function state(doc: string, cursor: number): EditorState {
  const s = EditorState.create({ doc, extensions: [markdown()], selection: EditorSelection.cursor(cursor) })
  ensureSyntaxTree(s, s.doc.length, 5000)
  return s
}

const hidden = (s: EditorState, pieces: PreviewPiece[]) => pieces.flatMap((p) => (p.kind === 'hide' ? [s.sliceDoc(p.from, p.to)] : []))

describe('previewPieces', () => {
  const doc = '# Title\n\nSome **bold** and *it* text.\n\nSee [the docs](https://example.com/d) now.\n\n![chart](files/chart.png)\n'

  it('hides heading, emphasis and link markup off the cursor line, and marks headings, links and images', () => {
    const s = state(doc, doc.length)
    const p = previewPieces(s, 0, s.doc.length)
    expect(hidden(s, p)).toEqual(['# ', '**', '**', '*', '*', '[', '](https://example.com/d)'])
    expect(p).toContainEqual({ kind: 'heading', from: 0, level: 1 })
    const link = p.find((x) => x.kind === 'link')
    expect(link && link.kind === 'link' && s.sliceDoc(link.from, link.to)).toBe('the docs')
    expect(link && link.kind === 'link' && link.url).toBe('https://example.com/d')
    const line = s.doc.line(7)
    expect(p).toContainEqual({ kind: 'image', at: line.to, url: 'files/chart.png', alt: 'chart' })
  })

  it('shows the markup of the line the cursor is on', () => {
    const at = doc.indexOf('bold')
    const s = state(doc, at)
    const h = hidden(s, previewPieces(s, 0, s.doc.length))
    expect(h).toEqual(['# ', '[', '](https://example.com/d)'])
    const s2 = state(doc, 3)
    expect(hidden(s2, previewPieces(s2, 0, s2.doc.length))[0]).toBe('**')
  })

  it('decorates only the range asked for', () => {
    const s = state(doc, doc.length)
    const from = s.doc.line(3).from
    const p = previewPieces(s, from, s.doc.line(3).to)
    expect(hidden(s, p)).toEqual(['**', '**', '*', '*'])
    expect(p.some((x) => x.kind === 'heading' || x.kind === 'link')).toBe(false)
  })

  it('hides a closing heading run with its space', () => {
    const s = state('## Setup ##\n\nx', 14)
    expect(hidden(s, previewPieces(s, 0, s.doc.length))).toEqual(['## ', ' ##'])
  })
})

describe('linkAt', () => {
  it('finds the target of the link under a position', () => {
    const doc = 'See [the docs](../ops/run.md) and <https://a.example>.'
    const s = state(doc, 0)
    expect(linkAt(s, doc.indexOf('docs'))).toBe('../ops/run.md')
    expect(linkAt(s, doc.indexOf('a.example'))).toBe('https://a.example')
    expect(linkAt(s, 1)).toBe(null)
  })
})

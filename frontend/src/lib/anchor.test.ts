import { describe, expect, it } from 'vitest'
import { renderMarkdown } from './markdown'
import { anchorText, indexText, locateQuote, quoteAt, quoteOfRange, rangeOf } from './anchor'

function body(md: string): HTMLElement {
  const div = document.createElement('div')
  div.innerHTML = renderMarkdown(md, { space: 'WIKI', path: '' })
  document.body.appendChild(div)
  return div
}

describe('anchor text', () => {
  it('is the rendered text with white space collapsed, as the server makes it', () => {
    const el = body('# Plan\n\nThe release is planned for the **second week** of March.\n\n- one\n- two\n')
    const idx = indexText(el)
    // comment.AnchorText gives the same for this page (internal/comment's tests).
    expect(idx.text).toBe('Plan The release is planned for the second week of March. one two')
    expect(anchorText('  a \n\n b  ')).toBe('a b')
  })

  it('turns a selection across formatting into a quote with UTF-16 offsets and context', () => {
    const el = body('Before 😀 the **second week** of March.')
    const idx = indexText(el)
    const strong = el.querySelector('strong')!
    const r = document.createRange()
    r.setStart(strong.previousSibling!, 'Before 😀 the '.length - 4) // inside "the "
    r.setEnd(strong.nextSibling!, ' of'.length)
    const q = quoteOfRange(idx, el, r)!
    expect(q.exact).toBe('the second week of')
    expect(q.start).toBe('Before 😀 '.length) // the emoji counts 2
    expect(q.end - q.start).toBe('the second week of'.length)
    expect(q.prefix).toBe('Before 😀 ')
    expect(q.suffix).toBe(' March.')
    expect(idx.text.slice(q.start, q.end)).toBe(q.exact)
  })

  it('keeps 64 characters of context and trims white space at the ends', () => {
    const text = 'x'.repeat(100) + ' quoted ' + 'y'.repeat(100)
    const q = quoteAt(text, 100, 108)!
    expect(q.exact).toBe('quoted')
    expect(q.start).toBe(101)
    expect(q.prefix).toBe('x'.repeat(63) + ' ')
    expect(q.suffix).toHaveLength(64)
    expect(quoteAt(text, 100, 101)).toBeNull()
  })

  it('finds a passage again, preferring its context, and makes a range of it', () => {
    const el = body('alpha beta gamma. alpha beta delta.')
    const idx = indexText(el)
    const at = locateQuote(idx.text, { exact: 'beta', prefix: 'alpha ', suffix: ' delta', start: 0 })!
    expect(at.start).toBe(24)
    expect(rangeOf(idx, at.start, at.end)!.toString()).toBe('beta')
    expect(locateQuote(idx.text, { exact: 'omega', prefix: '', suffix: '', start: 0 })).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { pasteLink } from './pasteLink'

describe('pasteLink', () => {
  it('makes the selection a link to a pasted URL', () => {
    const text = 'Read the guide today.'
    const e = pasteLink(text, 9, 14, ' https://example.com/guide?x=1\n')
    expect(e).toEqual({ from: 9, to: 14, insert: '[guide](https://example.com/guide?x=1)', anchor: 47, head: 47 })
  })

  it('escapes brackets in the selection', () => {
    expect(pasteLink('a [b] c', 0, 7, 'http://x.example')?.insert).toBe('[a \\[b\\] c](http://x.example)')
  })

  it('leaves other pastes alone', () => {
    expect(pasteLink('abc', 1, 1, 'https://example.com')).toBe(null) // no selection
    expect(pasteLink('abc', 0, 3, 'not a url')).toBe(null)
    expect(pasteLink('abc', 0, 3, 'https://a.example https://b.example')).toBe(null)
    expect(pasteLink('abc', 0, 3, 'ftp://a.example')).toBe(null)
    expect(pasteLink('a\nb', 0, 3, 'https://a.example')).toBe(null) // several lines
    expect(pasteLink('https://old.example', 0, 19, 'https://a.example')).toBe(null) // replacing a URL
  })
})

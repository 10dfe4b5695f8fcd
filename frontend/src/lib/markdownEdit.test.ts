import { describe, expect, it } from 'vitest'
import { makeLink, pageLink, toggleCode, togglePrefix, toggleWrap, wikiQuery, type Edit } from './markdownEdit'

const apply = (text: string, e: Edit) => {
  const out = text.slice(0, e.from) + e.insert + text.slice(e.to)
  return { out, sel: out.slice(e.anchor, e.head) }
}

describe('toggleWrap', () => {
  it('bolds a selection and keeps it selected', () => {
    expect(apply('a word b', toggleWrap('a word b', 2, 6, '**'))).toEqual({ out: 'a **word** b', sel: 'word' })
  })
  it('unbolds what it bolded, from inside or with the marks selected', () => {
    expect(apply('a **word** b', toggleWrap('a **word** b', 4, 8, '**'))).toEqual({ out: 'a word b', sel: 'word' })
    expect(apply('a **word** b', toggleWrap('a **word** b', 2, 10, '**'))).toEqual({ out: 'a word b', sel: 'word' })
  })
  it('puts the caret between the marks with nothing selected', () => {
    const e = toggleWrap('ab', 1, 1, '*')
    expect(apply('ab', e).out).toBe('a**b')
    expect(e.anchor).toBe(2)
  })
  it('italic inside bold adds a mark rather than eating the bold', () => {
    expect(apply('**x**', toggleWrap('**x**', 2, 3, '*')).out).toBe('***x***')
  })
})

describe('makeLink', () => {
  it('links a selection and selects the url to type over', () => {
    expect(apply('see docs', makeLink('see docs', 4, 8))).toEqual({ out: 'see [docs](url)', sel: 'url' })
  })
  it('makes a selected URL the target', () => {
    expect(apply('https://x.org', makeLink('https://x.org', 0, 13)).out).toBe('[](https://x.org)')
  })
  it('offers a label to type with nothing selected', () => {
    expect(apply('', makeLink('', 0, 0))).toEqual({ out: '[text](url)', sel: 'text' })
  })
})

describe('togglePrefix', () => {
  it('makes every touched line a list item, and back', () => {
    const t = 'a\nb\nc'
    const on = apply(t, togglePrefix(t, 0, 3, '- ')).out
    expect(on).toBe('- a\n- b\nc')
    expect(apply(on, togglePrefix(on, 0, 7, '- ')).out).toBe(t)
  })
  it('replaces another heading level', () => {
    expect(apply('### T', togglePrefix('### T', 5, 5, '## ')).out).toBe('## T')
    expect(apply('## T', togglePrefix('## T', 4, 4, '## ')).out).toBe('T')
  })
})

describe('toggleCode', () => {
  it('is inline on one line and fenced over several', () => {
    expect(apply('x', toggleCode('x', 0, 1)).out).toBe('`x`')
    expect(apply('a\nb', toggleCode('a\nb', 0, 3)).out).toBe('```\na\nb\n```')
  })
})

describe('wikiQuery', () => {
  it('finds the search after an open [[', () => {
    expect(wikiQuery('see [[dep')).toEqual({ query: 'dep', from: 4 })
    expect(wikiQuery('[[')).toEqual({ query: '', from: 0 })
  })
  it('is null once closed, across a line, or without [[', () => {
    expect(wikiQuery('[[a]] b')).toBeNull()
    expect(wikiQuery('[[a\nb')).toBeNull()
    expect(wikiQuery('[a')).toBeNull()
  })
})

describe('pageLink', () => {
  it('links the title to the address, escaping brackets', () => {
    expect(pageLink('Deploy [old]', '/wiki/ops/deploy')).toBe('[Deploy \\[old\\]](/wiki/ops/deploy)')
    expect(pageLink('A', '/wiki/a b')).toBe('[A](/wiki/a%20b)')
  })
})

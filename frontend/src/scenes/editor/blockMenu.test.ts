import { describe, expect, it } from 'vitest'
import { blocks, filterBlocks, insertBlock, slashQuery, type Block } from './blockMenu'
import type { Edit } from '../../lib/markdownEdit'

const block = (id: string) => blocks.find((b) => b.id === id) as Block
const apply = (text: string, e: Edit) => text.slice(0, e.from) + e.insert + text.slice(e.to)

describe('slashQuery', () => {
  it('opens at the start of a line or after whitespace, not inside a word', () => {
    expect(slashQuery('/')).toEqual({ query: '', from: 0 })
    expect(slashQuery('/head')).toEqual({ query: 'head', from: 0 })
    expect(slashQuery('Some text /ta')).toEqual({ query: 'ta', from: 10 })
    expect(slashQuery('and/or')).toBe(null)
    expect(slashQuery('https://x')).toBe(null)
    expect(slashQuery('a / b')).toBe(null)
  })
})

describe('filterBlocks', () => {
  it('lists every block for an empty query and filters by label and other words', () => {
    expect(filterBlocks('').length).toBe(blocks.length)
    expect(filterBlocks('head').map((b) => b.id)).toEqual(['h1', 'h2', 'h3'])
    expect(filterBlocks('heading 2').map((b) => b.id)).toEqual(['h2'])
    expect(filterBlocks('list').map((b) => b.id)).toEqual(['ul', 'ol', 'task'])
    expect(filterBlocks('todo').map((b) => b.id)).toEqual(['task'])
    expect(filterBlocks('divider').map((b) => b.id)).toEqual(['hr'])
    expect(filterBlocks('zzz')).toEqual([])
  })
})

describe('insertBlock', () => {
  it('turns the line into a heading when the / starts it', () => {
    const text = 'Intro\n/hea'
    const e = insertBlock(text, 6, text.length, block('h2'))
    expect(apply(text, e)).toBe('Intro\n## ')
    expect(e.anchor).toBe(9)
  })

  it('starts a new line when the / follows text, and keeps a rule apart from a paragraph', () => {
    const text = 'Some text /q'
    expect(apply(text, insertBlock(text, 10, 12, block('quote')))).toBe('Some text \n> ')
    const t2 = 'Para\n/'
    expect(apply(t2, insertBlock(t2, 5, 6, block('hr')))).toBe('Para\n\n---\n')
    const t3 = '\n/'
    expect(apply(t3, insertBlock(t3, 1, 2, block('hr')))).toBe('\n---\n')
  })

  it('puts the caret inside a code block and the first cell of a table', () => {
    const text = '/code'
    const e = insertBlock(text, 0, 5, block('code'))
    expect(apply(text, e)).toBe('```\n\n```\n')
    expect(e.anchor).toBe(4)
    const t = insertBlock('/', 0, 1, block('table'))
    expect(t.insert.startsWith('| Column | Column |\n| --- | --- |\n')).toBe(true)
    expect(t.anchor).toBe(2)
  })

  it('replaces the / with [[ or @ for the page and mention menus, and with nothing for an upload', () => {
    expect(apply('see /li', insertBlock('see /li', 4, 7, block('page')))).toBe('see [[')
    expect(apply('/men', insertBlock('/men', 0, 4, block('mention')))).toBe('@')
    expect(apply('x /up', insertBlock('x /up', 2, 5, block('upload')))).toBe('x ')
  })
})

import { describe, expect, it } from 'vitest'
import { around, attachmentMarkdown, cleanPath, errorCode, fieldErrors, fillTemplate, parseTags, slugify } from './pageForm'

describe('slugify', () => {
  it('makes a slug from a title', () => {
    expect(slugify('Laptop setup')).toBe('laptop-setup')
    expect(slugify('  Café & Crème: v2!  ')).toBe('cafe-creme-v2')
    expect(slugify('---')).toBe('')
  })
})

describe('parseTags', () => {
  it('splits, trims, lowercases and drops repeats', () => {
    expect(parseTags('Ops, #deploy ,, ops,  ')).toEqual(['ops', 'deploy'])
    expect(parseTags('')).toEqual([])
  })
})

describe('cleanPath', () => {
  it('drops stray slashes', () => {
    expect(cleanPath('/eng//onboarding/ ')).toBe('eng/onboarding')
  })
})

describe('errors', () => {
  const e = { errors: [{ message: 'Taken.', extensions: { code: 'CONFLICT', field: 'slug' } }, { message: 'Odd.', extensions: { code: 'BAD_USER_INPUT' } }] }
  it('reads the code and the fields', () => {
    expect(errorCode(e)).toBe('CONFLICT')
    expect(fieldErrors(e)).toEqual({ slug: 'Taken.', '': 'Odd.' })
    expect(errorCode(null)).toBe('')
  })
})

describe('attachmentMarkdown', () => {
  it('writes an image or a link', () => {
    expect(attachmentMarkdown('dot.png', 'gallery.files/dot.png', 'image/png')).toBe('![dot.png](gallery.files/dot.png)')
    expect(attachmentMarkdown('a [b].pdf', 'g.files/a b.pdf', 'application/pdf')).toBe('[a \\[b\\].pdf](<g.files/a b.pdf>)')
  })
})

describe('around', () => {
  it('puts an image on its own line and a link between spaces', () => {
    expect(around('![a](p)', true, '', 'L')).toBe('![a](p)\n')
    expect(around('![a](p)', true, '.', '')).toBe('\n![a](p)')
    expect(around('![a](p)', true, '\n', '\n')).toBe('![a](p)')
    expect(around('[a](p)', false, 'x', ' ')).toBe(' [a](p)')
  })
})

describe('fillTemplate', () => {
  it('fills the date (UTC), the title and the author, and leaves other braces', () => {
    const now = new Date('2026-12-06T23:30:00-03:00')
    expect(fillTemplate('# {{title}}\n{{ date }} by {{author}} {{other}}', 'Retro', 'Ana', now)).toBe('# Retro\n2026-12-07 by Ana {{other}}')
  })
})

import { describe, expect, it } from 'vitest'
import { draftKey, draftPrefix, draftToOffer, draftTTL, expired, unsaved, type Draft } from './draft'

const d = (over: Partial<Draft>): Draft => ({
  key: draftKey('p', 'd', 1),
  person: 'p',
  page: 'd',
  baseVersion: 1,
  title: 'T',
  content: 'mine',
  savedAt: 1000,
  ...over,
})

describe('draft keys', () => {
  it('keys by person, page and base version, and the prefix covers every version of one page', () => {
    expect(draftKey('p', 'd', 3)).not.toBe(draftKey('p', 'd', 4))
    expect(draftKey('p', 'd', 3)).not.toBe(draftKey('q', 'd', 3))
    expect(draftKey('p', 'd', 3).startsWith(draftPrefix('p', 'd'))).toBe(true)
    // A page id that is a prefix of another does not match its drafts.
    expect(draftKey('p', 'd2', 3).startsWith(draftPrefix('p', 'd'))).toBe(false)
  })
})

describe('expiry', () => {
  it('keeps a draft 7 days', () => {
    expect(expired(0, draftTTL)).toBe(false)
    expect(expired(0, draftTTL + 1)).toBe(true)
  })
})

describe('unsaved', () => {
  const base = { title: 'T', content: 'a' }
  it('sees a changed body or title', () => {
    expect(unsaved(base, { title: 'T', content: 'a' })).toBe(false)
    expect(unsaved(base, { title: 'T', content: 'b' })).toBe(true)
    expect(unsaved(base, { title: 'U', content: 'a' })).toBe(true)
  })
  it('ignores surrounding spaces and an emptied title alone', () => {
    expect(unsaved(base, { title: ' T ', content: 'a' })).toBe(false)
    expect(unsaved(base, { title: '', content: 'a' })).toBe(false)
  })
})

describe('draftToOffer', () => {
  const page = { title: 'T', content: 'theirs' }
  it('offers the newest draft that differs from the page', () => {
    const a = d({ savedAt: 1000, content: 'one' })
    const b = d({ key: draftKey('p', 'd', 2), baseVersion: 2, savedAt: 2000, content: 'two' })
    expect(draftToOffer([a, b], page, 3000)).toBe(b)
  })
  it('offers nothing when the draft is what the page holds, or expired', () => {
    expect(draftToOffer([d({ content: 'theirs' })], page, 2000)).toBeNull()
    expect(draftToOffer([d({ savedAt: 0 })], page, draftTTL + 1)).toBeNull()
    expect(draftToOffer([], page, 0)).toBeNull()
  })
})

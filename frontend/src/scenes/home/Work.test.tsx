import { describe, expect, it } from 'vitest'
import { continueRows, openDecisions } from './Work'
import type { Draft } from '../../lib/draft'

const draft = (page: string, savedAt: number, baseVersion = 1): Draft => ({
  key: `me\u0000${page}\u0000${baseVersion}`,
  person: 'me',
  page,
  baseVersion,
  title: `Draft of ${page}`,
  content: 'x',
  savedAt,
})
const doc = (id: string) => ({ id, title: `Page ${id}`, space: 'WIKI', path: '', slug: id })

describe('continueRows', () => {
  it('lists each page once, by its newest draft, newest first, leaving out pages you cannot read', () => {
    const rows = continueRows([draft('a', 100), draft('b', 300), draft('a', 200, 2), draft('gone', 400)], { a: doc('a'), b: doc('b') })
    expect(rows.map((r) => [r.doc.id, r.draft.savedAt])).toEqual([
      ['b', 300],
      ['a', 200],
    ])
  })
})

describe('openDecisions', () => {
  const n = (status: string, requiresDecision = true) => ({ type: 'link.target_moved', subjectType: 'link', payload: {}, requiresDecision, status })
  it('keeps the open decisions only, the first few', () => {
    expect(openDecisions([n('UNREAD'), n('RESOLVED'), n('READ'), n('UNREAD', false), n('DISMISSED')]).map((x) => x.status)).toEqual(['UNREAD', 'READ'])
    expect(openDecisions(Array.from({ length: 9 }, () => n('UNREAD')))).toHaveLength(5)
  })
})

import { describe, expect, it } from 'vitest'
import { countLabel, highlightParts, moveSelection } from './highlight'
import { multipartBody, withNullAt } from './multipartUpload'
import { addressOf, searchFilter } from './searchQuery'
import { bytes, percent, words } from './format'
import { createInput, emptyDraft, parseSampleEvent, parseTags, proposalText, updateInput } from './automationForm'

describe('highlightParts', () => {
  it('splits at the ranges', () => {
    expect(highlightParts('deploy the app', [{ start: 0, end: 6 }])).toEqual([
      { text: 'deploy', mark: true },
      { text: ' the app', mark: false },
    ])
  })
  it('sorts, merges and clamps ranges', () => {
    expect(highlightParts('abcdef', [{ start: 4, end: 99 }, { start: 1, end: 3 }, { start: 2, end: 4 }])).toEqual([
      { text: 'a', mark: false },
      { text: 'bcdef', mark: true },
    ])
    expect(highlightParts('abc', [{ start: 2, end: 1 }])).toEqual([{ text: 'abc', mark: false }])
  })
  it('uses UTF-16 offsets', () => {
    expect(highlightParts('😀 ok', [{ start: 3, end: 5 }])).toEqual([
      { text: '😀 ', mark: false },
      { text: 'ok', mark: true },
    ])
  })
})

describe('moveSelection', () => {
  it('wraps with the arrows', () => {
    expect(moveSelection(-1, 'ArrowDown', 3)).toBe(0)
    expect(moveSelection(2, 'ArrowDown', 3)).toBe(0)
    expect(moveSelection(0, 'ArrowUp', 3)).toBe(2)
    expect(moveSelection(1, 'ArrowUp', 3)).toBe(0)
    expect(moveSelection(1, 'a', 3)).toBeNull()
    expect(moveSelection(0, 'ArrowDown', 0)).toBeNull()
  })
  it('counts', () => {
    expect(countLabel(1, false)).toBe('1 result')
    expect(countLabel(100, true)).toBe('100+ results')
  })
})

describe('search filter and address', () => {
  it('builds the filter', () => {
    expect(searchFilter('', '')).toBeUndefined()
    expect(searchFilter('wiki', 'ops')).toEqual({ spaces: ['WIKI'], tags: ['ops'] })
  })
  it('writes addresses', () => {
    expect(addressOf({ space: 'WIKI', path: 'ops', slug: 'deploy' })).toBe('wiki:ops/deploy')
    expect(addressOf({ space: 'RAW', path: '', slug: 'x' })).toBe('raw:x')
  })
})

describe('multipart', () => {
  it('follows the multipart request spec', async () => {
    const vars = withNullAt({ input: { file: { name: 'x' }, path: 'a' } }, 'input.file')
    expect(vars).toEqual({ input: { file: null, path: 'a' } })
    const form = multipartBody('mutation M { x }', vars, 'variables.input.file', new Blob(['hi']), 'a.txt')
    const keys = [...form.keys()]
    expect(keys).toEqual(['operations', 'map', '0'])
    expect(JSON.parse(form.get('operations') as string)).toEqual({ query: 'mutation M { x }', variables: { input: { file: null, path: 'a' } } })
    expect(JSON.parse(form.get('map') as string)).toEqual({ '0': ['variables.input.file'] })
    expect((form.get('0') as File).name).toBe('a.txt')
  })
})

describe('format', () => {
  it('formats', () => {
    expect(bytes(512)).toBe('512 B')
    expect(bytes(1536)).toBe('1.5 KB')
    expect(percent(1, 3)).toBe(33)
    expect(percent(1, 0)).toBe(0)
    expect(words('STALE_TEXT')).toBe('Stale text')
  })
})

describe('automation form', () => {
  it('sends only the fields of its kind', () => {
    const d = { ...emptyDraft(), name: ' Tagger ', scopeSpace: 'WIKI' as const, scopeTags: 'a, b c' }
    const ev = createInput(d)
    expect(ev).toMatchObject({ name: 'Tagger', kind: 'EVENT', scope: { space: 'WIKI', tags: ['a', 'b', 'c'] } })
    expect(ev).not.toHaveProperty('schedule')
    const sch = createInput({ ...d, kind: 'SCHEDULE', timezone: '' })
    expect(sch).toMatchObject({ schedule: '0 9 * * 1', timezone: 'UTC' })
    expect(sch).not.toHaveProperty('triggerEvents')
    expect(updateInput({ ...d, id: '1' })).not.toHaveProperty('kind')
  })
  it('parses tags and sample events', () => {
    expect(parseTags(' a,,b ')).toEqual(['a', 'b'])
    expect(parseSampleEvent('  ')).toBeNull()
    expect(parseSampleEvent('{"type":"document.updated"}')).toEqual({ type: 'document.updated' })
    expect(() => parseSampleEvent('[1]')).toThrow(/object/)
    expect(() => parseSampleEvent('{')).toThrow(/JSON/)
  })
  it('says what a proposal does', () => {
    expect(proposalText({ kind: 'TAG', documentId: 'd1', tag: 'ops' })).toBe('Tag d1 with ops')
    expect(proposalText({ kind: 'WRITE', write: { space: 'OUTPUT', path: 'r', slug: 's', title: 'T' } })).toBe('Write output:r/s “T”')
  })
})

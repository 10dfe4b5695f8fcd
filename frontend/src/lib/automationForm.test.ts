import { describe, expect, it } from 'vitest'
import { createInput, emptyDraft, parseSampleEvent, parseTags, proposalText, updateInput } from './automationForm'

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

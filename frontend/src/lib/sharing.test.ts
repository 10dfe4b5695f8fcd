import { describe, expect, it } from 'vitest'
import { daysLeft, outcomeWords, parseRecipients, reasonWords, since } from './sharing'

describe('parseRecipients', () => {
  it('reads emails, groups and agents, and flags the rest', () => {
    expect(parseRecipients('Bob@Example.com, group:ops; agent:helper  bob@example.com')).toEqual({
      recipients: ['bob@example.com', 'group:ops', 'agent:helper'],
      invalid: [],
    })
    expect(parseRecipients('bob').invalid).toEqual(['bob'])
    expect(parseRecipients('  ').recipients).toEqual([])
  })
})

describe('daysLeft', () => {
  const now = new Date('2026-12-01T12:00:00Z')
  it('counts whole days, rounded up', () => {
    expect(daysLeft('2026-12-31T12:00:00Z', now)).toBe(30)
    expect(daysLeft('2026-12-01T13:00:00Z', now)).toBe(1)
    expect(daysLeft(null, now)).toBeNull()
    expect(daysLeft('nope', now)).toBeNull()
  })
})

describe('since', () => {
  it('is an RFC 3339 time without milliseconds', () => {
    expect(since(new Date('2026-12-31T00:00:00.123Z'), 30)).toBe('2026-12-01T00:00:00Z')
  })
})

describe('words', () => {
  it('explains reasons and outcomes', () => {
    expect(reasonWords('FOLDER')).toBe('a folder share covers it')
    expect(reasonWords('SPACE_DEFAULT')).toBe('everyone reads new pages in its space by default')
    expect(reasonWords('NEW_ONE')).toBe('new one')
    expect(outcomeWords('CREATED')).toBe('shared')
    expect(outcomeWords('UNCHANGED')).toBe('already had access')
  })
})

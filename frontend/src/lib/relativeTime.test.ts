import { describe, expect, it } from 'vitest'
import { fullDate, isoOf, relative } from './relativeTime'

const now = new Date('2026-12-06T12:00:00Z')
const ago = (s: number) => new Date(now.getTime() - s * 1000).toISOString()
const ahead = (s: number) => new Date(now.getTime() + s * 1000).toISOString()

describe('relative', () => {
  it('says each range in words of the locale', () => {
    expect(relative(ago(10), now, 'en')).toBe('now')
    expect(relative(ago(60), now, 'en')).toBe('1 minute ago')
    expect(relative(ago(59 * 60), now, 'en')).toBe('59 minutes ago')
    expect(relative(ago(3 * 3600 + 120), now, 'en')).toBe('3 hours ago')
    expect(relative(ago(26 * 3600), now, 'en')).toBe('yesterday')
    expect(relative(ago(3 * 86400), now, 'en')).toBe('3 days ago')
    expect(relative(ago(8 * 86400), now, 'en')).toBe('last week')
    expect(relative(ago(20 * 86400), now, 'en')).toBe('2 weeks ago')
    expect(relative(ago(65 * 86400), now, 'en')).toBe('2 months ago')
    expect(relative(ago(800 * 86400), now, 'en')).toBe('2 years ago')
  })

  it('says the future too', () => {
    expect(relative(ahead(2 * 3600 + 5), now, 'en')).toBe('in 2 hours')
    expect(relative(ahead(86400), now, 'en')).toBe('tomorrow')
    expect(relative(ahead(5 * 86400), now, 'en')).toBe('in 5 days')
  })

  it('follows the locale', () => {
    expect(relative(ago(3 * 3600), now, 'de')).toBe('vor 3 Stunden')
    expect(relative(ago(2 * 86400), now, 'fr')).toBe('avant-hier')
  })

  it('takes nothing and nonsense calmly', () => {
    expect(relative(null, now)).toBe('')
    expect(relative(undefined, now)).toBe('')
    expect(relative('not a date', now)).toBe('not a date')
  })
})

describe('fullDate', () => {
  it('is the whole date and time in the locale', () => {
    const s = fullDate('2026-12-06T12:00:00Z', 'en-US')
    expect(s).toContain('December 6, 2026')
    expect(s).toContain('Sunday')
    expect(fullDate(null)).toBe('')
  })
  it('gives the ISO form for dateTime', () => {
    expect(isoOf('2026-12-06T12:00:00Z')).toBe('2026-12-06T12:00:00.000Z')
    expect(isoOf('nope')).toBe('')
  })
})

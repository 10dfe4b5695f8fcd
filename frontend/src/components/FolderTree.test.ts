import { describe, expect, it } from 'vitest'
import { holdsPage } from './FolderTree'

describe('holdsPage', () => {
  it('opens the folders above the page open, in its space only', () => {
    expect(holdsPage('WIKI', 'eng', '/wiki/eng/setup')).toBe(true)
    expect(holdsPage('WIKI', 'eng', '/wiki/eng/onboarding/laptop')).toBe(true)
    expect(holdsPage('WIKI', 'eng/onboarding', '/wiki/eng/setup')).toBe(false)
    expect(holdsPage('WIKI', 'en', '/wiki/eng/setup')).toBe(false)
    expect(holdsPage('RAW', 'eng', '/wiki/eng/setup')).toBe(false)
    expect(holdsPage('WIKI', 'eng', '/inbox')).toBe(false)
  })
})

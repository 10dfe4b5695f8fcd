import { describe, expect, it } from 'vitest'
import { screenTitle, tabTitle } from './title'

describe('tab titles', () => {
  it('names the screen, then the app', () => {
    expect(tabTitle('Onboarding')).toBe('Onboarding · CoDNA')
    expect(tabTitle('  ')).toBe('CoDNA')
    expect(tabTitle(null)).toBe('CoDNA')
  })
  it('knows the screens that are not pages', () => {
    expect(screenTitle('/')).toBe('Home')
    expect(screenTitle('/inbox')).toBe('Inbox')
    expect(screenTitle('/settings/mail')).toBe('Settings')
    expect(screenTitle('/tags/a%20b')).toBe('#a b')
    expect(screenTitle('/wiki/eng/setup')).toBeUndefined()
  })
})

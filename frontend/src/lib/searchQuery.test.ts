import { describe, expect, it } from 'vitest'
import { addressOf, searchFilter } from './searchQuery'

describe('search filter and address', () => {
  it('builds the filter', () => {
    expect(searchFilter('', '')).toBeUndefined()
    expect(searchFilter('wiki', 'ops')).toEqual({ spaces: ['WIKI'], tags: ['ops'] })
    expect(searchFilter('wiki', '', 'eng/setup')).toEqual({ spaces: ['WIKI'], pathPrefix: 'eng/setup' })
  })
  it('writes addresses', () => {
    expect(addressOf({ space: 'WIKI', path: 'ops', slug: 'deploy' })).toBe('wiki:ops/deploy')
    expect(addressOf({ space: 'RAW', path: '', slug: 'x' })).toBe('raw:x')
  })
})

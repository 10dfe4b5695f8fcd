import { describe, expect, it } from 'vitest'
import { resolveHref, pageURL, parsePageURL } from './address'

describe('addresses', () => {
  it('round-trips a page URL', () => {
    expect(pageURL({ space: 'WIKI', path: 'ops/run', slug: 'deploy' })).toBe('/wiki/ops/run/deploy')
    expect(parsePageURL('/wiki/ops/run/deploy')).toEqual({ space: 'wiki', path: 'ops/run', slug: 'deploy' })
    expect(parsePageURL('/inbox')).toBeNull()
  })
  it('resolves hrefs like the server', () => {
    expect(resolveHref('WIKI', 'eng/setup', '../../ops/deploy.md')).toBe('/wiki/ops/deploy')
    expect(resolveHref('WIKI', '', '/raw/notes/a')).toBe('/raw/notes/a')
    expect(resolveHref('WIKI', '', 'https://example.com')).toBeNull()
  })
})

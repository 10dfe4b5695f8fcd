import { describe, expect, it } from 'vitest'
import { resolveHref, pageURL, parsePageURL, newPageURL } from './address'

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

describe('newPageURL', () => {
  it('prefills the new-page form with the address and title a link names', () => {
    expect(newPageURL('/wiki/ops/release-plan', 'Release plan')).toBe('/new?space=wiki&path=ops&slug=release-plan&title=Release+plan')
    expect(newPageURL('/raw/top#part', '  ')).toBe('/new?space=raw&path=&slug=top&title=top')
    expect(newPageURL('/wiki/a/b/some-page', '')).toBe('/new?space=wiki&path=a%2Fb&slug=some-page&title=some+page')
    expect(newPageURL('/inbox', 'x')).toBeNull()
  })
})

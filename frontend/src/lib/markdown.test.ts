import { describe, expect, it } from 'vitest'
import { renderMarkdown } from './markdown'

describe('renderMarkdown', () => {
  it('never lets a body run script', () => {
    const html = renderMarkdown('<script>alert(1)</script><img src=x onerror="alert(2)">\n\n[x](javascript:alert(3))', { space: 'WIKI', path: '' })
    expect(html).not.toContain('<script')
    expect(html).not.toContain('onerror')
    expect(html).not.toContain('href="javascript')
  })
  it('turns page links into app URLs marked with their state', () => {
    const html = renderMarkdown('[deploy](../ops/deploy.md#run)', {
      space: 'WIKI', path: 'eng', linkStates: new Map([['../ops/deploy.md#run', 'STALE_TEXT']]),
    })
    expect(html).toContain('href="/wiki/ops/deploy#run"')
    expect(html).toContain('data-state="stale_text"')
  })
  it('shows files from their download URL', () => {
    const html = renderMarkdown('![d](deploy.files/d.png)', {
      space: 'WIKI', path: 'ops', fileURLs: new Map([['deploy.files/d.png', '/files/1/d.png']]),
    })
    expect(html).toContain('src="/files/1/d.png"')
  })
})

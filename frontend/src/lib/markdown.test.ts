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
  it('sends a link to a page not there yet to the new-page form for its address', () => {
    const html = renderMarkdown('[Release plan](../ops/release-plan.md)', {
      space: 'WIKI', path: 'eng', linkStates: new Map([['../ops/release-plan.md', 'PENDING']]),
    })
    expect(html).toContain('href="/new?space=wiki&amp;path=ops&amp;slug=release-plan&amp;title=Release+plan"')
    expect(html).toContain('data-create="/wiki/ops/release-plan"')
    expect(html).toContain('data-state="pending"')
    // A resolved link stays a link to its page.
    const ok = renderMarkdown('[p](../ops/release-plan.md)', { space: 'WIKI', path: 'eng', linkStates: new Map([['../ops/release-plan.md', 'RESOLVED']]) })
    expect(ok).toContain('href="/wiki/ops/release-plan"')
    expect(ok).not.toContain('data-create')
  })
  it('shows files from their download URL', () => {
    const html = renderMarkdown('![d](deploy.files/d.png)', {
      space: 'WIKI', path: 'ops', fileURLs: new Map([['deploy.files/d.png', '/files/1/d.png']]),
    })
    expect(html).toContain('src="/files/1/d.png"')
  })
})

describe('mention chips', () => {
  const id = '0190a000-0000-7000-8000-000000000001'
  it('show the current name, never the link text, and survive DOMPurify', () => {
    const html = renderMarkdown(`Ask [@CEO](mention:user/${id}) and [@x](mention:group/platform).`, {
      space: 'WIKI', path: '', mentionNames: new Map([[`mention:user/${id}`, 'Bob']]),
    })
    expect(html).toContain(`<span class="mention mention-user" data-mention="mention:user/${id}">@Bob</span>`)
    expect(html).toContain('data-mention="mention:group/platform">@…</span>')
    expect(html).not.toContain('CEO')
  })
  it('leave other links alone', () => {
    expect(renderMarkdown('[a](https://example.com)', { space: 'WIKI', path: '' })).toContain('href="https://example.com"')
  })
})

describe('the XSS corpus: mention bodies and names', () => {
  const id = '0190a000-0000-7000-8000-000000000001'
  const hostileNames = ['<img src=x onerror="alert(1)">', '"><script>alert(2)</script>', "' onmouseover='alert(3)", 'javascript:alert(4)']
  const hostileBodies = [
    `[@<script>alert(5)</script>](mention:user/${id})`,
    `[@x](mention:user/${id}"onmouseover="alert(6))`,
    '[@x](mention:group/a"><img src=x onerror=alert(7)>)',
    '[@x](mention:agent/<svg/onload=alert(8)>)',
    `[<img src=x onerror=alert(9)>](mention:user/${id})`,
    '[@x](mention:javascript:alert(10))',
    `<a href="mention:user/${id}" onclick="alert(11)">@x</a>`,
    `[@x][r]\n\n[r]: mention:user/${id} "<script>alert(12)</script>"`,
  ]
  for (const name of hostileNames) {
    for (const body of hostileBodies) {
      it(`never runs script: ${JSON.stringify(name)} in ${JSON.stringify(body)}`, () => {
        const html = renderMarkdown(body, { space: 'WIKI', path: '', mentionNames: new Map([[`mention:user/${id}`, name], ['mention:group/a', name]]) })
        const div = document.createElement('div')
        div.innerHTML = html
        expect(div.querySelectorAll('script, img[onerror], svg, [onmouseover], [onclick], [onload]').length).toBe(0)
        div.querySelectorAll('[href]').forEach((a) => expect(a.getAttribute('href') ?? '').not.toMatch(/^\s*javascript:/i))
        div.querySelectorAll('.mention').forEach((chip) => expect(chip.children.length).toBe(0))
      })
    }
  }
})

describe('images', () => {
  it('shows an image from elsewhere as a link to it: the CSP would refuse it', () => {
    const html = renderMarkdown('![a chart](https://example.com/chart.png)\n\n![here](data:image/png;base64,AAAA)', { space: 'WIKI', path: '' })
    const div = document.createElement('div')
    div.innerHTML = html
    expect(div.querySelectorAll('img').length).toBe(1)
    const link = div.querySelector('a.external-image')
    expect(link?.getAttribute('href')).toBe('https://example.com/chart.png')
    expect(link?.textContent).toBe('Image: a chart')
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer')
  })
})

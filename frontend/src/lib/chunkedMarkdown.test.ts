import { describe, expect, it } from 'vitest'
import { splitMarkdown } from './chunkedMarkdown'

const para = (i: number) => `Paragraph ${i} ` + 'word '.repeat(40).trim() + '.'

describe('splitMarkdown', () => {
  it('keeps a short body whole', () => {
    expect(splitMarkdown('# Title\n\nText.\n', 100)).toEqual(['# Title\n\nText.\n'])
  })

  it('cuts a long body at blank lines between blocks, losing nothing', () => {
    const md = Array.from({ length: 50 }, (_, i) => `## H${i}\n\n${para(i)}`).join('\n\n') + '\n'
    const pieces = splitMarkdown(md, 1000)
    expect(pieces.length).toBeGreaterThan(5)
    expect(pieces.join('')).toBe(md)
    for (const p of pieces.slice(1)) expect(p).toMatch(/^(## |Paragraph )/)
  })

  it('never cuts inside fenced code or before an indented or list line', () => {
    const code = '```go\n' + Array.from({ length: 60 }, (_, i) => `x${i} := ${i}\n\n`).join('') + '```'
    const list = Array.from({ length: 60 }, (_, i) => `- item ${i}\n\n  more of item ${i}`).join('\n\n')
    const md = [para(1), code, para(2), list, para(3)].join('\n\n')
    const pieces = splitMarkdown(md, 200)
    expect(pieces.join('')).toBe(md)
    for (const p of pieces) {
      expect((p.match(/```/g) ?? []).length % 2).toBe(0)
      expect(p).not.toMatch(/^(\s|- )/)
    }
  })

  it('repeats link reference definitions in every piece', () => {
    const md = Array.from({ length: 30 }, (_, i) => `${para(i)} See [ref][r].`).join('\n\n') + '\n\n[r]: https://example.com/r\n'
    const pieces = splitMarkdown(md, 500)
    expect(pieces.length).toBeGreaterThan(2)
    for (const p of pieces) expect(p).toContain('[r]: https://example.com/r')
  })
})

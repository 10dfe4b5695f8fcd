import { describe, expect, it } from 'vitest'
import { lineDiff, unifiedLines, withContext } from './lineDiff'

const ops = (a: string, b: string) => lineDiff(a, b).map((l) => (l.op === 'same' ? ' ' : l.op === 'add' ? '+' : '-') + l.text)

describe('lineDiff', () => {
  it('keeps equal texts', () => {
    expect(ops('a\nb\n', 'a\nb\n')).toEqual([' a', ' b'])
  })
  it('finds a changed line between kept ones', () => {
    expect(ops('a\nb\nc\n', 'a\nB\nc\n')).toEqual([' a', '-b', '+B', ' c'])
  })
  it('adds and removes at the edges', () => {
    expect(ops('', 'x\ny')).toEqual(['+x', '+y'])
    expect(ops('x\ny\n', '')).toEqual(['-x', '-y'])
    expect(ops('a\nb', 'z\na\nb\nc')).toEqual(['+z', ' a', ' b', '+c'])
  })
  it('keeps the longest common run', () => {
    const d = lineDiff('a\nb\nc\nd\ne', 'b\nc\nx\nd\ne\nf')
    expect(d.filter((l) => l.op === 'same').map((l) => l.text)).toEqual(['b', 'c', 'd', 'e'])
    // Applying the diff gives back both sides.
    expect(d.filter((l) => l.op !== 'add').map((l) => l.text)).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(d.filter((l) => l.op !== 'del').map((l) => l.text)).toEqual(['b', 'c', 'x', 'd', 'e', 'f'])
  })
})

describe('withContext', () => {
  it('folds long unchanged runs', () => {
    const a = Array.from({ length: 20 }, (_, i) => `l${i}`).join('\n')
    const b = a.replace('l10', 'L10')
    const shown = withContext(lineDiff(a, b), 2)
    expect(shown[0]).toEqual({ op: 'skip', count: 8 })
    expect(shown.filter((l) => l.op !== 'skip').map((l) => ('text' in l ? l.text : ''))).toEqual(['l8', 'l9', 'l10', 'L10', 'l11', 'l12'])
    expect(shown[shown.length - 1]).toEqual({ op: 'skip', count: 7 })
  })
})

describe('unifiedLines', () => {
  it('classifies the lines of a unified diff', () => {
    const d = '--- v1\n+++ v2\n@@ -1 +1 @@\n-old\n+new\n same\n'
    expect(unifiedLines(d).map((l) => l.kind)).toEqual(['file', 'file', 'hunk', 'del', 'add', 'same'])
  })
})

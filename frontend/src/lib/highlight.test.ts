import { describe, expect, it } from 'vitest'
import { countLabel, highlightParts, moveSelection } from './highlight'

describe('highlightParts', () => {
  it('splits at the ranges', () => {
    expect(highlightParts('deploy the app', [{ start: 0, end: 6 }])).toEqual([
      { text: 'deploy', mark: true },
      { text: ' the app', mark: false },
    ])
  })
  it('sorts, merges and clamps ranges', () => {
    expect(highlightParts('abcdef', [{ start: 4, end: 99 }, { start: 1, end: 3 }, { start: 2, end: 4 }])).toEqual([
      { text: 'a', mark: false },
      { text: 'bcdef', mark: true },
    ])
    expect(highlightParts('abc', [{ start: 2, end: 1 }])).toEqual([{ text: 'abc', mark: false }])
  })
  it('uses UTF-16 offsets', () => {
    expect(highlightParts('😀 ok', [{ start: 3, end: 5 }])).toEqual([
      { text: '😀 ', mark: false },
      { text: 'ok', mark: true },
    ])
  })
})

describe('moveSelection', () => {
  it('wraps with the arrows', () => {
    expect(moveSelection(-1, 'ArrowDown', 3)).toBe(0)
    expect(moveSelection(2, 'ArrowDown', 3)).toBe(0)
    expect(moveSelection(0, 'ArrowUp', 3)).toBe(2)
    expect(moveSelection(1, 'ArrowUp', 3)).toBe(0)
    expect(moveSelection(1, 'a', 3)).toBeNull()
    expect(moveSelection(0, 'ArrowDown', 0)).toBeNull()
  })
  it('counts', () => {
    expect(countLabel(1, false)).toBe('1 result')
    expect(countLabel(100, true)).toBe('100+ results')
  })
})

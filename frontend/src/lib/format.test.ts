import { describe, expect, it } from 'vitest'
import { bytes, percent, words } from './format'

describe('format', () => {
  it('formats', () => {
    expect(bytes(512)).toBe('512 B')
    expect(bytes(1536)).toBe('1.5 KB')
    expect(percent(1, 3)).toBe(33)
    expect(percent(1, 0)).toBe(0)
    expect(words('STALE_TEXT')).toBe('Stale text')
  })
})

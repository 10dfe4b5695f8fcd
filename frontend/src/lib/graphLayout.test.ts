import { describe, expect, it } from 'vitest'
import { curve, layout, shorten, shortenSegment } from './graphLayout'

describe('layout', () => {
  it('puts the root in the middle and each depth on its ring', () => {
    const out = layout(
      [
        { id: 'r', depth: 0, title: 'Root' },
        { id: 'a', depth: 1, title: 'A' },
        { id: 'b', depth: 1, title: 'B' },
        { id: 'c', depth: 2, title: 'C' },
      ],
      600,
      400,
    )
    const at = Object.fromEntries(out.map((p) => [p.id, p]))
    expect(at.r).toMatchObject({ x: 300, y: 200 })
    const dist = (id: string) => Math.hypot((at[id]?.x ?? 0) - 300, (at[id]?.y ?? 0) - 200)
    expect(dist('a')).toBeCloseTo(dist('b'), 0)
    expect(dist('c')).toBeGreaterThan(dist('a'))
    for (const p of out) {
      expect(p.x).toBeGreaterThanOrEqual(0)
      expect(p.x).toBeLessThanOrEqual(600)
      expect(p.y).toBeGreaterThanOrEqual(0)
      expect(p.y).toBeLessThanOrEqual(400)
    }
  })
})

describe('shorten', () => {
  it('cuts long labels', () => {
    expect(shorten('short')).toBe('short')
    expect(shorten('a'.repeat(30), 10)).toBe('a'.repeat(9) + '…')
  })
})

describe('shortenSegment', () => {
  it('stops short of the target', () => {
    expect(shortenSegment(0, 0, 10, 0, 3)).toEqual({ x: 7, y: 0 })
    expect(shortenSegment(0, 0, 1, 0, 3)).toEqual({ x: 1, y: 0 })
  })
})

describe('curve', () => {
  it('bends a link and its reverse to opposite sides', () => {
    expect(curve(0, 0, 100, 0, 0.1, 0)).toBe('M0,0 Q50,-10 100,0')
    expect(curve(100, 0, 0, 0, 0.1, 0)).toBe('M100,0 Q50,10 0,0')
  })
})

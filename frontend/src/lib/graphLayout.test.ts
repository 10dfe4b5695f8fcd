import { describe, expect, it } from 'vitest'
import { capGraph, curve, GRAPH_STEP, labelled, layout, shorten, shortenSegment } from './graphLayout'

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

describe('capGraph', () => {
  const star = (n: number) => {
    const nodes = [{ id: 'root', depth: 0, title: 'Root' }, ...Array.from({ length: n }, (_, i) => ({ id: `p${i}`, depth: 1, title: `Page ${String(i).padStart(3, '0')}` }))]
    const edges = nodes.slice(1).map((p) => ({ sourceId: 'root', targetId: p.id }))
    return { nodes, edges }
  }

  it('draws a small graph whole', () => {
    const { nodes, edges } = star(10)
    expect(capGraph(nodes, edges, GRAPH_STEP)).toEqual({ shown: nodes, hidden: 0 })
  })

  it('caps a 300-link graph: the root, then the pages with most links among them, and counts the rest', () => {
    const { nodes, edges } = star(300)
    // p299 and p150 link to each other and to more pages: more relevant than the rest.
    edges.push({ sourceId: 'p299', targetId: 'p150' }, { sourceId: 'p150', targetId: 'p299' }, { sourceId: 'p299', targetId: 'p7' })
    const { shown, hidden } = capGraph(nodes, edges, GRAPH_STEP)
    expect(shown).toHaveLength(GRAPH_STEP)
    expect(hidden).toBe(301 - GRAPH_STEP)
    expect(shown.slice(0, 4).map((n) => n.id)).toEqual(['root', 'p299', 'p150', 'p7'])
    // Then by title.
    expect(shown[4]?.id).toBe('p0')
    // Showing more keeps what was shown and adds the next ones.
    const more = capGraph(nodes, edges, GRAPH_STEP * 2)
    expect(more.shown.slice(0, GRAPH_STEP)).toEqual(shown)
    expect(more.hidden).toBe(301 - 2 * GRAPH_STEP)
  })

  it('keeps nearer pages before farther ones', () => {
    const nodes = [
      { id: 'r', depth: 0, title: 'R' },
      { id: 'far', depth: 2, title: 'A far page' },
      { id: 'near', depth: 1, title: 'Z near page' },
    ]
    expect(capGraph(nodes, [{ sourceId: 'far', targetId: 'r' }, { sourceId: 'far', targetId: 'near' }], 2).shown.map((n) => n.id)).toEqual(['r', 'near'])
  })
})

describe('labelled', () => {
  it('never shows two overlapping labels, and labels every node when there is room', () => {
    const { nodes } = { nodes: [{ id: 'root', depth: 0, title: 'Root' }, ...Array.from({ length: 60 }, (_, i) => ({ id: `p${i}`, depth: 1, title: `A long page title ${i}` }))] }
    const placed = layout(nodes, 640, 480)
    const labelY = (p: { y: number }) => (p.y >= 240 ? p.y + 20 : p.y - 13)
    const shown = placed.filter((p) => labelled(placed, 640, labelY).has(p.id))
    expect(shown.length).toBeGreaterThanOrEqual(3)
    expect(shown.length).toBeLessThan(placed.length)
    const box = (p: { x: number; y: number; title: string }) => {
      const w = shorten(p.title).length * 7
      const y = labelY(p)
      return { x1: p.x - w / 2, x2: p.x + w / 2, y1: y - 11, y2: y + 3 }
    }
    for (const a of shown)
      for (const b of shown) {
        if (a === b) continue
        const A = box(a)
        const B = box(b)
        expect(A.x1 < B.x2 && A.x2 > B.x1 && A.y1 < B.y2 && A.y2 > B.y1).toBe(false)
      }
    const few = layout(nodes.slice(0, 5), 640, 480)
    expect(labelled(few, 640, labelY).size).toBe(5)
  })
})

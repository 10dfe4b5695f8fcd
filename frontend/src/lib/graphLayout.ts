// Where a link graph's nodes go: the root in the middle, each depth on a
// ring around it, evenly spaced. Plain math, tested alone.

export interface GraphNodeIn {
  id: string
  depth: number
  title: string
}

export interface Placed extends GraphNodeIn {
  x: number
  y: number
}

export function layout(nodes: GraphNodeIn[], width: number, height: number): Placed[] {
  const cx = width / 2
  const cy = height / 2
  const maxDepth = nodes.reduce((m, n) => Math.max(m, n.depth), 0)
  const step = maxDepth > 0 ? (Math.min(width, height) / 2 - 40) / maxDepth : 0
  const rings = new Map<number, GraphNodeIn[]>()
  for (const n of nodes) {
    const r = rings.get(n.depth) ?? []
    r.push(n)
    rings.set(n.depth, r)
  }
  const out: Placed[] = []
  for (const [depth, ring] of [...rings.entries()].sort((a, b) => a[0] - b[0])) {
    ring.sort((a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id))
    if (depth === 0) {
      ring.forEach((n, i) => out.push({ ...n, x: cx + i * 30, y: cy }))
      continue
    }
    const radius = step * depth
    const offset = depth % 2 === 0 ? Math.PI / Math.max(ring.length, 1) : 0
    ring.forEach((n, i) => {
      // Two nodes would face each other through the root, hiding a link between them: set them apart by 120° instead.
      const a = ring.length === 2 ? -Math.PI / 2 + (i === 0 ? -1 : 1) * (Math.PI / 3) + offset : -Math.PI / 2 + offset + (2 * Math.PI * i) / ring.length
      out.push({ ...n, x: Math.round(cx + radius * Math.cos(a)), y: Math.round(cy + radius * Math.sin(a)) })
    })
  }
  return out
}

/** A label cut to `max` characters with an ellipsis. */
export function shorten(s: string, max = 22): string {
  return s.length <= max ? s : s.slice(0, max - 1) + '…'
}

/** The point `gap` short of (x2, y2) on the segment from (x1, y1): where an arrow stops before a node. */
export function shortenSegment(x1: number, y1: number, x2: number, y2: number, gap: number): { x: number; y: number } {
  const dx = x2 - x1
  const dy = y2 - y1
  const len = Math.hypot(dx, dy)
  if (len <= gap || len === 0) return { x: x2, y: y2 }
  return { x: x2 - (dx / len) * gap, y: y2 - (dy / len) * gap }
}

/**
 * An SVG path from (x1, y1) to (x2, y2) bending to its left by `bend` of its
 * length (so a link and its reverse never draw over each other), stopping
 * `gap` short of the end for the arrowhead.
 */
export function curve(x1: number, y1: number, x2: number, y2: number, bend = 0.15, gap = 10): string {
  const dx = x2 - x1
  const dy = y2 - y1
  const len = Math.hypot(dx, dy)
  if (len === 0) return `M${x1},${y1}`
  const cx = (x1 + x2) / 2 + (dy / len) * len * bend
  const cy = (y1 + y2) / 2 - (dx / len) * len * bend
  const end = shortenSegment(cx, cy, x2, y2, gap)
  const r = (n: number) => Math.round(n * 10) / 10
  return `M${r(x1)},${r(y1)} Q${r(cx)},${r(cy)} ${r(end.x)},${r(end.y)}`
}

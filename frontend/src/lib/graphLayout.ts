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

export interface GraphEdgeIn {
  sourceId: string
  targetId: string
}

/** How many pages a link graph draws at first, and how many more each "Show more" adds. */
export const GRAPH_STEP = 24

/**
 * The nodes a graph draws when it may draw `limit`: the root(s) (depth 0)
 * always, then the most relevant of the others: nearer the root first,
 * then those with more links among the graph's pages, then by title. A
 * page with 300 links stays readable: the rest are counted, not drawn.
 */
export function capGraph<N extends GraphNodeIn>(nodes: N[], edges: GraphEdgeIn[], limit: number): { shown: N[]; hidden: number } {
  if (nodes.length <= limit) return { shown: nodes, hidden: 0 }
  const degree = new Map<string, number>()
  for (const e of edges) {
    degree.set(e.sourceId, (degree.get(e.sourceId) ?? 0) + 1)
    degree.set(e.targetId, (degree.get(e.targetId) ?? 0) + 1)
  }
  const ranked = [...nodes].sort(
    (a, b) =>
      a.depth - b.depth ||
      (degree.get(b.id) ?? 0) - (degree.get(a.id) ?? 0) ||
      a.title.localeCompare(b.title) ||
      a.id.localeCompare(b.id),
  )
  const roots = ranked.filter((n) => n.depth === 0)
  const shown = [...roots, ...ranked.filter((n) => n.depth !== 0).slice(0, Math.max(0, limit - roots.length))]
  return { shown, hidden: nodes.length - shown.length }
}

/** Pixels a label's character takes at the graph's 12px font (a generous average). */
const CHAR_W = 7
const LABEL_H = 14

/**
 * Which nodes get a visible label: in the order given (most relevant
 * first), a label is shown only if its box does not overlap a label
 * already shown nor another node's circle. The others keep their title as
 * a tooltip and an accessible name; no two labels are drawn over each
 * other. `labelY` says where a node's label sits (above or below it).
 */
export function labelled(placed: Placed[], width: number, labelY: (p: Placed) => number, radius = 8): Set<string> {
  const boxes: { x1: number; x2: number; y1: number; y2: number }[] = []
  const out = new Set<string>()
  const hitsNode = (b: { x1: number; x2: number; y1: number; y2: number }, self: string) =>
    placed.some((p) => p.id !== self && p.x + radius > b.x1 && p.x - radius < b.x2 && p.y + radius > b.y1 && p.y - radius < b.y2)
  for (const p of placed) {
    const w = shorten(p.title).length * CHAR_W
    const y = labelY(p)
    const b = { x1: Math.max(0, p.x - w / 2), x2: Math.min(width, p.x + w / 2), y1: y - LABEL_H + 3, y2: y + 3 }
    if (boxes.some((o) => b.x1 < o.x2 && b.x2 > o.x1 && b.y1 < o.y2 && b.y2 > o.y1) || hitsNode(b, p.id)) continue
    boxes.push(b)
    out.add(p.id)
  }
  return out
}

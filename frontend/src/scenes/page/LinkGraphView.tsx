import { useMemo } from 'react'
import { useQuery } from 'urql'
import { graphql } from '../../gql'
import type { LinkDirection } from '../../gql/graphql'
import { navigate } from '../../router'
import { pageURL } from '../../lib/address'
import { Empty, ErrorNote, Loading } from '../../components/Status'
import { curve, layout, shorten } from '../../lib/graphLayout'

const Graph = graphql(`
  query LinkGraph($rootId: ID!, $depth: Int, $direction: LinkDirection) {
    linkGraph(rootId: $rootId, depth: $depth, direction: $direction) {
      nodes {
        depth
        document {
          ...DocumentFields
        }
      }
      edges {
        id
        sourceId
        targetId
        state
      }
    }
  }
`)

const W = 640
const H = 480
const R = 7

/** The documents around a root and the links among them, drawn as SVG; each node links to its page. */
export default function LinkGraphView({ rootId, depth, direction }: { rootId: string; depth: number; direction: LinkDirection }) {
  const [res] = useQuery({ query: Graph, variables: { rootId, depth, direction } })
  const g = res.data?.linkGraph
  const placed = useMemo(() => {
    if (!g) return []
    return layout(
      g.nodes.map((n) => ({ id: n.document.id, depth: n.depth, title: n.document.title })),
      W,
      H,
    )
  }, [g])
  if (res.fetching && !g) return <Loading what="Drawing the graph" />
  if (res.error && !g) return <ErrorNote error={res.error} />
  if (!g || g.nodes.length <= 1) return <Empty>No linked pages to draw.</Empty>
  const at = new Map(placed.map((p) => [p.id, p]))
  const docs = new Map(g.nodes.map((n) => [n.document.id, n.document]))
  return (
    <figure className="graph">
      <svg viewBox={`0 0 ${W} ${H}`} role="group" aria-label={`Link graph, ${g.nodes.length} pages`} className="graph-svg">
        <defs>
          <marker id="graph-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M0,0 L10,5 L0,10 z" className="graph-arrowhead" />
          </marker>
        </defs>
        <g aria-hidden="true">
          {g.edges.map((e) => {
            const a = at.get(e.sourceId)
            const b = at.get(e.targetId)
            if (!a || !b) return null
            const gap = (at.get(e.targetId)?.depth === 0 ? R + 3 : R) + 3
            return <path key={e.id} d={curve(a.x, a.y, b.x, b.y, 0.15, gap)} className={`graph-edge graph-${e.state.toLowerCase()}`} markerEnd="url(#graph-arrow)" />
          })}
        </g>
        {placed.map((p) => {
          const d = docs.get(p.id)
          if (!d) return null
          const url = pageURL(d)
          const below = p.y >= H / 2
          return (
            <a
              key={p.id}
              href={url}
              aria-label={d.title}
              className={p.depth === 0 ? 'graph-node graph-root' : 'graph-node'}
              onClick={(e) => {
                if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
                e.preventDefault()
                navigate(url)
              }}
            >
              <title>{d.title}</title>
              <circle cx={p.x} cy={p.y} r={p.depth === 0 ? R + 3 : R} />
              <text x={p.x} y={below ? p.y + 20 : p.y - 13} textAnchor="middle">
                {shorten(d.title)}
              </text>
            </a>
          )
        })}
      </svg>
      <figcaption className="graph-caption">
        {g.nodes.length} pages, {g.edges.length} links. Select a page to open it.
      </figcaption>
    </figure>
  )
}

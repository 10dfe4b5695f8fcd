import { useMemo, useState } from 'react'
import { useQuery } from 'urql'
import { graphql } from '../../gql'
import type { LinkDirection } from '../../gql/graphql'
import { navigate } from '../../router'
import { pageURL } from '../../lib/address'
import { Empty, ErrorNote, Loading } from '../../components/Status'
import { capGraph, curve, GRAPH_STEP, labelled, layout, shorten, type Placed } from '../../lib/graphLayout'

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

const labelY = (p: Placed) => (p.y >= H / 2 ? p.y + 20 : p.y - 13)

/**
 * The documents around a root and the links among them, drawn as SVG; each
 * node links to its page. A large graph (a page with 300 links) draws its
 * GRAPH_STEP most relevant pages first, counts the rest and offers to show
 * more (lib/graphLayout's capGraph); a label that would overlap another is
 * left out (the page's title stays its tooltip and accessible name, and
 * shows on hover and focus).
 */
export default function LinkGraphView({ rootId, depth, direction }: { rootId: string; depth: number; direction: LinkDirection }) {
  const [res] = useQuery({ query: Graph, variables: { rootId, depth, direction } })
  const g = res.data?.linkGraph
  const [limit, setLimit] = useState(GRAPH_STEP)
  const capped = useMemo(() => {
    if (!g) return { shown: [], hidden: 0 }
    return capGraph(
      g.nodes.map((n) => ({ id: n.document.id, depth: n.depth, title: n.document.title })),
      g.edges,
      limit,
    )
  }, [g, limit])
  const placed = useMemo(() => layout(capped.shown, W, H), [capped])
  const withLabel = useMemo(() => labelled(placed, W, labelY), [placed])
  if (res.fetching && !g) return <Loading what="Drawing the graph" />
  if (res.error && !g) return <ErrorNote error={res.error} />
  if (!g || g.nodes.length <= 1) return <Empty>No linked pages to draw.</Empty>
  const at = new Map(placed.map((p) => [p.id, p]))
  const shownEdges = g.edges.filter((e) => at.has(e.sourceId) && at.has(e.targetId)).length
  const docs = new Map(g.nodes.map((n) => [n.document.id, n.document]))
  return (
    <figure className="graph">
      <svg viewBox={`0 0 ${W} ${H}`} role="group" aria-label={`Link graph, ${placed.length} of ${g.nodes.length} pages`} className="graph-svg">
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
              <text x={p.x} y={labelY(p)} textAnchor="middle" className={withLabel.has(p.id) ? undefined : 'graph-label-hidden'}>
                {shorten(d.title)}
              </text>
            </a>
          )
        })}
      </svg>
      <figcaption className="graph-caption">
        {capped.hidden > 0
          ? `Showing ${placed.length} of ${g.nodes.length} pages (the nearest and most linked), ${shownEdges} of ${g.edges.length} links. `
          : `${g.nodes.length} pages, ${g.edges.length} links. `}
        Select a page to open it.{' '}
        {capped.hidden > 0 && (
          <button type="button" className="graph-more" onClick={() => setLimit(limit + GRAPH_STEP)}>
            Show {Math.min(GRAPH_STEP, capped.hidden)} more
          </button>
        )}
      </figcaption>
    </figure>
  )
}

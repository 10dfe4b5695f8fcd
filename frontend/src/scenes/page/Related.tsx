import { lazy, Suspense, useId, useState } from 'react'
import { useQuery } from 'urql'
import { graphql } from '../../gql'
import type { LinkDirection } from '../../gql/graphql'
import type { PageDoc } from './pageDocument'
import { Link } from '../../router'
import { pageURL } from '../../lib/address'
import { Empty, ErrorNote, Loading } from '../../components/Status'
import './Related.css'

// The graph view draws SVG from its own query: loaded only when shown.
const LinkGraphView = lazy(() => import('./LinkGraphView'))

const RelatedQuery = graphql(`
  query Related($id: ID!, $depth: Int, $direction: LinkDirection) {
    document(id: $id) {
      ...DocumentFields
      related(depth: $depth, direction: $direction) {
        depth
        document {
          ...DocumentFields
        }
        via {
          ...DocumentFields
        }
      }
    }
  }
`)

const directions: { v: LinkDirection; label: string }[] = [
  { v: 'OUTGOING', label: 'It links to' },
  { v: 'INCOMING', label: 'Link to it' },
  { v: 'BOTH', label: 'Both ways' },
]

const arrow: Record<LinkDirection, string> = { OUTGOING: '→', INCOMING: '←', BOTH: '–' }

/** Pages reached by following links from this one, with the path that connects each, and a graph view. */
export default function Related({ doc }: { doc: PageDoc }) {
  const ids = useId()
  const [depth, setDepth] = useState(1)
  const [direction, setDirection] = useState<LinkDirection>('OUTGOING')
  const [graph, setGraph] = useState(false)
  const [res] = useQuery({ query: RelatedQuery, variables: { id: doc.id, depth, direction }, requestPolicy: 'cache-and-network' })
  const items = res.data?.document?.related ?? []
  return (
    <section className="related" aria-labelledby={`${ids}-h`}>
      <h2 id={`${ids}-h`}>Related pages</h2>
      <div className="related-controls">
        <label htmlFor={`${ids}-depth`}>Links away</label>
        <select id={`${ids}-depth`} value={depth} onChange={(e) => setDepth(Number(e.target.value))}>
          <option value={1}>1</option>
          <option value={2}>2</option>
          <option value={3}>3</option>
        </select>
        <label htmlFor={`${ids}-dir`}>Direction</label>
        <select id={`${ids}-dir`} value={direction} onChange={(e) => setDirection(e.target.value as LinkDirection)}>
          {directions.map((d) => (
            <option key={d.v} value={d.v}>
              {d.label}
            </option>
          ))}
        </select>
        <button type="button" aria-pressed={graph} onClick={() => setGraph(!graph)}>
          {graph ? 'Hide graph' : 'Show graph'}
        </button>
      </div>
      {graph && (
        <Suspense fallback={<Loading what="Loading the graph" />}>
          <LinkGraphView rootId={doc.id} depth={depth} direction={direction} />
        </Suspense>
      )}
      {res.fetching && !res.data ? (
        <Loading what="Following links" />
      ) : res.error && !res.data ? (
        <ErrorNote error={res.error} />
      ) : items.length === 0 ? (
        <Empty>No related pages {depth === 1 ? 'one link' : `${depth} links`} away.</Empty>
      ) : (
        <ul className="related-list" aria-label="Related pages">
          {items.map((r) => (
            <li key={r.document.id}>
              <Link to={pageURL(r.document)} className="related-title">
                {r.document.title}
              </Link>{' '}
              <span className="related-depth">
                {r.depth === 1 ? 'direct' : `${r.depth} links away`}
              </span>
              {r.via.length > 2 && (
                <p className="related-path">
                  <span className="related-label">Via </span>
                  {r.via.map((v, i) => (
                    <span key={`${v.id}-${i}`}>
                      {i > 0 && <span aria-hidden="true"> {arrow[direction]} </span>}
                      {i === 0 || i === r.via.length - 1 ? <span>{v.title}</span> : <Link to={pageURL(v)}>{v.title}</Link>}
                    </span>
                  ))}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

import { useEffect, useState } from 'react'
import { useQuery } from 'urql'
import { Link, navigate, useLocation } from '../../router'
import { pageURL } from '../../lib/address'
import { Empty, ErrorNote, Loading } from '../../components/Status'
import { countLabel } from '../../lib/highlight'
import { addressOf, searchFilter } from '../../lib/searchQuery'
import { Highlighted } from './Highlighted'
import { SearchDocuments } from './SearchDocuments'
import { useDebounced } from './useDebounced'
import './Search.css'

const pageSize = 20

/** /search?q=…&space=…&tag=…: the results as a page, a page of 20 at a time. */
export default function Search() {
  const { search } = useLocation()
  const q = search.get('q') ?? ''
  const space = search.get('space') ?? ''
  const tag = search.get('tag') ?? ''
  // A folder, from a page's breadcrumbs: the pages in it and beneath it.
  const path = search.get('path') ?? ''
  const [text, setText] = useState(q)
  const typed = useDebounced(text, 300)
  useEffect(() => setText(q), [q])
  useEffect(() => {
    if (typed !== q) setURL(typed, space, tag)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed])
  // The cursors of the pages shown: null is the first page.
  const [pages, setPages] = useState<(string | null)[]>([null])
  useEffect(() => setPages([null]), [q, space, tag, path])

  return (
    <section className="search-page">
      <h1>{path ? `Pages in ${space ? space + ' / ' : ''}${path}` : 'Search'}</h1>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault()
          setURL(text, space, tag)
        }}
      >
        <label>
          Search
          <input type="search" value={text} maxLength={1000} onChange={(e) => setText(e.target.value)} />
        </label>
        <div className="search-filters">
          <label>
            Space
            <select value={space} onChange={(e) => setURL(text, e.target.value, tag)}>
              <option value="">All spaces</option>
              <option value="wiki">wiki</option>
              <option value="raw">raw</option>
              <option value="output">output</option>
            </select>
          </label>
          <TagFilter q={q} space={space} tag={tag} onTag={(t) => setURL(text, space, t)} />
        </div>
      </form>
      {q.trim() === '' && !space && !tag && !path ? (
        <Empty>Type words to search the pages you can read.</Empty>
      ) : (
        <ol className="results">
          {pages.map((after, i) => (
            <ResultPage
              key={after ?? ''}
              q={q.trim()}
              space={space}
              tag={tag}
              path={path}
              after={after}
              first={i === 0}
              last={i === pages.length - 1}
              onMore={(cursor) => setPages([...pages, cursor])}
            />
          ))}
        </ol>
      )}
    </section>
  )
}

function setURL(q: string, space: string, tag: string) {
  const p = new URLSearchParams({ q })
  if (space) p.set('space', space)
  if (tag) p.set('tag', tag)
  navigate('/search?' + p.toString(), true)
}

function TagFilter({ q, space, tag, onTag }: { q: string; space: string; tag: string; onTag: (t: string) => void }) {
  const [res] = useQuery({ query: SearchDocuments, variables: { query: q.trim(), filter: searchFilter(space, tag), first: 20 } })
  const tags = res.data?.search.facets.tags ?? []
  return (
    <label>
      Tag
      <select value={tag} onChange={(e) => onTag(e.target.value)}>
        <option value="">Any tag</option>
        {tag && !tags.some((t) => t.value === tag) && <option value={tag}>{tag}</option>}
        {tags.map((t) => (
          <option key={t.value} value={t.value}>
            {t.value} ({t.count})
          </option>
        ))}
      </select>
    </label>
  )
}

function ResultPage(props: {
  q: string
  space: string
  tag: string
  path?: string
  after: string | null
  first: boolean
  last: boolean
  onMore: (cursor: string) => void
}) {
  const [res] = useQuery({
    query: SearchDocuments,
    variables: { query: props.q, filter: searchFilter(props.space, props.tag, props.path), first: pageSize, after: props.after },
  })
  const conn = res.data?.search
  if (!conn) {
    return <li className="results-state">{res.error ? <ErrorNote error={res.error} /> : <Loading what="Searching" />}</li>
  }
  return (
    <>
      {props.first && (
        <li className="results-state">
          <p className="status" role="status">
            {conn.edges.length === 0 ? 'Nothing found.' : countLabel(conn.totalCount, conn.totalIsApproximate)}
          </p>
        </li>
      )}
      {conn.edges.map((e) => (
        <li key={e.node.document.id} className="result">
          <Link to={pageURL(e.node.document)} className="result-title">
            <Highlighted text={e.node.title.text} ranges={e.node.title.ranges} />
          </Link>
          <span className="result-address">{addressOf(e.node.document)}</span>
          {e.node.snippet.text && (
            <span className="result-snippet">
              <Highlighted text={e.node.snippet.text} ranges={e.node.snippet.ranges} />
            </span>
          )}
        </li>
      ))}
      {props.last && conn.pageInfo.hasNextPage && conn.pageInfo.endCursor && (
        <li className="results-state">
          <button type="button" onClick={() => props.onMore(conn.pageInfo.endCursor as string)}>
            More results
          </button>
        </li>
      )}
    </>
  )
}

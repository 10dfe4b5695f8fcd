import { useState } from 'react'
import { useQuery } from 'urql'
import { graphql } from '../../gql'
import { Link } from '../../router'
import { pageURL } from '../../lib/address'
import { Empty, ErrorNote, Loading } from '../../components/Status'
import './Tags.css'
import { RelativeTime } from '../../components/RelativeTime'

const TagPagesQuery = graphql(`
  query TagPages($tag: String!, $first: Int, $after: String) {
    documents(first: $first, after: $after, filter: { tags: [$tag] }, orderBy: UPDATED) {
      edges {
        node {
          ...DocumentFields
          updatedAt
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`)

const PAGE = 50

/** The pages holding a tag that you can read, newest change first. */
export default function TagPages({ tag }: { tag: string }) {
  const [cursors, setCursors] = useState<(string | null)[]>([null])
  return (
    <section className="tags">
      <p className="crumbs">
        <Link to="/tags">Tags</Link>
      </p>
      <h1>#{tag}</h1>
      {cursors.map((after, i) => (
        <TagPagesPage key={after ?? ''} tag={tag} after={after} last={i === cursors.length - 1} onMore={(c) => setCursors((cs) => [...cs, c])} first={i === 0} />
      ))}
    </section>
  )
}

function TagPagesPage({ tag, after, last, first, onMore }: { tag: string; after: string | null; last: boolean; first: boolean; onMore: (cursor: string) => void }) {
  const [{ data, fetching, error }] = useQuery({ query: TagPagesQuery, variables: { tag, first: PAGE, after } })
  if (fetching && !data) return <Loading what="Loading the pages" />
  if (error) return <ErrorNote error={error} />
  const conn = data?.documents
  const docs = conn?.edges.map((e) => e.node as unknown as { id: string; title: string; space: string; path: string; slug: string; updatedAt: string }) ?? []
  if (first && docs.length === 0) return <Empty>None of the pages you can read has this tag.</Empty>
  return (
    <>
      <ul className="tag-pages" aria-label={`Pages tagged ${tag}`}>
        {docs.map((d) => (
          <li key={d.id}>
            <Link to={pageURL(d)}>{d.title}</Link> <span className="tag-count">changed <RelativeTime at={d.updatedAt} /></span>
          </li>
        ))}
      </ul>
      {last && conn?.pageInfo.hasNextPage && conn.pageInfo.endCursor && (
        <button type="button" onClick={() => onMore(conn.pageInfo.endCursor as string)}>
          More pages
        </button>
      )}
    </>
  )
}

import { useDeferredValue, useId, useState } from 'react'
import { useQuery } from 'urql'
import { graphql } from '../../gql'
import { Link } from '../../router'
import { Empty, ErrorNote, Loading } from '../../components/Status'
import './Tags.css'

const TagsQuery = graphql(`
  query TagIndex($prefix: String, $first: Int) {
    tags(prefix: $prefix, first: $first) {
      tag
      count
    }
  }
`)

/** The URL of a tag's page. */
export function tagURL(tag: string): string {
  return `/tags/${encodeURIComponent(tag)}`
}

const SHOWN = 500

/** The tag index: every tag of the pages you can read, with how many hold it, most used first. */
export default function Tags() {
  const id = useId()
  const [filter, setFilter] = useState('')
  const prefix = useDeferredValue(filter.trim().replace(/^#/, ''))
  const [{ data, fetching, error }] = useQuery({ query: TagsQuery, variables: { prefix, first: SHOWN } })
  const tags = data?.tags ?? []
  return (
    <section className="tags">
      <h1>Tags</h1>
      <label htmlFor={id}>Filter</label>
      <input id={id} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Tags starting with…" autoCapitalize="off" spellCheck={false} />
      <ErrorNote error={error} />
      {fetching && !data ? (
        <Loading what="Loading the tags" />
      ) : tags.length === 0 ? (
        !error && <Empty>{prefix ? `No tag starts with “${prefix}” on the pages you can read.` : 'None of the pages you can read has a tag yet.'}</Empty>
      ) : (
        <ul className="tag-index" aria-label="Tags">
          {tags.map((t) => (
            <li key={t.tag}>
              <Link to={tagURL(t.tag)}>#{t.tag}</Link> <span className="tag-count">{t.count === 1 ? '1 page' : `${t.count} pages`}</span>
            </li>
          ))}
        </ul>
      )}
      {tags.length === SHOWN && <p className="tags-more">The {SHOWN} most used are shown: filter to find the others.</p>}
    </section>
  )
}

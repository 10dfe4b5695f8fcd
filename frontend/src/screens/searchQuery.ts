import { useEffect, useState } from 'react'
import { graphql } from '../gql'
import type { SearchFilter, Space } from '../gql/graphql'

// The search both the palette and the /search page run.
export const SearchDocuments = graphql(`
  query SearchDocuments($query: String!, $filter: SearchFilter, $first: Int, $after: String) {
    search(query: $query, filter: $filter, first: $first, after: $after) {
      edges {
        cursor
        node {
          score
          document {
            id
            space
            path
            slug
            title
          }
          title {
            text
            ranges {
              start
              end
            }
          }
          snippet {
            text
            ranges {
              start
              end
            }
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
      totalCount
      totalIsApproximate
      facets {
        spaces {
          value
          count
        }
        tags {
          value
          count
        }
      }
    }
  }
`)

/** The filter for a space ('' for all) and a tag ('' for any); undefined when neither is set. */
export function searchFilter(space: string, tag: string): SearchFilter | undefined {
  if (!space && !tag) return undefined
  const f: SearchFilter = {}
  if (space) f.spaces = [space.toUpperCase() as Space]
  if (tag) f.tags = [tag]
  return f
}

/** The address of a document as a reader sees it: wiki:ops/deploy. */
export function addressOf(d: { space: string; path: string; slug: string }): string {
  return `${d.space.toLowerCase()}:${d.path ? d.path + '/' : ''}${d.slug}`
}

/** The value, once it has stayed the same for `ms`. */
export function useDebounced<T>(value: T, ms = 150): T {
  const [v, setV] = useState(value)
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms)
    return () => clearTimeout(t)
  }, [value, ms])
  return v
}

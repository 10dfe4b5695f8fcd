import { graphql } from '../../gql'

// The search both the palette and the /search page run.
export const SearchDocuments = graphql(`
  query SearchDocuments($query: String!, $filter: SearchFilter, $first: Int, $after: String) {
    search(query: $query, filter: $filter, first: $first, after: $after) {
      edges {
        cursor
        node {
          score
          document {
            ...DocumentFields
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

import { graphql } from '../gql'

// The fragments of ingestions.graphqls' entities (see documents.ts for the rule).

/** A file ingested into the raw space: its conversion's state (the page it became is selected beside it). */
export const IngestionFields = graphql(`
  fragment IngestionFields on Ingestion {
    id
    filename
    kind
    byteSize
    path
    status
    error
    originalUrl
    createdAt
  }
`)

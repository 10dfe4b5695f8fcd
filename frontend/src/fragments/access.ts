import { graphql } from '../gql'

// The fragments of access.graphqls' entities (see documents.ts for the rule).

/** Someone's access to a document: who, what they may do, and why (who granted it is selected beside it). */
export const GrantFields = graphql(`
  fragment GrantFields on Grant {
    id
    recipient
    recipientName
    principalType
    principalId
    permission
    reason
    batchId
    createdAt
  }
`)

/** A group one can share with. */
export const GroupFields = graphql(`
  fragment GroupFields on Group {
    id
    slug
    name
    everyone
    members
  }
`)

/** A person or agent one can share with. */
export const PersonFields = graphql(`
  fragment PersonFields on Person {
    id
    name
    email
    kind
    slug
  }
`)

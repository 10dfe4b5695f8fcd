import { graphql } from '../gql'

// The fragments of links.graphqls' entities (see documents.ts for the rule).

/** A link between two documents as written, and its state; its ends are selected beside it. */
export const DocumentLinkFields = graphql(`
  fragment DocumentLinkFields on DocumentLink {
    id
    hrefAsWritten
    text
    state
  }
`)

/** A suggested link and whether it was decided. */
export const LinkSuggestionFields = graphql(`
  fragment LinkSuggestionFields on LinkSuggestion {
    id
    status
  }
`)

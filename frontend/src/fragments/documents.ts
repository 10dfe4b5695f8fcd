import { graphql } from '../gql'

// The fragments of documents.graphqls' entities. Every operation that reads
// one of these types spreads its fragment (src/fragments/fragments.test.ts
// checks it), so the normalized cache holds the same fields of an entity
// whichever screen read it; a screen that needs more selects those fields
// beside the spread.

/** A document wherever it shows (a link's end, a search hit, a row): where it is and what it is called. */
export const DocumentFields = graphql(`
  fragment DocumentFields on Document {
    id
    space
    path
    slug
    title
  }
`)

/** A document in a folder of the sidebar's tree. */
export const FolderEntryFields = graphql(`
  fragment FolderEntryFields on FolderEntry {
    id
    space
    path
    slug
    title
  }
`)

/** One revision of a document's history (its author beside it). */
export const DocumentRevisionFields = graphql(`
  fragment DocumentRevisionFields on DocumentRevision {
    id
    version
    changeKind
    changeSummary
    title
    createdAt
  }
`)

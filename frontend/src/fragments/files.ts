import { graphql } from '../gql'

// The fragments of files.graphqls' entities (see documents.ts for the rule).

/** A file attached to a page, with its download URL. */
export const AttachmentFields = graphql(`
  fragment AttachmentFields on Attachment {
    id
    name
    mimeType
    byteSize
    url
    path
  }
`)

/** A page's reference to a file, by the href written in its body, and its state. */
export const FileReferenceFields = graphql(`
  fragment FileReferenceFields on FileReference {
    id
    href
    state
  }
`)

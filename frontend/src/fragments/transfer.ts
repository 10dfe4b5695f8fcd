import { graphql } from '../gql'

// The fragments of transfer.graphqls' entities (see documents.ts for the rule).

/** An import of an archive: its progress and, once done, its report. */
export const ImportFields = graphql(`
  fragment ImportFields on Import {
    id
    format
    space
    path
    status
    done
    total
    error
    createdAt
    finishedAt
    report {
      created
      updated
      unchanged
      skipped {
        entry
        reason
      }
      droppedKeys
    }
  }
`)

/** An export of a folder: its progress and, once ready, its download. */
export const ExportFields = graphql(`
  fragment ExportFields on Export {
    id
    space
    path
    status
    done
    total
    url
    byteSize
    expiresAt
    error
  }
`)

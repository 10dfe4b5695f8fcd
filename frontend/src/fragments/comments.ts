import { graphql } from '../gql'

// The fragments of comments.graphqls' entities (see documents.ts for the rule).

/** One comment of a thread: its body (empty once deleted), author and times. */
export const CommentFields = graphql(`
  fragment CommentFields on Comment {
    id
    threadId
    body
    deleted
    createdAt
    editedAt
    author {
      ...UserFields
    }
  }
`)

/** A thread with its passage and its comments, the first one first. */
export const ThreadFields = graphql(`
  fragment ThreadFields on Thread {
    id
    documentId
    kind
    status
    anchorState
    anchor {
      exact
      prefix
      suffix
      start
      end
    }
    createdAt
    updatedAt
    resolvedAt
    author {
      ...UserFields
    }
    resolvedBy {
      ...UserFields
    }
    comments {
      ...CommentFields
    }
  }
`)

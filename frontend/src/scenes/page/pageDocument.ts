import { graphql } from '../../gql'
import type { PageViewDocumentFragment } from '../../gql/graphql'

// The page: what the page view reads of its document, and the type every
// part of the page (editor, history, related, share dialog, page actions)
// is handed. It lives apart from the page view so those parts, which the
// page view loads lazily, never import the page view back.

/**
 * The page's fields: the page view's query, and the app's first query when
 * it opens on a page (Start in App.tsx, so the page view then reads them
 * from the cache).
 */
export const PageViewDocument = graphql(`
  fragment PageViewDocument on Document {
    ...DocumentFields
    content
    tags
    status
    version
    updatedAt
    liveDigest
    myPermission
    starred
    watching
    watcherCount
    owner {
      ...UserFields
    }
    links {
      ...DocumentLinkFields
      target {
        ...DocumentFields
      }
    }
    backlinks {
      ...DocumentLinkFields
      source {
        ...DocumentFields
      }
    }
    fileReferences {
      ...FileReferenceFields
      attachment {
        ...AttachmentFields
      }
    }
  }
`)

/** A page as the page view shows it. */
export type PageDoc = PageViewDocumentFragment

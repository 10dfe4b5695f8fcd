/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query Me {\n    me {\n      id\n      name\n      email\n      kind\n    }\n  }\n": typeof types.MeDocument,
    "\n  mutation Logout {\n    logout\n  }\n": typeof types.LogoutDocument,
    "\n  query FolderTree($space: Space!, $path: String) {\n    folderTree(space: $space, path: $path) {\n      space\n      path\n      folders {\n        path\n        documents\n        hasChildren\n      }\n      documents {\n        id\n        space\n        path\n        slug\n        title\n      }\n    }\n  }\n": typeof types.FolderTreeDocument,
    "\n  subscription InboxBadge {\n    inboxCounts {\n      decisions\n      unread\n      total\n    }\n  }\n": typeof types.InboxBadgeDocument,
    "\n  query PageView($space: Space!, $path: String!, $slug: String!) {\n    documentByAddress(space: $space, path: $path, slug: $slug) {\n      id\n      space\n      path\n      slug\n      title\n      content\n      tags\n      status\n      version\n      updatedAt\n      myPermission\n      owner {\n        id\n        name\n      }\n      links {\n        id\n        hrefAsWritten\n        text\n        state\n        target {\n          id\n          space\n          path\n          slug\n          title\n        }\n      }\n      backlinks {\n        id\n        source {\n          id\n          space\n          path\n          slug\n          title\n        }\n      }\n      fileReferences {\n        id\n        href\n        state\n        attachment {\n          url\n        }\n      }\n    }\n  }\n": typeof types.PageViewDocument,
    "\n  mutation DecideLinkInline($input: DecideLinkInput!) {\n    decideLink(input: $input) {\n      document {\n        id\n        version\n        content\n        links {\n          id\n          hrefAsWritten\n          state\n        }\n      }\n    }\n  }\n": typeof types.DecideLinkInlineDocument,
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      user {\n        id\n        name\n        email\n        kind\n      }\n    }\n  }\n": typeof types.LoginDocument,
};
const documents: Documents = {
    "\n  query Me {\n    me {\n      id\n      name\n      email\n      kind\n    }\n  }\n": types.MeDocument,
    "\n  mutation Logout {\n    logout\n  }\n": types.LogoutDocument,
    "\n  query FolderTree($space: Space!, $path: String) {\n    folderTree(space: $space, path: $path) {\n      space\n      path\n      folders {\n        path\n        documents\n        hasChildren\n      }\n      documents {\n        id\n        space\n        path\n        slug\n        title\n      }\n    }\n  }\n": types.FolderTreeDocument,
    "\n  subscription InboxBadge {\n    inboxCounts {\n      decisions\n      unread\n      total\n    }\n  }\n": types.InboxBadgeDocument,
    "\n  query PageView($space: Space!, $path: String!, $slug: String!) {\n    documentByAddress(space: $space, path: $path, slug: $slug) {\n      id\n      space\n      path\n      slug\n      title\n      content\n      tags\n      status\n      version\n      updatedAt\n      myPermission\n      owner {\n        id\n        name\n      }\n      links {\n        id\n        hrefAsWritten\n        text\n        state\n        target {\n          id\n          space\n          path\n          slug\n          title\n        }\n      }\n      backlinks {\n        id\n        source {\n          id\n          space\n          path\n          slug\n          title\n        }\n      }\n      fileReferences {\n        id\n        href\n        state\n        attachment {\n          url\n        }\n      }\n    }\n  }\n": types.PageViewDocument,
    "\n  mutation DecideLinkInline($input: DecideLinkInput!) {\n    decideLink(input: $input) {\n      document {\n        id\n        version\n        content\n        links {\n          id\n          hrefAsWritten\n          state\n        }\n      }\n    }\n  }\n": types.DecideLinkInlineDocument,
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      user {\n        id\n        name\n        email\n        kind\n      }\n    }\n  }\n": types.LoginDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me {\n      id\n      name\n      email\n      kind\n    }\n  }\n"): (typeof documents)["\n  query Me {\n    me {\n      id\n      name\n      email\n      kind\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Logout {\n    logout\n  }\n"): (typeof documents)["\n  mutation Logout {\n    logout\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FolderTree($space: Space!, $path: String) {\n    folderTree(space: $space, path: $path) {\n      space\n      path\n      folders {\n        path\n        documents\n        hasChildren\n      }\n      documents {\n        id\n        space\n        path\n        slug\n        title\n      }\n    }\n  }\n"): (typeof documents)["\n  query FolderTree($space: Space!, $path: String) {\n    folderTree(space: $space, path: $path) {\n      space\n      path\n      folders {\n        path\n        documents\n        hasChildren\n      }\n      documents {\n        id\n        space\n        path\n        slug\n        title\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription InboxBadge {\n    inboxCounts {\n      decisions\n      unread\n      total\n    }\n  }\n"): (typeof documents)["\n  subscription InboxBadge {\n    inboxCounts {\n      decisions\n      unread\n      total\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PageView($space: Space!, $path: String!, $slug: String!) {\n    documentByAddress(space: $space, path: $path, slug: $slug) {\n      id\n      space\n      path\n      slug\n      title\n      content\n      tags\n      status\n      version\n      updatedAt\n      myPermission\n      owner {\n        id\n        name\n      }\n      links {\n        id\n        hrefAsWritten\n        text\n        state\n        target {\n          id\n          space\n          path\n          slug\n          title\n        }\n      }\n      backlinks {\n        id\n        source {\n          id\n          space\n          path\n          slug\n          title\n        }\n      }\n      fileReferences {\n        id\n        href\n        state\n        attachment {\n          url\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query PageView($space: Space!, $path: String!, $slug: String!) {\n    documentByAddress(space: $space, path: $path, slug: $slug) {\n      id\n      space\n      path\n      slug\n      title\n      content\n      tags\n      status\n      version\n      updatedAt\n      myPermission\n      owner {\n        id\n        name\n      }\n      links {\n        id\n        hrefAsWritten\n        text\n        state\n        target {\n          id\n          space\n          path\n          slug\n          title\n        }\n      }\n      backlinks {\n        id\n        source {\n          id\n          space\n          path\n          slug\n          title\n        }\n      }\n      fileReferences {\n        id\n        href\n        state\n        attachment {\n          url\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DecideLinkInline($input: DecideLinkInput!) {\n    decideLink(input: $input) {\n      document {\n        id\n        version\n        content\n        links {\n          id\n          hrefAsWritten\n          state\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation DecideLinkInline($input: DecideLinkInput!) {\n    decideLink(input: $input) {\n      document {\n        id\n        version\n        content\n        links {\n          id\n          hrefAsWritten\n          state\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      user {\n        id\n        name\n        email\n        kind\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      user {\n        id\n        name\n        email\n        kind\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;
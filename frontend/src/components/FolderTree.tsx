import { useState } from 'react'
import { useQuery } from 'urql'
import { graphql } from '../gql'
import type { Space } from '../gql/graphql'
import { Link } from '../router'
import { pageURL } from '../lib/address'
import { ErrorNote, Loading } from './Status'

// A folder's fields: the tree's query, and the app's first query (which
// reads the top of the sidebar's space with the page it opens on).
export const FolderTreeFields = graphql(`
  fragment FolderTreeFields on FolderTree {
    space
    path
    folders {
      path
      documents
      hasChildren
    }
    documents {
      ...FolderEntryFields
    }
  }
`)

const Tree = graphql(`
  query FolderTree($space: Space!, $path: String) {
    folderTree(space: $space, path: $path) {
      ...FolderTreeFields
    }
  }
`)

/** One folder of a space: its pages and its sub-folders, opened on demand. */
export function FolderTree({ space, path = '' }: { space: Space; path?: string }) {
  const [res] = useQuery({ query: Tree, variables: { space, path } })
  if (res.fetching && !res.data) return <Loading />
  if (res.error) return <ErrorNote error={res.error} />
  const t = res.data?.folderTree
  if (!t) return null
  return (
    <ul className="tree" role={path === '' ? 'tree' : 'group'}>
      {t.folders.map((f) => (
        <FolderItem key={f.path} space={space} path={f.path} count={f.documents} />
      ))}
      {t.documents.map((d) => (
        <li key={d.id} role="treeitem">
          <Link to={pageURL(d)}>{d.title}</Link>
        </li>
      ))}
      {t.folders.length === 0 && t.documents.length === 0 && <li className="empty">Nothing here yet.</li>}
    </ul>
  )
}

function FolderItem({ space, path, count }: { space: Space; path: string; count: number }) {
  const [open, setOpen] = useState(false)
  const name = path.split('/').pop()
  return (
    <li role="treeitem" aria-expanded={open}>
      <button type="button" className="folder" onClick={() => setOpen(!open)} aria-label={`${open ? 'Close' : 'Open'} folder ${name}`}>
        {open ? '▾' : '▸'} {name} <span className="count">{count}</span>
      </button>
      {open && <FolderTree space={space} path={path} />}
    </li>
  )
}

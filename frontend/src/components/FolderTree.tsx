import { useEffect, useMemo, useRef, useState } from 'react'
import { useQuery } from 'urql'
import { graphql } from '../gql'
import type { Space } from '../gql/graphql'
import { Link, useLocation } from '../router'
import { pageURL, parsePageURL } from '../lib/address'
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

const byTitle = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })

/** Whether folder (a path in space) holds the page at path, at any depth. */
export function holdsPage(space: string, folder: string, path: string): boolean {
  const a = parsePageURL(path)
  if (!a || a.space.toLowerCase() !== space.toLowerCase()) return false
  return a.path === folder || a.path.startsWith(folder + '/')
}

/**
 * One folder of a space: its sub-folders and its pages, each sorted by
 * name and title, opened on demand. The folders holding the page open are
 * opened, and the page is marked (aria-current) and scrolled into view.
 */
export function FolderTree({ space, path = '' }: { space: Space; path?: string }) {
  const [res] = useQuery({ query: Tree, variables: { space, path } })
  const { path: here } = useLocation()
  const t = res.data?.folderTree
  const folders = useMemo(() => [...(t?.folders ?? [])].sort((a, b) => byTitle.compare(a.path, b.path)), [t])
  const documents = useMemo(() => [...(t?.documents ?? [])].sort((a, b) => byTitle.compare(a.title, b.title)), [t])
  if (res.fetching && !res.data) return <Loading />
  if (res.error) return <ErrorNote error={res.error} />
  if (!t) return null
  return (
    <ul className="tree" role={path === '' ? 'tree' : 'group'}>
      {folders.map((f) => (
        <FolderItem key={f.path} space={space} path={f.path} count={f.documents} holdsCurrent={holdsPage(space, f.path, here)} />
      ))}
      {documents.map((d) => (
        <PageItem key={d.id} to={pageURL(d)} title={d.title} current={pageURL(d) === here} />
      ))}
      {t.folders.length === 0 && t.documents.length === 0 && <li className="empty">Nothing here yet.</li>}
    </ul>
  )
}

function PageItem({ to, title, current }: { to: string; title: string; current: boolean }) {
  const ref = useRef<HTMLLIElement>(null)
  useEffect(() => {
    // Into view within the sidebar only when it is out of it (a click keeps the scroll).
    if (current) ref.current?.scrollIntoView?.({ block: 'nearest' })
  }, [current])
  return (
    <li ref={ref} role="treeitem" aria-selected={current}>
      <Link to={to} aria-current={current ? 'page' : undefined}>
        {title}
      </Link>
    </li>
  )
}

function FolderItem({ space, path, count, holdsCurrent }: { space: Space; path: string; count: number; holdsCurrent: boolean }) {
  const [open, setOpen] = useState(holdsCurrent)
  useEffect(() => {
    if (holdsCurrent) setOpen(true)
  }, [holdsCurrent])
  const name = path.split('/').pop()
  return (
    <li role="treeitem" aria-expanded={open}>
      <button type="button" className="folder" onClick={() => setOpen(!open)} aria-expanded={open}>
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> {name} <span className="count">{count}</span>
      </button>
      {open && <FolderTree space={space} path={path} />}
    </li>
  )
}

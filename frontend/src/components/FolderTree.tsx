import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import { useQuery, useSubscription } from 'urql'
import { graphql } from '../gql'
import type { Space } from '../gql/graphql'
import { Link, useLocation } from '../router'
import { pageURL, parsePageURL } from '../lib/address'
import { ErrorNote, Loading } from './Status'
import { treeMove } from '../lib/treeKeys'

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

/** One folder of the tree (client.ts writes folderChanged's pushes into it). */
export const FolderTreeQuery = graphql(`
  query FolderTree($space: Space!, $path: String) {
    folderTree(space: $space, path: $path) {
      ...FolderTreeFields
    }
  }
`)

// The folder as the viewer sees it, pushed when anyone's page comes into it
// or leaves it; client.ts writes each push over the folder's query, so the
// tree shows it without asking again (docs/frontend.md, "Live pages").
const FolderChanged = graphql(`
  subscription FolderChanged($space: Space!, $path: String) {
    folderChanged(space: $space, path: $path) {
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
 * The whole is a WAI-ARIA tree: one tab stop (roving tabindex), arrow keys
 * move, open and close (lib/treeKeys), Enter follows a page's link.
 */
export function FolderTree({ space, path = '', id }: { space: Space; path?: string; id?: string }) {
  const [res] = useQuery({ query: FolderTreeQuery, variables: { space, path } })
  useSubscription({ query: FolderChanged, variables: { space, path } })
  const { path: here } = useLocation()
  const t = res.data?.folderTree
  const folders = useMemo(() => [...(t?.folders ?? [])].sort((a, b) => byTitle.compare(a.path, b.path)), [t])
  const documents = useMemo(() => [...(t?.documents ?? [])].sort((a, b) => byTitle.compare(a.title, b.title)), [t])
  const root = useRef<HTMLUListElement>(null)
  const top = path === ''
  useRovingTabIndex(top ? root : undefined)
  if (res.fetching && !res.data) return <Loading />
  if (res.error) return <ErrorNote error={res.error} />
  if (!t) return null
  const level = top ? 1 : path.split('/').length + 1
  return (
    <ul
      ref={root}
      id={id}
      className="tree"
      role={top ? 'tree' : 'group'}
      aria-label={top ? 'Pages' : path.split('/').pop()}
      onKeyDown={top ? onTreeKey : undefined}
    >
      {folders.map((f) => (
        <FolderItem key={f.path} space={space} path={f.path} level={level} count={f.documents} holdsCurrent={holdsPage(space, f.path, here)} />
      ))}
      {documents.map((d) => (
        <PageItem key={d.id} to={pageURL(d)} title={d.title} level={level} current={pageURL(d) === here} />
      ))}
      {t.folders.length === 0 && t.documents.length === 0 && (
        <li className="empty" role="none">
          Nothing here yet.
        </li>
      )}
    </ul>
  )
}

const itemSelector = '[role="treeitem"]'

/** The tree's visible items, in order (closed folders' items are not rendered). */
function treeItems(tree: Element): HTMLElement[] {
  return [...tree.querySelectorAll<HTMLElement>(itemSelector)]
}

/** Makes item the tree's one tab stop. */
function rove(tree: Element, item: HTMLElement) {
  for (const i of treeItems(tree)) i.tabIndex = i === item ? 0 : -1
}

/**
 * Keeps one tab stop in the tree as its items come and go: the item last
 * focused while it is there, else the page open, else the first item.
 */
function useRovingTabIndex(tree: RefObject<HTMLUListElement | null> | undefined) {
  useEffect(() => {
    const el = tree?.current
    if (!el) return
    let last: HTMLElement | null = null
    const settle = () => {
      const items = treeItems(el)
      const stop = (last && items.includes(last) ? last : null) ?? items.find((i) => i.getAttribute('aria-current') === 'page') ?? items[0]
      if (stop) for (const i of items) if (i.tabIndex !== (i === stop ? 0 : -1)) i.tabIndex = i === stop ? 0 : -1
    }
    const focused = (e: FocusEvent) => {
      const item = (e.target as Element).closest?.(itemSelector)
      if (item instanceof HTMLElement) {
        last = item
        rove(el, item)
      }
    }
    settle()
    const watch = new MutationObserver(settle)
    watch.observe(el, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-current'] })
    el.addEventListener('focusin', focused)
    return () => {
      watch.disconnect()
      el.removeEventListener('focusin', focused)
    }
  })
}

function onTreeKey(e: KeyboardEvent<HTMLUListElement>) {
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return
  const items = treeItems(e.currentTarget)
  const at = items.findIndex((i) => i === (e.target as Element).closest(itemSelector))
  if (at < 0) return
  const move = treeMove(
    items.map((i) => ({ level: Number(i.getAttribute('aria-level')) || 1, expanded: i.hasAttribute('aria-expanded') ? i.getAttribute('aria-expanded') === 'true' : undefined })),
    at,
    e.key,
  )
  if (!move) return
  e.preventDefault()
  if ('focus' in move) items[move.focus]?.focus()
  else items['expand' in move ? move.expand : move.collapse]?.click() // the folder's own toggle
}

function PageItem({ to, title, level, current }: { to: string; title: string; level: number; current: boolean }) {
  const ref = useRef<HTMLLIElement>(null)
  useEffect(() => {
    // Into view within the sidebar only when it is out of it (a click keeps the scroll).
    if (current) ref.current?.scrollIntoView?.({ block: 'nearest' })
  }, [current])
  return (
    <li ref={ref} role="none">
      <Link to={to} role="treeitem" aria-level={level} aria-selected={current} aria-current={current ? 'page' : undefined} tabIndex={-1}>
        {title}
      </Link>
    </li>
  )
}

function FolderItem({ space, path, level, count, holdsCurrent }: { space: Space; path: string; level: number; count: number; holdsCurrent: boolean }) {
  const [open, setOpen] = useState(holdsCurrent)
  useEffect(() => {
    if (holdsCurrent) setOpen(true)
  }, [holdsCurrent])
  const group = useId()
  const name = path.split('/').pop()
  return (
    <li role="none">
      <button
        type="button"
        className="folder"
        role="treeitem"
        aria-level={level}
        aria-expanded={open}
        aria-owns={open ? group : undefined}
        tabIndex={-1}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> {name} <span className="count">{count}</span>
      </button>
      {open && <FolderTree space={space} path={path} id={group} />}
    </li>
  )
}

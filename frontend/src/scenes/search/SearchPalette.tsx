import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useQuery } from 'urql'
import { Link, navigate } from '../../router'
import { pageURL } from '../../lib/address'
import { Dialog } from '../../components/Dialog'
import { ErrorNote, Loading } from '../../components/Status'
import { countLabel, moveSelection } from '../../lib/highlight'
import { addressOf, searchFilter } from '../../lib/searchQuery'
import { Highlighted } from './Highlighted'
import { SearchDocuments } from './SearchDocuments'
import { useDebounced } from './useDebounced'
import './Search.css'

/** The Ctrl-K search: results as you type, arrows to choose, Enter to open, Escape to close. */
export default function SearchPalette({ onClose }: { onClose: () => void }) {
  const [text, setText] = useState('')
  const [space, setSpace] = useState('')
  const [tag, setTag] = useState('')
  const [selected, setSelected] = useState(-1)
  const input = useRef<HTMLInputElement>(null)
  const listId = useId()
  const query = useDebounced(text.trim(), 150)
  const filter = searchFilter(space, tag)
  const active = query !== '' || filter !== undefined
  const [res] = useQuery({ query: SearchDocuments, variables: { query, filter, first: 10 }, pause: !active })
  const conn = active ? res.data?.search : undefined
  const edges = conn?.edges ?? []

  useEffect(() => setSelected(edges.length ? 0 : -1), [res.data, edges.length])

  const open = (i: number) => {
    const e = edges[i]
    if (!e) return
    navigate(pageURL(e.node.document))
    onClose()
  }
  const seeAll = '/search?' + new URLSearchParams({ q: text.trim(), ...(space ? { space } : {}), ...(tag ? { tag } : {}) }).toString()

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== input.current) return
    if (e.key === 'Enter') {
      e.preventDefault()
      if (selected >= 0) open(selected)
      else if (text.trim()) {
        navigate(seeAll)
        onClose()
      }
      return
    }
    const next = moveSelection(selected, e.key, edges.length)
    if (next !== null && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault()
      setSelected(next)
    }
  }

  const tags = conn?.facets.tags ?? []
  return (
    <>
      <div className="palette-backdrop" onClick={onClose} aria-hidden="true" />
      <Dialog label="Search" className="palette" onClose={onClose} initialFocus={input} onKeyDown={onKey}>
        <div className="palette-head">
          <label className="palette-input">
            <span className="sr-only">Search</span>
            <input
              ref={input}
              type="search"
              role="combobox"
              aria-expanded={edges.length > 0}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={selected >= 0 ? `${listId}-${selected}` : undefined}
              placeholder="Search pages…"
              value={text}
              maxLength={1000}
              onChange={(e) => setText(e.target.value)}
            />
          </label>
          <button type="button" onClick={onClose} aria-label="Close">
            Esc
          </button>
        </div>
        <div className="search-filters">
          <label>
            Space
            <select value={space} onChange={(e) => setSpace(e.target.value)}>
              <option value="">All spaces</option>
              <option value="wiki">wiki</option>
              <option value="raw">raw</option>
              <option value="output">output</option>
            </select>
          </label>
          <label>
            Tag
            <select value={tag} onChange={(e) => setTag(e.target.value)}>
              <option value="">Any tag</option>
              {tag && !tags.some((t) => t.value === tag) && <option value={tag}>{tag}</option>}
              {tags.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.value} ({t.count})
                </option>
              ))}
            </select>
          </label>
        </div>
        {active && res.fetching && !conn && <Loading what="Searching" />}
        {active && <ErrorNote error={res.error} />}
        {!active && <p className="status">Type to search the pages you can read.</p>}
        {conn && edges.length === 0 && <p className="status empty">Nothing found.</p>}
        <ul id={listId} role="listbox" aria-label="Results" className="results palette-results">
          {edges.map((e, i) => (
            <li
              key={e.node.document.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === selected}
              className="result"
              onMouseEnter={() => setSelected(i)}
              onClick={() => open(i)}
            >
              <span className="result-title">
                <Highlighted text={e.node.title.text} ranges={e.node.title.ranges} />
              </span>
              <span className="result-address">{addressOf(e.node.document)}</span>
              {e.node.snippet.text && (
                <span className="result-snippet">
                  <Highlighted text={e.node.snippet.text} ranges={e.node.snippet.ranges} />
                </span>
              )}
            </li>
          ))}
        </ul>
        <div className="palette-foot">
          {conn && <span className="status">{countLabel(conn.totalCount, conn.totalIsApproximate)}</span>}
          {text.trim() !== '' && (
            <Link to={seeAll} onClick={onClose}>
              See all results
            </Link>
          )}
        </div>
      </Dialog>
    </>
  )
}

import { useCallback, useMemo, useRef, useState } from 'react'
import { useQuery } from 'urql'
import { graphql } from '../../gql'
import { insertMention, mentionQuery } from '../../lib/mention'
import './mention.css'

const Mentionables = graphql(`
  query Mentionables($query: String!, $first: Int) {
    mentionables(query: $query, first: $first) {
      kind
      id
      name
      slug
      href
    }
  }
`)

export interface MentionOption {
  kind: string
  name: string
  href: string
  slug?: string | null
}

const kindWords: Record<string, string> = { USER: 'person', GROUP: 'group', AGENT: 'agent' }

/**
 * The `@` autocomplete's state over any text input: call update with the
 * text and caret after each change or caret move, key on each key press
 * (true: the picker used it), and render list. pick gives the new text and
 * caret. The query goes to `mentionables` from two characters on.
 */
export function useMentionPicker(listId: string) {
  const [at, setAt] = useState<{ from: number; caret: number; query: string } | null>(null)
  const [active, setActive] = useState(0)
  const variables = useMemo(() => ({ query: at?.query ?? '', first: 6 }), [at?.query])
  const [r] = useQuery({ query: Mentionables, variables, pause: !at || at.query.trim().length < 2 })
  const options: MentionOption[] = at && at.query.trim().length >= 2 ? (r.data?.mentionables ?? []) : []
  const open = options.length > 0
  const optionsRef = useRef(options)
  optionsRef.current = options

  const update = useCallback((text: string, caret: number) => {
    const q = mentionQuery(text, caret)
    setAt(q ? { ...q, caret } : null)
    setActive(0)
  }, [])
  const close = useCallback(() => setAt(null), [])
  /** The text with the option inserted in place of the `@query`. */
  const pick = useCallback(
    (text: string, o: MentionOption) => {
      if (!at) return null
      setAt(null)
      return insertMention(text, at.from, at.caret, o.name, o.href)
    },
    [at],
  )
  /** Handles a key while the list is open: arrows move, Enter/Tab choose (returns the option), Escape closes. */
  const key = useCallback(
    (k: string): { handled: boolean; chosen?: MentionOption } => {
      const opts = optionsRef.current
      if (opts.length === 0) return { handled: false }
      if (k === 'ArrowDown') setActive((a) => (a + 1) % opts.length)
      else if (k === 'ArrowUp') setActive((a) => (a - 1 + opts.length) % opts.length)
      else if (k === 'Enter' || k === 'Tab') return { handled: true, chosen: opts[Math.min(active, opts.length - 1)] }
      else if (k === 'Escape') setAt(null)
      else return { handled: false }
      return { handled: true }
    },
    [active],
  )
  const activeId = open ? `${listId}-${Math.min(active, options.length - 1)}` : undefined
  return { open, options, active, activeId, at, update, key, pick, close }
}

/** The list of a picker's options (a listbox); onPick chooses one with the mouse. */
export function MentionList({ id, options, active, onPick }: { id: string; options: MentionOption[]; active: number; onPick: (o: MentionOption) => void }) {
  if (options.length === 0) return null
  return (
    <ul className="mention-list" role="listbox" id={id} aria-label="People, groups and agents to mention">
      {options.map((o, i) => (
        <li
          key={o.href}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === active}
          onMouseDown={(e) => {
            e.preventDefault() // keep the focus in the text
            onPick(o)
          }}
        >
          @{o.name} <span className="mention-kind">{kindWords[o.kind] ?? o.kind.toLowerCase()}</span>
        </li>
      ))}
    </ul>
  )
}

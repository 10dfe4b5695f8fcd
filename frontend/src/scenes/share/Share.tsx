import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useMutation, useQuery } from 'urql'
import { graphql } from '../../gql'
import type { Permission } from '../../gql/graphql'
import type { PageDoc } from '../page/pageDocument'
import { Link } from '../../router'
import { pageURL } from '../../lib/address'
import { Dialog } from '../../components/Dialog'
import { Empty, ErrorNote, Loading } from '../../components/Status'
import { outcomeWords, parseRecipients, permissionWords, reasonWords } from '../../lib/sharing'
import './Share.css'
import { RelativeTime } from '../../components/RelativeTime'

const People = graphql(`
  query SharePeople($query: String!) {
    people(query: $query, first: 8) {
      ...PersonFields
    }
  }
`)

const Groups = graphql(`
  query ShareGroups {
    groups {
      ...GroupFields
    }
  }
`)

const Suggestions = graphql(`
  query ShareSuggestions($documentIds: [ID!]!, $recipients: [String!]!, $depth: Int) {
    shareSuggestions(documentIds: $documentIds, recipients: $recipients, depth: $depth) {
      document {
        ...DocumentFields
      }
      depth
      explanation
      recipients
    }
  }
`)

const Access = graphql(`
  query ShareAccess($id: ID!) {
    document(id: $id) {
      ...DocumentFields
      access {
        ...GrantFields
        grantedBy {
          ...UserFields
        }
      }
    }
  }
`)

const ShareMutation = graphql(`
  mutation Share($input: ShareInput!) {
    share(input: $input) {
      batchId
      grants {
        recipient
        outcome
        document {
          ...DocumentFields
        }
      }
    }
  }
`)

const Revoke = graphql(`
  mutation ShareRevoke($input: RevokeAccessInput!) {
    revokeAccess(input: $input) {
      document {
        ...DocumentFields
        access {
          ...GrantFields
        }
      }
    }
  }
`)

const RevokeBatch = graphql(`
  mutation ShareRevokeBatch($input: RevokeBatchInput!) {
    revokeBatch(input: $input) {
      revoked
    }
  }
`)

interface Choice {
  value: string
  label: string
  detail: string
}

type Verdict = 'accept' | 'decline'

/** The share dialog: recipients, permission, suggestions along the links, and who has access now. */
export default function Share({ doc, onClose }: { doc: PageDoc; onClose: () => void }) {
  const ids = useId()
  const input = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const [chosen, setChosen] = useState<Choice[]>([])
  const [permission, setPermission] = useState<Permission>('READ')
  const [depth, setDepth] = useState(1)
  const [verdicts, setVerdicts] = useState<Record<string, Verdict>>({})
  const [active, setActive] = useState(-1)
  const [listOpen, setListOpen] = useState(false)
  const [problem, setProblem] = useState('')

  const term = text.trim()
  const [people] = useQuery({ query: People, variables: { query: term }, pause: term.length < 2 })
  const [groups] = useQuery({ query: Groups })
  const options: Choice[] = useMemo(() => {
    if (term.length < 2) return []
    const t = term.toLowerCase()
    const taken = new Set(chosen.map((c) => c.value))
    const fromPeople: Choice[] = (people.data?.people ?? []).map((p) =>
      p.kind === 'AGENT' && p.slug
        ? { value: `agent:${p.slug}`, label: p.name, detail: `agent ${p.slug}` }
        : { value: p.email.toLowerCase(), label: p.name, detail: p.email },
    )
    const fromGroups: Choice[] = (groups.data?.groups ?? [])
      .filter((g) => g.name.toLowerCase().includes(t) || g.slug.includes(t))
      .map((g) => ({ value: `group:${g.slug}`, label: g.name, detail: g.everyone ? 'every person' : `group, ${g.members} member${g.members === 1 ? '' : 's'}` }))
    return [...fromGroups, ...fromPeople].filter((c) => !taken.has(c.value)).slice(0, 10)
  }, [term, people.data, groups.data, chosen])

  const recipients = chosen.map((c) => c.value)
  const [sugg] = useQuery({
    query: Suggestions,
    variables: { documentIds: [doc.id], recipients, depth },
    pause: recipients.length === 0,
    requestPolicy: 'network-only',
  })
  const suggestions = recipients.length ? (sugg.data?.shareSuggestions ?? []) : []

  const owner = doc.myPermission === 'OWNER'
  const [access, refetchAccess] = useQuery({ query: Access, variables: { id: doc.id }, pause: !owner, requestPolicy: 'cache-and-network' })
  const [shared, share] = useMutation(ShareMutation)
  const [revoked, revoke] = useMutation(Revoke)
  const [undone, undo] = useMutation(RevokeBatch)
  const [undoneBatch, setUndoneBatch] = useState('')

  const pick = (c: Choice) => {
    setChosen((all) => (all.some((x) => x.value === c.value) ? all : [...all, c]))
    setText('')
    setActive(-1)
    setProblem('')
    input.current?.focus()
  }

  const addTyped = (): Choice[] | null => {
    const { recipients: typed, invalid } = parseRecipients(text)
    if (invalid.length) {
      setProblem(`Not an email, group:<slug> or agent:<slug>: ${invalid.join(', ')}. Choose from the list or type an email.`)
      return null
    }
    const add = typed.filter((v) => !chosen.some((c) => c.value === v)).map((v) => ({ value: v, label: v, detail: '' }))
    const next = [...chosen, ...add]
    setChosen(next)
    setText('')
    setProblem('')
    return next
  }

  const onInputKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && options.length) {
      e.preventDefault()
      setListOpen(true)
      setActive((a) => (a + 1) % options.length)
    } else if (e.key === 'ArrowUp' && options.length) {
      e.preventDefault()
      setActive((a) => (a <= 0 ? options.length - 1 : a - 1))
    } else if (e.key === 'Enter') {
      e.preventDefault()
      const c = active >= 0 ? options[active] : undefined
      if (c) pick(c)
      else if (term) addTyped()
    } else if (e.key === 'Escape' && listOpen && options.length) {
      e.preventDefault()
      e.stopPropagation()
      setListOpen(false)
      setActive(-1)
    } else if (e.key === 'Backspace' && text === '' && chosen.length) {
      setChosen(chosen.slice(0, -1))
    }
  }

  const submit = async () => {
    const all = term ? addTyped() : chosen
    if (!all) return
    if (all.length === 0) {
      setProblem('Choose someone to share with.')
      input.current?.focus()
      return
    }
    const accepted = Object.entries(verdicts).filter(([, v]) => v === 'accept').map(([k]) => k)
    const declined = Object.entries(verdicts).filter(([, v]) => v === 'decline').map(([k]) => k)
    const r = await share({
      input: {
        documentIds: [doc.id],
        recipients: all.map((c) => c.value),
        permission,
        ...(accepted.length ? { suggestedDocumentIds: accepted } : {}),
        ...(declined.length ? { declinedDocumentIds: declined } : {}),
      },
    })
    input.current?.focus()
    if (!r.error) {
      setChosen([])
      setVerdicts({})
      if (owner) refetchAccess({ requestPolicy: 'network-only' })
    }
  }

  const result = shared.data?.share
  const grants = access.data?.document?.access ?? []
  const listVisible = listOpen && options.length > 0
  return (
    <div
      className="share-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose()
      }}
    >
      <Dialog className="share-dialog" label={`Share ${doc.title}`} onClose={onClose} initialFocus={input}>
        <header className="share-head">
          <h2>Share “{doc.title}”</h2>
          <button type="button" className="share-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>

        <form
          className="share-form"
          onSubmit={(e) => {
            e.preventDefault()
            void submit()
          }}
        >
          {chosen.length > 0 && (
            <ul className="share-chips" aria-label="Recipients">
              {chosen.map((c) => (
                <li key={c.value}>
                  <span>{c.label}</span>
                  {c.detail && <span className="share-detail"> {c.detail}</span>}
                  <button type="button" aria-label={`Remove ${c.label}`} onClick={() => setChosen(chosen.filter((x) => x.value !== c.value))}>
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
          <label htmlFor={`${ids}-who`}>Share with: people, groups or agents</label>
          <div className="share-combo">
            <input
              id={`${ids}-who`}
              ref={input}
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={listVisible}
              aria-controls={`${ids}-options`}
              aria-activedescendant={listVisible && active >= 0 ? `${ids}-opt-${active}` : undefined}
              aria-describedby={`${ids}-hint`}
              autoComplete="off"
              placeholder="Name, email or group"
              value={text}
              onChange={(e) => {
                setText(e.target.value)
                setListOpen(true)
                setActive(-1)
              }}
              onKeyDown={onInputKey}
              onBlur={() => setTimeout(() => setListOpen(false), 150)}
              onFocus={() => setListOpen(true)}
            />
            <ul id={`${ids}-options`} role="listbox" aria-label="Matches" className="share-options" hidden={!listVisible}>
              {options.map((c, i) => (
                <li
                  key={c.value}
                  id={`${ids}-opt-${i}`}
                  role="option"
                  aria-selected={i === active}
                  onMouseDown={(e) => {
                    e.preventDefault()
                    pick(c)
                  }}
                >
                  <span>{c.label}</span> <span className="share-detail">{c.detail}</span>
                </li>
              ))}
            </ul>
          </div>
          <p id={`${ids}-hint`} className="share-hint">
            Type two letters to find someone, or an email, <code>group:slug</code> or <code>agent:slug</code>, then Enter.
            {people.fetching && ' Looking…'}
          </p>
          {problem && (
            <p className="status error" role="alert">
              {problem}
            </p>
          )}
          <ErrorNote error={people.error} />

          <div className="share-row">
            <label htmlFor={`${ids}-perm`}>Permission</label>
            <select id={`${ids}-perm`} value={permission} onChange={(e) => setPermission(e.target.value as Permission)}>
              <option value="READ">Can read</option>
              <option value="WRITE">Can edit</option>
            </select>
          </div>

          {recipients.length > 0 && (
            <section className="share-suggestions" aria-labelledby={`${ids}-sugg`}>
              <div className="share-row">
                <h3 id={`${ids}-sugg`}>Linked pages they cannot see yet</h3>
                <label htmlFor={`${ids}-depth`} className="share-depth">
                  Links away
                </label>
                <select id={`${ids}-depth`} value={depth} onChange={(e) => setDepth(Number(e.target.value))}>
                  <option value={1}>1</option>
                  <option value={2}>2</option>
                  <option value={3}>3</option>
                </select>
              </div>
              {sugg.fetching && !sugg.data ? (
                <Loading what="Looking for linked pages" />
              ) : sugg.error ? (
                <ErrorNote error={sugg.error} />
              ) : suggestions.length === 0 ? (
                <Empty>No linked pages to suggest.</Empty>
              ) : (
                <ul className="share-sugg-list">
                  {suggestions.map((s) => {
                    const v = verdicts[s.document.id]
                    const set = (x: Verdict) =>
                      setVerdicts((all) => {
                        const next = { ...all }
                        if (next[s.document.id] === x) delete next[s.document.id]
                        else next[s.document.id] = x
                        return next
                      })
                    const why = `${ids}-why-${s.document.id}`
                    return (
                      <li key={s.document.id} data-verdict={v}>
                        <p id={why}>
                          <Link to={pageURL(s.document)}>{s.document.title}</Link> — {s.explanation}
                          {s.recipients.length > 0 && <span className="share-detail"> (for {s.recipients.join(', ')})</span>}
                        </p>
                        <span className="share-verdict">
                          <button type="button" aria-pressed={v === 'accept'} aria-describedby={why} onClick={() => set('accept')}>
                            Accept
                          </button>
                          <button type="button" aria-pressed={v === 'decline'} aria-describedby={why} onClick={() => set('decline')}>
                            Decline
                          </button>
                        </span>
                      </li>
                    )
                  })}
                </ul>
              )}
            </section>
          )}

          <ErrorNote error={shared.error} />
          {result && (
            <div className="share-result" role="status">
              <ul>
                {result.grants.map((g, i) => (
                  <li key={i}>
                    {g.document?.title ?? 'A page'}: {outcomeWords(g.outcome)} with {g.recipient}
                  </li>
                ))}
              </ul>
              {undoneBatch === result.batchId ? (
                <p>That share was taken back.</p>
              ) : (
                <button
                  type="button"
                  disabled={undone.fetching}
                  onClick={async () => {
                    const r = await undo({ input: { batchId: result.batchId } })
                    if (!r.error) {
                      setUndoneBatch(result.batchId)
                      if (owner) refetchAccess({ requestPolicy: 'network-only' })
                    }
                  }}
                >
                  Undo this share
                </button>
              )}
              <ErrorNote error={undone.error} />
            </div>
          )}

          <div className="share-buttons">
            <button type="button" onClick={onClose}>
              Close
            </button>
            <button type="submit" className="share-primary" disabled={shared.fetching}>
              {shared.fetching ? 'Sharing…' : 'Share'}
            </button>
          </div>
        </form>

        {owner && (
          <section className="share-access" aria-labelledby={`${ids}-access`}>
            <h3 id={`${ids}-access`}>Who has access</h3>
            <ul>
              <li>
                <span>
                  <strong>{doc.owner.name}</strong> <span className="share-detail">owner</span>
                </span>
              </li>
              {grants.map((g) => (
                <li key={g.id}>
                  <span>
                    <strong>{g.recipientName}</strong>{' '}
                    <span className="share-detail">
                      {g.recipient !== g.recipientName && `${g.recipient} · `}
                      {permissionWords(g.permission)} · {reasonWords(g.reason)}
                      {g.grantedBy && ` by ${g.grantedBy.name}`}, <RelativeTime at={g.createdAt} />
                    </span>
                  </span>
                  <button
                    type="button"
                    disabled={revoked.fetching}
                    aria-label={`Revoke ${g.recipientName}`}
                    onClick={async () => {
                      const r = await revoke({ input: { documentId: doc.id, principalType: g.principalType, principalId: g.principalId } })
                      if (!r.error) refetchAccess({ requestPolicy: 'network-only' })
                    }}
                  >
                    Revoke
                  </button>
                </li>
              ))}
            </ul>
            {access.fetching && !access.data && <Loading what="Loading who has access" />}
            {!access.fetching && access.data && grants.length === 0 && <Empty>Only you can see it.</Empty>}
            <ErrorNote error={access.error} />
            <ErrorNote error={revoked.error} />
          </section>
        )}
      </Dialog>
    </div>
  )
}

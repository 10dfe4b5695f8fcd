import { useEffect, useMemo, useState } from 'react'
import { useQuery } from 'urql'
import { graphql } from '../../gql'
import { Link } from '../../router'
import { pageURL } from '../../lib/address'
import { ErrorNote, Loading } from '../../components/Status'
import { RelativeTime } from '../../components/RelativeTime'
import { continueEditing, draftPerson, draftsOfPerson } from '../../lib/draftStore'
import type { Draft } from '../../lib/draft'
import { addressURL, distinctIds, documentIds, sentence, type NotificationLike } from '../../lib/inboxText'

// Home's work in progress, loaded on its own after the first screen (routes.tsx):
// the decisions waiting for you and the pages you were editing.

const HomeDecisions = graphql(`
  query HomeDecisions {
    inboxCounts {
      decisions
    }
    inbox(first: 20, filter: { requiresDecision: true }) {
      edges {
        node {
          ...NotificationFields
          actor {
            ...UserFields
          }
          mention {
            targetName
          }
        }
      }
    }
  }
`)

const HomeDocuments = graphql(`
  query HomeDocuments($ids: [ID!]!) {
    documentsByIds(ids: $ids) {
      ...DocumentFields
    }
  }
`)

/** An address as the inbox writes it: `wiki/ops/handbook`. */
function place(address: string): string {
  const url = addressURL(address)
  return url ? decodeURIComponent(url.slice(1)) : address
}

/** How many open decisions home lists; the rest wait in the inbox. */
export const DECISIONS_SHOWN = 5

type Doc = { id: string; title: string; space: string; path: string; slug: string }

/** The open decisions among ns (the inbox's decisions view also lists answered ones), the first `max`. */
export function openDecisions<N extends NotificationLike>(ns: N[], max = DECISIONS_SHOWN): N[] {
  return ns.filter((n) => n.requiresDecision && n.status !== 'RESOLVED' && n.status !== 'DISMISSED').slice(0, max)
}

/** One row per page you have a draft of (its newest draft), newest first, for the pages you can still read. */
export function continueRows(drafts: Draft[], docs: Record<string, Doc | undefined>): { draft: Draft; doc: Doc }[] {
  const seen = new Set<string>()
  const out: { draft: Draft; doc: Doc }[] = []
  for (const d of [...drafts].sort((a, b) => b.savedAt - a.savedAt)) {
    const doc = docs[d.page]
    if (seen.has(d.page) || !doc) continue
    seen.add(d.page)
    out.push({ draft: d, doc })
  }
  return out
}

function useDocs(ids: string[]): { docs: Record<string, Doc | undefined>; fetching: boolean } {
  const [res] = useQuery({ query: HomeDocuments, variables: { ids }, pause: ids.length === 0 })
  const docs: Record<string, Doc | undefined> = {}
  res.data?.documentsByIds.forEach((d, i) => {
    if (d) docs[ids[i] as string] = d
  })
  return { docs, fetching: res.fetching }
}

/** "Waiting for your decision": the first few open decisions, with their count, each leading to the inbox. */
export function WaitingDecisions() {
  const [res] = useQuery({ query: HomeDecisions, requestPolicy: 'cache-and-network' })
  const ns = openDecisions(res.data?.inbox.edges.map((e) => e.node) ?? [])
  const idList = ns.flatMap((n) => documentIds(n.payload)).join(' ')
  const ids = useMemo(() => distinctIds(idList.split(' ')), [idList])
  const { docs } = useDocs(ids)
  if (res.error) return <ErrorNote error={res.error} />
  if (res.fetching && !res.data) return <Loading what="Loading your decisions" />
  const count = res.data?.inboxCounts.decisions ?? 0
  if (ns.length === 0) return <p className="status empty">No decisions wait for you.</p>
  return (
    <>
      <ul aria-label="Waiting for your decision" className="page-list home-decisions">
        {ns.map((n) => (
          <li key={n.id}>
            <Link to="/inbox">
              {sentence(n)
                .map((s) => (typeof s === 'string' ? s : 'address' in s ? place(s.address) : (docs[s.doc]?.title ?? 'a page')))
                .join('')}
            </Link>{' '}
            <span className="meta">
              <RelativeTime at={n.createdAt} />
            </span>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/inbox">
          {count > ns.length ? `All ${count} decisions in your inbox` : count === 1 ? 'Answer it in your inbox' : `Answer them in your inbox (${count})`}
        </Link>
      </p>
    </>
  )
}

/** "Continue editing": your drafts kept in this browser, newest first, each opening its page's editor with the draft back. */
export function ContinueEditing() {
  const person = draftPerson()
  const [drafts, setDrafts] = useState<Draft[] | null>(null)
  useEffect(() => {
    let live = true
    if (!person) {
      setDrafts([])
      return
    }
    void draftsOfPerson(person).then((all) => {
      if (live) setDrafts(all)
    })
    return () => {
      live = false
    }
  }, [person])
  const idList = (drafts ?? []).map((d) => d.page).join(' ')
  const ids = useMemo(() => distinctIds(idList.split(' ')), [idList])
  const { docs, fetching } = useDocs(ids)
  if (drafts === null || (fetching && ids.length > 0 && Object.keys(docs).length === 0)) return <Loading what="Loading your drafts" />
  const rows = continueRows(drafts, docs)
  if (rows.length === 0) return <p className="status empty">Unsaved edits you leave show here.</p>
  return (
    <ul aria-label="Continue editing" className="page-list home-drafts">
      {rows.map(({ draft, doc }) => (
        <li key={doc.id}>
          <Link
            to={pageURL(doc)}
            onClick={(e) => {
              // A plain click opens the editor with the draft back; a new tab just opens the page.
              if (e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey) continueEditing(doc.id)
            }}
          >
            {doc.title}
          </Link>{' '}
          <span className="meta">
            edited <RelativeTime at={draft.savedAt} />
          </span>
        </li>
      ))}
    </ul>
  )
}

/** Home's two lists of work in progress. */
export default function HomeWork() {
  return (
    <div className="home-lists">
      <section>
        <h2>Waiting for your decision</h2>
        <WaitingDecisions />
      </section>
      <section>
        <h2>Continue editing</h2>
        <ContinueEditing />
      </section>
    </div>
  )
}

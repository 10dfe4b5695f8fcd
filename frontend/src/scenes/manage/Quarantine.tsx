import { useState } from 'react'
import { useMutation, useQuery } from 'urql'
import { graphql } from '../../gql'
import type { PrincipalType } from '../../gql/graphql'
import { Empty, ErrorNote } from '../../components/Status'
import { State, fresh, onSuccess } from './shared'
import { RelativeTime } from '../../components/RelativeTime'

// Quarantine: a reported document's metadata and shares (never its content);
// take shares away, quarantine it, release it.

const ManageDocument = graphql(`
  query ManageDocument($id: ID!) {
    manageDocument(id: $id) {
      ...DocumentMetadataFields
      owner {
        ...ManagedUserFields
      }
      grants {
        principalType
        principalId
        recipient
        name
        permission
        reason
        createdAt
      }
    }
  }
`)

const QuarantineDocument = graphql(`
  mutation QuarantineDocument($input: QuarantineInput!) {
    quarantineDocument(input: $input) {
      document {
        ...DocumentMetadataFields
      }
    }
  }
`)

const ReleaseDocument = graphql(`
  mutation ReleaseDocument($input: ReleaseInput!) {
    releaseDocument(input: $input) {
      document {
        ...DocumentMetadataFields
      }
      notRestored {
        recipient
        name
        permission
      }
    }
  }
`)

const TakeAwayShare = graphql(`
  mutation TakeAwayShare($input: TakeAwayShareInput!) {
    takeAwayShare(input: $input) {
      document {
        ...DocumentMetadataFields
      }
    }
  }
`)

export default function Quarantine() {
  const [input, setInput] = useState('')
  const [id, setId] = useState('')
  const [res, refetch] = useQuery({ query: ManageDocument, variables: { id }, pause: !id })
  const [q, quarantine] = useMutation(QuarantineDocument)
  const [rel, release] = useMutation(ReleaseDocument)
  const [took, takeAway] = useMutation(TakeAwayShare)
  const [reason, setReason] = useState('')
  const [restore, setRestore] = useState(true)
  const reload = fresh(refetch)
  const d = res.data?.manageDocument
  return (
    <section aria-label="Quarantine">
      <p className="status">A reported document, by its id: its metadata and shares, never its content.</p>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault()
          setId(input.trim())
        }}
      >
        <label>
          Document id
          <input value={input} onChange={(e) => setInput(e.target.value)} required />
        </label>
        <button type="submit">Look up</button>
      </form>
      {id && (
        <State fetching={res.fetching && !res.data} error={res.error} empty={!d && 'No such document.'}>
          {d && (
            <div className="report">
              <p>
                <code>{d.id}</code> · {d.space.toLowerCase()} · {d.status.toLowerCase()} · {d.versions} versions · owner {d.owner.name} ({d.owner.email})
              </p>
              <p className="meta">
                Created <RelativeTime at={d.createdAt} /> · updated <RelativeTime at={d.updatedAt} />
                {d.deletedAt ? <> · in the trash since <RelativeTime at={d.deletedAt} /></> : ''}
                {d.quarantinedAt ? <> · quarantined since <RelativeTime at={d.quarantinedAt} /></> : ''}
              </p>
              <h3>Shares</h3>
              {d.grants.length === 0 ? (
                <Empty>No shares.</Empty>
              ) : (
                <ul className="rows">
                  {d.grants.map((g) => (
                    <li key={`${g.principalType}:${g.principalId}`} className="row">
                      <span>
                        {g.name} <code>{g.recipient}</code> · {g.permission.toLowerCase()} · {g.reason.toLowerCase()}
                      </span>
                      <button
                        type="button"
                        aria-label={`Take away the share of ${g.recipient}`}
                        disabled={took.fetching}
                        onClick={() =>
                          onSuccess(takeAway({ input: { documentId: d.id, principalType: g.principalType as PrincipalType, principalId: g.principalId } }), reload)
                        }
                      >
                        Take away
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {d.quarantinedAt ? (
                <form
                  className="inline-form"
                  onSubmit={async (e) => {
                    e.preventDefault()
                    await onSuccess(release({ input: { documentId: d.id, restoreSharing: restore } }), reload)
                  }}
                >
                  <label className="check">
                    <input type="checkbox" checked={restore} onChange={(e) => setRestore(e.target.checked)} />
                    Give the shares back
                  </label>
                  <button type="submit" disabled={rel.fetching}>
                    Release
                  </button>
                </form>
              ) : (
                <form
                  className="inline-form"
                  onSubmit={async (e) => {
                    e.preventDefault()
                    await onSuccess(quarantine({ input: { documentId: d.id, reason: reason.trim() } }), () => {
                      setReason('')
                      reload()
                    })
                  }}
                >
                  <label>
                    Reason (shown to the owner)
                    <input value={reason} onChange={(e) => setReason(e.target.value)} required />
                  </label>
                  <button type="submit" disabled={q.fetching}>
                    Quarantine
                  </button>
                </form>
              )}
              <ErrorNote error={q.error ?? rel.error ?? took.error} />
              {rel.data && rel.data.releaseDocument.notRestored.length > 0 && (
                <p className="status error">
                  Not given back: {rel.data.releaseDocument.notRestored.map((g) => `${g.name} (${g.recipient})`).join(', ')}
                </p>
              )}
            </div>
          )}
        </State>
      )}
    </section>
  )
}

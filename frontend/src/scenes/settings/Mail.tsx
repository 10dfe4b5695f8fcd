import { useEffect, useState } from 'react'
import { useMutation, useQuery } from 'urql'
import { graphql } from '../../gql'
import type { MailDigest } from '../../gql/graphql'
import { ErrorNote, Loading } from '../../components/Status'
import { SettingsNav } from './SettingsNav'
import '../../components/admin.css'

const MailPreferencesQuery = graphql(`
  query MailPreferences {
    mailPreferences {
      decisions
      mentions
      digest
      mailEnabled
    }
  }
`)

const UpdateMailPreferences = graphql(`
  mutation UpdateMailPreferences($input: UpdateMailPreferencesInput!) {
    updateMailPreferences(input: $input) {
      decisions
      mentions
      digest
      mailEnabled
    }
  }
`)

const digests: { label: string; value: MailDigest }[] = [
  { label: 'Off', value: 'OFF' },
  { label: 'Hourly', value: 'HOURLY' },
  { label: 'Daily', value: 'DAILY' },
]

/** /settings/mail: which notifications CoDNA mails you. */
export default function Mail() {
  const [prefs, refetch] = useQuery({ query: MailPreferencesQuery })
  const [saved, save] = useMutation(UpdateMailPreferences)
  const [decisions, setDecisions] = useState(true)
  const [mentions, setMentions] = useState(true)
  const [digest, setDigest] = useState<MailDigest>('DAILY')
  const [done, setDone] = useState(false)
  const p = prefs.data?.mailPreferences
  useEffect(() => {
    if (!p) return
    setDecisions(p.decisions)
    setMentions(p.mentions)
    setDigest(p.digest)
  }, [p])
  const off = p ? !p.mailEnabled : false

  return (
    <section className="admin">
      <h1>E-mail</h1>
      <SettingsNav current="/settings/mail" />
      {prefs.fetching && !p ? (
        <Loading />
      ) : prefs.error ? (
        <ErrorNote error={prefs.error} />
      ) : (
        <>
          {off ? (
            <p className="status" role="status">
              Mail is off on this instance: it sends no mail at all. Your preferences can be changed once an administrator
              turns mail on.
            </p>
          ) : (
            <p className="status">Choose what CoDNA mails you; everything stays in your inbox as well.</p>
          )}
          <form
            className="stack-form"
            onSubmit={async (e) => {
              e.preventDefault()
              setDone(false)
              const r = await save({ input: { decisions, mentions, digest } })
              if (!r.error) {
                setDone(true)
                refetch({ requestPolicy: 'network-only' })
              }
            }}
          >
            <fieldset disabled={off} className="checks">
              <legend className="sr-only">Mail preferences</legend>
              <label className="check">
                <input type="checkbox" disabled={off} checked={decisions} onChange={(e) => setDecisions(e.target.checked)} />
                Decisions waiting for me, at once
              </label>
              <label className="check">
                <input type="checkbox" disabled={off} checked={mentions} onChange={(e) => setMentions(e.target.checked)} />
                Mentions of me, at once
              </label>
              <label>
                Digest of unread notifications
                <select disabled={off} value={digest} onChange={(e) => setDigest(e.target.value as MailDigest)}>
                  {digests.map((d) => (
                    <option key={d.value} value={d.value}>
                      {d.label}
                    </option>
                  ))}
                </select>
              </label>
            </fieldset>
            <div className="buttons">
              <button type="submit" disabled={off || saved.fetching}>
                Save
              </button>
              {done && (
                <span className="status" role="status">
                  Saved.
                </span>
              )}
            </div>
          </form>
          <ErrorNote error={saved.error} />
        </>
      )}
    </section>
  )
}

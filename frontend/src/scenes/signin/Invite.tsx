import { useEffect, useState, type FormEvent } from 'react'
import { useMutation, useQuery } from 'urql'
import { graphql } from '../../gql'
import { ErrorNote, Loading } from '../../components/Status'
import { NewPasswordFields, newPasswordProblem } from '../../components/NewPasswordFields'
import { Link } from '../../router'
import { SignInOptions } from './SignIn'
import { RelativeTime } from '../../components/RelativeTime'

const InvitationPreview = graphql(`
  query InvitationPreview($token: String!) {
    invitation(token: $token) {
      email
      name
      expiresAt
    }
  }
`)

const AcceptInvitation = graphql(`
  mutation AcceptInvitation($input: AcceptInvitationInput!) {
    acceptInvitation(input: $input) {
      user {
        ...UserFields
      }
    }
  }
`)

/**
 * /invite/<token>: an invited person chooses their name and password, or
 * accepts through the team's identity provider when single sign-on is on;
 * success signs them in.
 */
export default function Invite({ token, onDone }: { token: string; onDone: () => void }) {
  const [preview] = useQuery({ query: InvitationPreview, variables: { token } })
  const [options] = useQuery({ query: SignInOptions })
  const sso = options.data?.signInOptions.sso
  const passwordOn = options.data?.signInOptions.password ?? true
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const [again, setAgain] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [res, accept] = useMutation(AcceptInvitation)
  const invitation = preview.data?.invitation
  useEffect(() => {
    if (invitation) setName(invitation.name)
  }, [invitation])
  if (preview.fetching && !preview.data) return <Loading what="Opening your invitation" />
  const unknown = !preview.error || preview.error.graphQLErrors.some((g) => g.extensions?.code === 'UNAUTHENTICATED')
  if (!invitation && !unknown) {
    return (
      <main className="signin">
        <h1>Invitation</h1>
        <ErrorNote error={preview.error} />
      </main>
    )
  }
  if (!invitation) {
    return (
      <main className="signin">
        <h1>Invitation</h1>
        <p className="status error" role="alert">
          This invitation is not valid: it may have been used already or have expired. Ask the person who invited you for a new one.
        </p>
        <p>
          <Link to="/">Sign in</Link>
        </p>
      </main>
    )
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const p = newPasswordProblem(password, again)
    setProblem(p)
    if (p) return
    const r = await accept({ input: { token, password, name: name.trim() } })
    if (!r.error) onDone()
  }
  return (
    <main className="signin">
      <h1>Join CoDNA</h1>
      <p>
        You are invited as <strong>{invitation.email}</strong>. The invitation is good until <RelativeTime at={invitation.expiresAt} />.
      </p>
      {sso && (
        <p>
          <a className="sso" href={`${sso.startUrl}?invite=${encodeURIComponent(token)}`}>
            Join with {sso.name}
          </a>
          {passwordOn && <span className="meta"> — or choose a password:</span>}
        </p>
      )}
      {passwordOn && (
        <form onSubmit={submit} aria-label="Accept the invitation">
          <label>
            Your name
            <input autoComplete="name" required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <NewPasswordFields label="Password" password={password} again={again} onPassword={setPassword} onAgain={setAgain} />
          <button type="submit" disabled={res.fetching}>
            {res.fetching ? 'Joining…' : 'Join'}
          </button>
          <ErrorNote error={problem ? new Error(problem) : null} />
          <ErrorNote error={res.error} />
        </form>
      )}
    </main>
  )
}

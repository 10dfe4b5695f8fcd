import { useState, type FormEvent } from 'react'
import { useMutation } from 'urql'
import { graphql } from '../../gql'
import { ErrorNote } from '../../components/Status'
import { Link } from '../../router'

const RequestPasswordReset = graphql(`
  mutation RequestPasswordReset($input: RequestPasswordResetInput!) {
    requestPasswordReset(input: $input)
  }
`)

/** /forgot: asks for a reset link by mail. The answer is the same whether or not the address has an account. */
export default function Forgot() {
  const [email, setEmail] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [res, request] = useMutation(RequestPasswordReset)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const r = await request({ input: { email: email.trim() } })
    if (!r.error) setSentTo(email.trim())
  }
  const mailOff = res.error?.graphQLErrors.some((g) => g.extensions?.code === 'FORBIDDEN')
  return (
    <main className="signin">
      <h1>Forgot your password?</h1>
      {sentTo ? (
        <p role="status">
          If <strong>{sentTo}</strong> has an account, a link to choose a new password is on its way. It works once, for an hour.
        </p>
      ) : (
        <form onSubmit={submit} aria-label="Ask for a reset link">
          <p className="meta">We mail you a link to choose a new one.</p>
          <label>
            Email
            <input type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>
          <button type="submit" disabled={res.fetching}>
            {res.fetching ? 'Sending…' : 'Send me a link'}
          </button>
          {mailOff ? (
            <p className="status error" role="alert">
              This instance sends no mail. Ask the people who run it to reset your password.
            </p>
          ) : (
            <ErrorNote error={res.error} />
          )}
        </form>
      )}
      <p>
        <Link to="/">Back to sign in</Link>
      </p>
    </main>
  )
}

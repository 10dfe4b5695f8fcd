import { useState, type FormEvent } from 'react'
import { useMutation } from 'urql'
import { graphql } from '../../gql'
import { ErrorNote } from '../../components/Status'
import { Link } from '../../router'

const Login = graphql(`
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      user {
        ...UserFields
        email
        kind
      }
    }
  }
`)

/** Signing in with email and password; onDone re-reads who is signed in. */
export function SignIn({ onDone }: { onDone: () => void }) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [res, login] = useMutation(Login)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const r = await login({ input: { email, password } })
    if (!r.error) onDone()
  }
  return (
    <main className="signin">
      <h1>CoDNA</h1>
      <form onSubmit={submit} aria-label="Sign in">
        <label>
          Email
          <input type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label>
          Password
          <input type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <button type="submit" disabled={res.fetching}>
          {res.fetching ? 'Signing in…' : 'Sign in'}
        </button>
        <ErrorNote error={res.error} />
        <p>
          <Link to="/forgot">Forgot password?</Link>
        </p>
      </form>
      <p>
        <a href="/manage">Management: use a manage token</a>
      </p>
    </main>
  )
}

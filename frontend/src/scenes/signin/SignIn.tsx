import { useState, type FormEvent } from 'react'
import { useMutation, useQuery } from 'urql'
import { graphql } from '../../gql'
import { ErrorNote } from '../../components/Status'
import { Link, navigate } from '../../router'

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

/** How people may sign in here: also read by the invitation screen. */
export const SignInOptions = graphql(`
  query SignInOptions {
    signInOptions {
      password
      sso {
        name
        startUrl
      }
    }
  }
`)

/**
 * What each `/signin?error=<code>` a failed single sign-on comes back with
 * means, in words (docs/api.md, "Single sign-on"). {name} is the provider.
 */
const ssoFailed = 'Signing in with {name} did not work. Try again; if it keeps failing, tell whoever runs CoDNA.'
export const ssoErrors: Record<string, string> = {
  sso_failed: ssoFailed,
  sso_unavailable: '{name} could not be reached. Try again in a minute.',
  sso_state: 'That sign-in took too long or was already used. Start again.',
  sso_unverified_email: '{name} did not confirm your e-mail address, so CoDNA cannot tell who you are here.',
  sso_domain: 'People with your e-mail domain cannot join this CoDNA by signing in. Ask for an invitation.',
  sso_deactivated: 'Your CoDNA account is deactivated. Ask management to reactivate it.',
  sso_no_account: 'There is no CoDNA account for your e-mail address. Ask management for an invitation.',
  sso_already_linked: 'Your CoDNA account is already linked to another {name} account. Sign in with that one, or ask management.',
  sso_invitation_invalid: 'This invitation is not valid any more: it was used or has expired. Ask for a new one.',
  sso_invitation_mismatch: 'The invitation is for another e-mail address than your {name} account. Sign in to {name} with the invited address.',
}

/** The message for a sign-in error code; unknown codes get the general one. */
export function ssoErrorText(code: string, name: string): string {
  return (ssoErrors[code] ?? ssoFailed).replaceAll('{name}', name)
}

/** Where the single sign-on button goes: back to this page after signing in. */
export function ssoStartHref(startUrl: string, path: string, search: string): string {
  const next = path === '/signin' || path === '' ? '/' : path + search
  return next === '/' ? startUrl : `${startUrl}?next=${encodeURIComponent(next)}`
}

/**
 * Signing in: with the team's identity provider when single sign-on is on,
 * and with email and password unless the instance turned passwords off.
 * onDone re-reads who is signed in.
 */
export function SignIn({ onDone }: { onDone: () => void }) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [res, login] = useMutation(Login)
  const [options] = useQuery({ query: SignInOptions })
  const opts = options.data?.signInOptions
  const sso = opts?.sso
  const passwordOn = opts?.password ?? true
  const params = new URLSearchParams(window.location.search)
  const error = params.get('error')
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const r = await login({ input: { email, password } })
    if (r.error) return
    if (window.location.pathname === '/signin') navigate('/', true)
    onDone()
  }
  const name = sso?.name ?? 'your identity provider'
  return (
    <main className="signin">
      <h1>CoDNA</h1>
      {error && error.startsWith('sso_') && (
        <p role="alert" className="error">
          {ssoErrorText(error, name)}
        </p>
      )}
      {sso && (
        <p>
          <a className="sso" href={ssoStartHref(sso.startUrl, window.location.pathname, window.location.search)}>
            Sign in with {sso.name}
          </a>
        </p>
      )}
      {passwordOn && (
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
      )}
      {!passwordOn && !sso && <ErrorNote error={options.error} />}
      <p>
        <a href="/manage">Management: use a manage token</a>
      </p>
    </main>
  )
}

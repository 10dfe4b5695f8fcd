import { useState, type FormEvent } from 'react'
import { useMutation } from 'urql'
import { graphql } from '../../gql'
import { ErrorNote } from '../../components/Status'
import { NewPasswordFields, newPasswordProblem } from '../../components/NewPasswordFields'
import { Link } from '../../router'

const ResetPasswordWithToken = graphql(`
  mutation ResetPasswordWithToken($input: ResetPasswordWithTokenInput!) {
    resetPasswordWithToken(input: $input) {
      user {
        ...UserFields
      }
    }
  }
`)

/** /reset/<token>: choosing a new password from a reset link; success signs in (other sessions end). */
export default function Reset({ token, onDone }: { token: string; onDone: () => void }) {
  const [password, setPassword] = useState('')
  const [again, setAgain] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [res, reset] = useMutation(ResetPasswordWithToken)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const p = newPasswordProblem(password, again)
    setProblem(p)
    if (p) return
    const r = await reset({ input: { token, password } })
    if (!r.error) onDone()
  }
  const invalid = res.error?.graphQLErrors.some((g) => g.extensions?.code === 'UNAUTHENTICATED')
  return (
    <main className="signin">
      <h1>Choose a new password</h1>
      <form onSubmit={submit} aria-label="Choose a new password">
        <NewPasswordFields password={password} again={again} onPassword={setPassword} onAgain={setAgain} />
        <button type="submit" disabled={res.fetching}>
          {res.fetching ? 'Saving…' : 'Save and sign in'}
        </button>
        <ErrorNote error={problem ? new Error(problem) : null} />
        {invalid ? (
          <p className="status error" role="alert">
            This link is not valid any more: it works once, for an hour. <Link to="/forgot">Ask for a new one</Link>.
          </p>
        ) : (
          <ErrorNote error={res.error} />
        )}
      </form>
    </main>
  )
}

import { useState, type FormEvent } from 'react'
import { useMutation } from 'urql'
import { graphql } from '../../gql'
import { ErrorNote } from '../../components/Status'
import { NewPasswordFields, newPasswordProblem } from '../../components/NewPasswordFields'
import { SettingsNav } from './SettingsNav'
import '../../components/admin.css'

const ChangePassword = graphql(`
  mutation ChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      sessionsEnded
    }
  }
`)

/** /settings/password: changing your password; your other sessions are signed out. */
export default function Password() {
  const [oldPassword, setOld] = useState('')
  const [password, setPassword] = useState('')
  const [again, setAgain] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [ended, setEnded] = useState<number | null>(null)
  const [res, change] = useMutation(ChangePassword)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setEnded(null)
    const p = newPasswordProblem(password, again)
    setProblem(p)
    if (p) return
    const r = await change({ input: { oldPassword, newPassword: password } })
    if (r.data) {
      setEnded(r.data.changePassword.sessionsEnded)
      setOld('')
      setPassword('')
      setAgain('')
    }
  }
  return (
    <section className="admin">
      <h1>Password</h1>
      <SettingsNav current="/settings/password" />
      <form className="stack-form" onSubmit={submit} aria-label="Change your password">
        <label>
          Current password
          <input type="password" autoComplete="current-password" required value={oldPassword} onChange={(e) => setOld(e.target.value)} />
        </label>
        <NewPasswordFields password={password} again={again} onPassword={setPassword} onAgain={setAgain} />
        <button type="submit" disabled={res.fetching}>
          {res.fetching ? 'Changing…' : 'Change password'}
        </button>
        <ErrorNote error={problem ? new Error(problem) : null} />
        <ErrorNote error={res.error} />
        {ended !== null && (
          <p className="status" role="status">
            Your password is changed.{' '}
            {ended === 0 ? 'You had no other sessions.' : `${ended} other ${ended === 1 ? 'session was' : 'sessions were'} signed out.`} Your tokens
            keep working.
          </p>
        )}
      </form>
    </section>
  )
}

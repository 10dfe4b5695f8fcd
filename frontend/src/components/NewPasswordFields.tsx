// The two fields every "choose a password" form has: the password and the
// same again. Used by the invitation, reset and change-password screens.

/** The server's rule, checked here first so a person is told before sending. */
export const minPasswordLength = 10

/** What is wrong with a new password and its repetition, or null when nothing. */
export function newPasswordProblem(password: string, again: string): string | null {
  if (password.length < minPasswordLength) return `Use at least ${minPasswordLength} characters.`
  if (password !== again) return 'The two passwords differ.'
  return null
}

export function NewPasswordFields({
  password,
  again,
  onPassword,
  onAgain,
  label = 'New password',
}: {
  password: string
  again: string
  onPassword: (v: string) => void
  onAgain: (v: string) => void
  label?: string
}) {
  const mismatch = again !== '' && password !== again
  return (
    <>
      <label>
        {label}
        <input
          type="password"
          autoComplete="new-password"
          required
          minLength={minPasswordLength}
          value={password}
          onChange={(e) => onPassword(e.target.value)}
          aria-describedby="new-password-hint"
        />
      </label>
      <small id="new-password-hint" className="meta">
        At least {minPasswordLength} characters.
      </small>
      <label>
        {label} again
        <input
          type="password"
          autoComplete="new-password"
          required
          value={again}
          onChange={(e) => onAgain(e.target.value)}
          aria-invalid={mismatch || undefined}
        />
      </label>
      {mismatch && <p className="status error">The two passwords differ.</p>}
    </>
  )
}

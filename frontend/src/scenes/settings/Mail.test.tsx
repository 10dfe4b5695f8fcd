import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Provider, type Client } from 'urql'
import { fromValue } from 'wonka'
import Mail from './Mail'

afterEach(cleanup)

function client(mailEnabled: boolean, sent: unknown[]): Client {
  const prefs = { __typename: 'MailPreferences', decisions: true, mentions: true, digest: 'DAILY', mailEnabled }
  return {
    executeQuery: vi.fn((op) => fromValue({ operation: op, data: { mailPreferences: prefs }, stale: false, hasNext: false })),
    executeMutation: vi.fn((op: { variables: { input: object } }) => {
      sent.push(op.variables)
      return fromValue({ operation: op, data: { updateMailPreferences: { ...prefs, ...op.variables.input } }, stale: false, hasNext: false })
    }),
    executeSubscription: vi.fn(),
  } as unknown as Client
}

describe('Mail', () => {
  it('saves the preferences', async () => {
    const sent: unknown[] = []
    render(
      <Provider value={client(true, sent)}>
        <Mail />
      </Provider>,
    )
    fireEvent.click(screen.getByLabelText(/Mentions of me/))
    fireEvent.change(screen.getByLabelText(/Digest/), { target: { value: 'HOURLY' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    })
    expect(sent).toEqual([{ input: { decisions: true, mentions: false, digest: 'HOURLY' } }])
    expect(screen.getByText('Saved.')).toBeTruthy()
  })

  it('says that mail is off and disables the form', () => {
    render(
      <Provider value={client(false, [])}>
        <Mail />
      </Provider>,
    )
    expect(screen.getByText(/Mail is off on this instance/)).toBeTruthy()
    expect((screen.getByLabelText(/Decisions waiting/) as HTMLInputElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true)
  })
})

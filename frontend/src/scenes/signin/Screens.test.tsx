import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { CombinedError, Provider, type Client } from 'urql'
import { fromValue } from 'wonka'
import Invite from './Invite'
import Reset from './Reset'
import Forgot from './Forgot'

afterEach(cleanup)

type Op = { query: unknown; variables: Record<string, unknown> }
const ok = (op: Op, data: unknown) => fromValue({ operation: op, data, stale: false, hasNext: false })
const failed = (op: Op, code: string, message: string) =>
  fromValue({
    operation: op,
    error: new CombinedError({ graphQLErrors: [{ message, extensions: { code } }] }),
    stale: false,
    hasNext: false,
  })

function client({ query, mutation }: { query?: (op: Op) => unknown; mutation: (op: Op) => unknown }): Client {
  return {
    executeQuery: vi.fn((op: Op) => query?.(op)),
    executeMutation: vi.fn((op: Op) => mutation(op)),
    executeSubscription: vi.fn(),
  } as unknown as Client
}

const type = (label: RegExp | string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })

describe('Invite', () => {
  const invitation = { __typename: 'InvitationPreview', email: 'nova@example.com', name: 'Nova', expiresAt: '2026-12-13T09:00:00Z' }
  // One answer for both of the screen's queries: the invitation and how people sign in.
  const preview = { invitation, signInOptions: { __typename: 'SignInOptions', password: true, sso: null } }

  it('shows who is invited, checks the two passwords, then joins with a name of their own', async () => {
    const sent: Op['variables'][] = []
    const onDone = vi.fn()
    const c = client({
      query: (op) => ok(op, preview),
      mutation: (op) => {
        sent.push(op.variables)
        return ok(op, { acceptInvitation: { user: { __typename: 'User', id: 'u1', name: 'Nova N' } } })
      },
    })
    render(
      <Provider value={c}>
        <Invite token="tok" onDone={onDone} />
      </Provider>,
    )
    expect(screen.getByText('nova@example.com')).toBeTruthy()
    expect((screen.getByLabelText('Your name') as HTMLInputElement).value).toBe('Nova')
    type('Your name', 'Nova N')
    type(/^Password$/, 'a long enough password')
    type(/^Password again$/, 'a different password')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Join' })))
    expect(sent).toEqual([])
    expect(screen.getAllByText('The two passwords differ.').length).toBeGreaterThan(0)
    type(/^Password again$/, 'a long enough password')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Join' })))
    expect(sent).toEqual([{ input: { token: 'tok', password: 'a long enough password', name: 'Nova N' } }])
    expect(onDone).toHaveBeenCalled()
  })

  it('offers to join through the identity provider, and only that when passwords are off', () => {
    const sso = { __typename: 'SingleSignOnButton', name: 'Acme ID', startUrl: '/auth/oidc/start' }
    const c = client({ query: (op) => ok(op, { invitation, signInOptions: { __typename: 'SignInOptions', password: false, sso } }), mutation: vi.fn() })
    render(
      <Provider value={c}>
        <Invite token="t/1" onDone={vi.fn()} />
      </Provider>,
    )
    expect(screen.getByRole('link', { name: 'Join with Acme ID' }).getAttribute('href')).toBe('/auth/oidc/start?invite=t%2F1')
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull()
  })

  it('says when the invitation is not valid any more', () => {
    const c = client({ query: (op) => failed(op, 'UNAUTHENTICATED', 'This invitation is not valid.'), mutation: vi.fn() })
    render(
      <Provider value={c}>
        <Invite token="used" onDone={vi.fn()} />
      </Provider>,
    )
    expect(screen.getByRole('alert').textContent).toMatch(/not valid/)
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull()
  })
})

describe('Reset', () => {
  it('refuses a short password before sending, then sets the new one and signs in', async () => {
    const sent: Op['variables'][] = []
    const onDone = vi.fn()
    const c = client({
      mutation: (op) => {
        sent.push(op.variables)
        return ok(op, { resetPasswordWithToken: { user: { __typename: 'User', id: 'u1', name: 'Ada' } } })
      },
    })
    render(
      <Provider value={c}>
        <Reset token="r1" onDone={onDone} />
      </Provider>,
    )
    type(/^New password$/, 'short')
    type(/^New password again$/, 'short')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' })))
    expect(sent).toEqual([])
    expect(screen.getByRole('alert').textContent).toMatch(/at least 10/)
    type(/^New password$/, 'my new long password')
    type(/^New password again$/, 'my new long password')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' })))
    expect(sent).toEqual([{ input: { token: 'r1', password: 'my new long password' } }])
    expect(onDone).toHaveBeenCalled()
  })

  it('offers a new link when the token is used or expired', async () => {
    const c = client({ mutation: (op) => failed(op, 'UNAUTHENTICATED', 'This link is not valid.') })
    render(
      <Provider value={c}>
        <Reset token="old" onDone={vi.fn()} />
      </Provider>,
    )
    type(/^New password$/, 'my new long password')
    type(/^New password again$/, 'my new long password')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' })))
    expect(screen.getByRole('link', { name: 'Ask for a new one' }).getAttribute('href')).toBe('/forgot')
  })
})

describe('Forgot', () => {
  it('answers the same whatever the address', async () => {
    const c = client({ mutation: (op) => ok(op, { requestPasswordReset: true }) })
    render(
      <Provider value={c}>
        <Forgot />
      </Provider>,
    )
    type('Email', 'someone@example.com')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send me a link' })))
    expect(screen.getByRole('status').textContent).toMatch(/If someone@example.com has an account/)
  })

  it('says to ask management when the instance sends no mail', async () => {
    const c = client({ mutation: (op) => failed(op, 'FORBIDDEN', 'This instance sends no mail.') })
    render(
      <Provider value={c}>
        <Forgot />
      </Provider>,
    )
    type('Email', 'someone@example.com')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send me a link' })))
    expect(screen.getByRole('alert').textContent).toMatch(/sends no mail/)
  })
})

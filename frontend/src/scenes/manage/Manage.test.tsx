import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Provider, type Client } from 'urql'
import { fromValue, never } from 'wonka'
import Manage from './Manage'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

// The app's client: nobody signed in as management.
const appClient = {
  executeQuery: vi.fn((op: unknown) => fromValue({ operation: op, data: { me: null }, stale: false, hasNext: false })),
  executeMutation: vi.fn(() => never),
  executeSubscription: vi.fn(() => never),
} as unknown as Client

function json(data: unknown) {
  return new Response(JSON.stringify({ data }), { status: 200, headers: { 'Content-Type': 'application/json' } })
}

describe('Manage', () => {
  it('asks for a manage token and sends it as a Bearer header, without cookies', async () => {
    const calls: { auth: string | null; credentials: RequestCredentials | undefined; body: string }[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const headers = new Headers(init.headers)
        const body = String(init.body)
        calls.push({ auth: headers.get('Authorization'), credentials: init.credentials, body })
        if (body.includes('ManageMe')) return json({ me: { __typename: 'User', id: 'm', name: 'management', kind: 'MANAGEMENT' } })
        return json({ managedUsers: { __typename: 'ManagedUserConnection', edges: [], pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null } } })
      }),
    )
    render(
      <Provider value={appClient}>
        <Manage />
      </Provider>,
    )
    fireEvent.change(screen.getByLabelText('Manage token'), { target: { value: 'codna_secret' } })
    fireEvent.click(screen.getByRole('button', { name: 'Use token' }))
    await screen.findByRole('tab', { name: 'People' })
    await screen.findByText('Nobody yet.')
    expect(calls.length).toBeGreaterThanOrEqual(2)
    for (const c of calls) {
      expect(c.auth).toBe('Bearer codna_secret')
      expect(c.credentials).toBe('omit')
    }
    fireEvent.click(screen.getByRole('button', { name: 'Forget token' }))
    expect(screen.getByLabelText('Manage token')).toBeTruthy()
  })

  it('refuses a token that is not management', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ me: { __typename: 'User', id: 'p', name: 'Ada', kind: 'PERSON' } })))
    render(
      <Provider value={appClient}>
        <Manage />
      </Provider>,
    )
    fireEvent.change(screen.getByLabelText('Manage token'), { target: { value: 'codp_x' } })
    fireEvent.click(screen.getByRole('button', { name: 'Use token' }))
    expect((await screen.findByRole('alert')).textContent).toContain('not a manage token')
  })
})

import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Provider, type Client } from 'urql'
import { fromValue } from 'wonka'
import { SessionList } from './Sessions'
import Password from './Password'

afterEach(cleanup)

type Op = { variables: Record<string, unknown> }
const ok = (op: Op, data: unknown) => fromValue({ operation: op, data, stale: false, hasNext: false })

const session = (id: string, device: string, current: boolean) => ({
  __typename: 'Session',
  id,
  device,
  address: '203.0.113.7',
  createdAt: '2026-12-01T09:00:00Z',
  lastUsedAt: '2026-12-06T09:00:00Z',
  current,
})

describe('SessionList', () => {
  it('lists each browser, marks this one, and signs out another or all others', async () => {
    const sent: Op['variables'][] = []
    const c = {
      executeQuery: vi.fn((op: Op) =>
        ok(op, { sessions: [session('s1', 'Firefox on Linux', true), session('s2', 'Safari on iOS', false), session('s3', 'Chrome on Android', false)] }),
      ),
      executeMutation: vi.fn((op: Op) => {
        sent.push(op.variables)
        return ok(op, op.variables.input ? { endSession: { id: 's2' } } : { endOtherSessions: { sessionsEnded: 2 } })
      }),
      executeSubscription: vi.fn(),
    } as unknown as Client
    render(
      <Provider value={c}>
        <SessionList />
      </Provider>,
    )
    expect(screen.getByText('This browser')).toBeTruthy()
    expect(screen.getAllByText(/From 203.0.113.7/).length).toBe(3)
    expect(screen.queryByRole('button', { name: 'Sign out Firefox on Linux' })).toBeNull()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign out Safari on iOS' })))
    expect(sent).toEqual([{ input: { id: 's2' } }])
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign out all other sessions' })))
    expect(sent).toHaveLength(2)
  })
})

describe('Password', () => {
  it('changes the password and says how many other sessions were signed out', async () => {
    const sent: Op['variables'][] = []
    const c = {
      executeQuery: vi.fn(),
      executeMutation: vi.fn((op: Op) => {
        sent.push(op.variables)
        return ok(op, { changePassword: { sessionsEnded: 2 } })
      }),
      executeSubscription: vi.fn(),
    } as unknown as Client
    render(
      <Provider value={c}>
        <Password />
      </Provider>,
    )
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'the old password' } })
    fireEvent.change(screen.getByLabelText(/^New password$/), { target: { value: 'the new long password' } })
    fireEvent.change(screen.getByLabelText(/^New password again$/), { target: { value: 'the new long password' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Change password' })))
    expect(sent).toEqual([{ input: { oldPassword: 'the old password', newPassword: 'the new long password' } }])
    expect(screen.getByRole('status').textContent).toMatch(/2 other sessions were signed out/)
  })
})

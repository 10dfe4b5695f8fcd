import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Provider, type Client } from 'urql'
import { fromValue } from 'wonka'
import Agents, { parseTargets } from './Agents'

afterEach(cleanup)

type Op = { variables: Record<string, unknown>; query: { definitions: { name?: { value: string } }[] } }
const ok = (op: Op, data: unknown) => fromValue({ operation: op, data, stale: false, hasNext: false })
const opName = (op: Op) => op.query.definitions[0]?.name?.value

describe('parseTargets', () => {
  it('splits by commas and new lines and drops blanks', () => {
    expect(parseTargets(' dana@example.com, group:ops\n\n erin@example.com ,')).toEqual(['dana@example.com', 'group:ops', 'erin@example.com'])
  })
})

describe('Agents', () => {
  it('shows a paused agent, resumes it, saves whom it may share with and revokes one token', async () => {
    const sent: [string | undefined, Record<string, unknown>][] = []
    const c = {
      executeQuery: vi.fn((op: Op) =>
        opName(op) === 'MyAgentsCare'
          ? ok(op, { myAgents: [{ __typename: 'ResponsibleAgent', id: 'a1', slug: 'helper', name: 'Helper', pausedAt: '2026-12-06T01:00:00Z' }] })
          : ok(op, {
              agentTokens: [
                { __typename: 'AccessToken', id: 't1', name: 'default', prefix: 'coda_abcdef', createdAt: '2026-12-01T09:00:00Z', lastUsedAt: null, revokedAt: null },
              ],
              agentShareTargets: [{ __typename: 'AgentShareTarget', recipient: 'group:ops', recipientName: 'Ops' }],
            }),
      ),
      executeMutation: vi.fn((op: Op) => {
        sent.push([opName(op), op.variables])
        return ok(op, {})
      }),
      executeSubscription: vi.fn(),
    } as unknown as Client
    render(
      <Provider value={c}>
        <Agents />
      </Provider>,
    )
    expect(screen.getByText('Paused')).toBeTruthy()
    const input = screen.getByLabelText('May share its pages with') as HTMLInputElement
    expect(input.value).toBe('group:ops')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Resume helper' })))
    fireEvent.change(input, { target: { value: 'group:ops, dana@example.com' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Revoke default of helper' })))
    expect(sent).toEqual([
      ['ResumeMyAgent', { input: { agentId: 'a1' } }],
      ['SetAgentShareTargets', { input: { agentId: 'a1', principals: ['group:ops', 'dana@example.com'] } }],
      ['RevokeAgentToken', { input: { agentId: 'a1', tokenId: 't1' } }],
    ])
  })
})

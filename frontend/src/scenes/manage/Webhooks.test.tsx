import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { CombinedError, Provider, type Client } from 'urql'
import { fromValue } from 'wonka'
import ManagedWebhooks from './Webhooks'

afterEach(cleanup)

const webhook = {
  __typename: 'Webhook',
  id: 'm1',
  url: 'https://siem.example.com/codna',
  events: [],
  space: null,
  pathPrefix: '',
  status: 'PAUSED',
  statusReason: 'paused: 100 deliveries dead in a row',
  consecutiveDead: 100,
  previousSecretUntil: null,
  createdAt: '2026-12-06T00:00:00Z',
  updatedAt: '2026-12-06T00:00:00Z',
  deliveries: [],
}

function client(sent: { name: string; variables: unknown }[]): Client {
  return {
    executeQuery: vi.fn((op) => fromValue({ operation: op, data: { managementWebhooks: [webhook] }, stale: false, hasNext: false })),
    executeMutation: vi.fn((op: { variables: unknown; query: { definitions: { name?: { value: string } }[] } }) => {
      const name = op.query.definitions[0]?.name?.value ?? ''
      sent.push({ name, variables: op.variables })
      if (name === 'CreateManagementWebhook') {
        return fromValue({
          operation: op,
          error: new CombinedError({ graphQLErrors: [{ message: 'An unknown event type.', extensions: { code: 'BAD_USER_INPUT', field: 'events' } }] }),
          stale: false,
          hasNext: false,
        })
      }
      return fromValue({ operation: op, data: { resumeManagementWebhook: { __typename: 'WebhookPayload', webhook: { ...webhook, status: 'ACTIVE' } } }, stale: false, hasNext: false })
    }),
    executeSubscription: vi.fn(),
  } as unknown as Client
}

describe('ManagedWebhooks', () => {
  it('says the bodies carry metadata only, lists a paused webhook with its reason, resumes it and names a refused field', async () => {
    const sent: { name: string; variables: unknown }[] = []
    render(
      <Provider value={client(sent)}>
        <ManagedWebhooks />
      </Provider>,
    )
    expect(screen.getByText(/metadata only/)).toBeTruthy()
    expect(screen.getByText('every event · every space')).toBeTruthy()
    expect(screen.getByText(/paused: 100 deliveries dead in a row/)).toBeTruthy()
    expect(screen.queryByLabelText(/Folder/)).toBeNull()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Resume' }))
    })
    expect(sent).toEqual([{ name: 'ResumeManagementWebhook', variables: { id: 'm1' } }])
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'https://siem.example.com/other' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create webhook' }))
    })
    expect(sent.at(-1)).toEqual({ name: 'CreateManagementWebhook', variables: { input: { url: 'https://siem.example.com/other' } } })
    expect(screen.getByText('An unknown event type.')).toBeTruthy()
  })
})

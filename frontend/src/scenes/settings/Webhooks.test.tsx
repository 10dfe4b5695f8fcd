import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { CombinedError, Provider, type Client } from 'urql'
import { fromValue } from 'wonka'
import Webhooks from './Webhooks'

afterEach(cleanup)

const webhook = {
  __typename: 'Webhook',
  id: 'w1',
  url: 'https://ci.example.com/codna',
  events: ['document.updated'],
  space: 'WIKI',
  pathPrefix: 'runbooks',
  status: 'ACTIVE',
  statusReason: '',
  consecutiveDead: 0,
  previousSecretUntil: null,
  createdAt: '2026-12-06T00:00:00Z',
  updatedAt: '2026-12-06T00:00:00Z',
}

const delivery = {
  __typename: 'WebhookDelivery',
  id: 'd1',
  seq: 1,
  eventId: null,
  eventType: 'webhook.ping',
  status: 'DEAD',
  attempts: 3,
  nextAttemptAt: '2026-12-06T00:00:00Z',
  lastStatus: 404,
  lastError: 'answered 404',
  eventAt: '2026-12-06T00:00:00Z',
  createdAt: '2026-12-06T00:00:00Z',
  deliveredAt: null,
}

/** A client whose webhooks query answers `list` and whose mutations answer what `mutate` returns for them. */
function client(list: unknown[], mutate: (name: string, variables: unknown) => { data?: unknown; error?: CombinedError }): Client {
  return {
    executeQuery: vi.fn((op) => fromValue({ operation: op, data: { webhooks: list }, stale: false, hasNext: false })),
    executeMutation: vi.fn((op: { variables: unknown; query: { definitions: { name?: { value: string } }[] } }) => {
      const name = op.query.definitions[0]?.name?.value ?? ''
      return fromValue({ operation: op, stale: false, hasNext: false, ...mutate(name, op.variables) })
    }),
    executeSubscription: vi.fn(),
  } as unknown as Client
}

describe('Webhooks', () => {
  it('shows the URL the server refused next to the URL field', async () => {
    const sent: unknown[] = []
    const c = client([], (_name, v) => {
      sent.push(v)
      return {
        error: new CombinedError({
          graphQLErrors: [{ message: 'The address is private.', extensions: { code: 'BAD_USER_INPUT', field: 'url' } }],
        }),
      }
    })
    render(
      <Provider value={c}>
        <Webhooks />
      </Provider>,
    )
    expect(screen.getByText('You have no webhooks.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'https://10.0.0.1/hook' } })
    fireEvent.click(screen.getByLabelText('document.created'))
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create webhook' }))
    })
    expect(sent).toEqual([{ input: { url: 'https://10.0.0.1/hook', events: ['document.created'] } }])
    const url = screen.getByLabelText('URL')
    expect(url.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(url.getAttribute('aria-describedby') ?? '')?.textContent).toBe('The address is private.')
  })

  it('shows the secret once, lists the webhook with its deliveries and redelivers a dead one', async () => {
    const sent: { name: string; variables: unknown }[] = []
    const c = client([{ ...webhook, deliveries: [delivery] }], (name, variables) => {
      sent.push({ name, variables })
      if (name === 'CreateWebhook') return { data: { createWebhook: { __typename: 'CreateWebhookPayload', secret: 'whsec_abc', webhook } } }
      return { data: { redeliverWebhookDelivery: { __typename: 'WebhookDeliveryPayload', delivery: { ...delivery, status: 'PENDING' } } } }
    })
    render(
      <Provider value={c}>
        <Webhooks />
      </Provider>,
    )
    expect(screen.getByText('document.updated · wiki:runbooks')).toBeTruthy()
    expect(screen.getByText('answered 404')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: webhook.url } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create webhook' }))
    })
    expect((screen.getByLabelText('Signing secret') as HTMLInputElement).value).toBe('whsec_abc')
    expect(screen.getByText(/it will not be shown again/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Done' }))
    expect(screen.queryByLabelText('Signing secret')).toBeNull()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Redeliver' }))
    })
    expect(sent.at(-1)).toEqual({ name: 'RedeliverWebhookDelivery', variables: { id: 'd1' } })
  })

  it('asks before deleting', async () => {
    const sent: string[] = []
    const c = client([{ ...webhook, deliveries: [] }], (name) => {
      sent.push(name)
      return { data: { deleteWebhook: { __typename: 'DeleteWebhookPayload', id: 'w1' } } }
    })
    render(
      <Provider value={c}>
        <Webhooks />
      </Provider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    expect(sent).toEqual([])
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete for good' }))
    })
    expect(sent).toEqual(['DeleteWebhook'])
  })
})

import { describe, expect, it } from 'vitest'
import { CombinedError } from 'urql'
import { isUnreachable } from './Status'

describe('isUnreachable', () => {
  const network = (status?: number) => new CombinedError({ networkError: new Error('down'), response: status ? ({ status } as Response) : undefined })
  it('is a request with no answer, or a gateway that says the server is not there', () => {
    expect(isUnreachable(network())).toBe(true)
    expect(isUnreachable(network(502))).toBe(true)
    expect(isUnreachable(network(503))).toBe(true)
    expect(isUnreachable(network(504))).toBe(true)
  })
  it('is not an answer from the server', () => {
    expect(isUnreachable(network(500))).toBe(false)
    expect(isUnreachable(network(413))).toBe(false)
    expect(isUnreachable(new CombinedError({ graphQLErrors: [{ message: 'Sign in first.' }] }))).toBe(false)
    expect(isUnreachable(new Error('x'))).toBe(false)
    expect(isUnreachable(undefined)).toBe(false)
  })
})

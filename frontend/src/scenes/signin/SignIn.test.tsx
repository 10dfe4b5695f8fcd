import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { Provider, type Client } from 'urql'
import { fromValue } from 'wonka'
import { SignIn, ssoErrors, ssoStartHref } from './SignIn'

afterEach(() => {
  cleanup()
  window.history.replaceState(null, '', '/')
})

function client(options: { password: boolean; sso: { name: string; startUrl: string } | null }): Client {
  return {
    executeQuery: vi.fn((op) =>
      fromValue({
        operation: op,
        data: { signInOptions: { __typename: 'SignInOptions', password: options.password, sso: options.sso && { __typename: 'SingleSignOnButton', ...options.sso } } },
        stale: false,
        hasNext: false,
      }),
    ),
    executeMutation: vi.fn(),
    executeSubscription: vi.fn(),
  } as unknown as Client
}

function show(options: Parameters<typeof client>[0]) {
  render(
    <Provider value={client(options)}>
      <SignIn onDone={() => {}} />
    </Provider>,
  )
}

const idp = { name: 'Acme ID', startUrl: '/auth/oidc/start' }

describe('SignIn', () => {
  it('shows the password form alone when single sign-on is off', () => {
    show({ password: true, sso: null })
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeTruthy()
    expect(screen.queryByText(/Sign in with/)).toBeNull()
  })

  it('offers "Sign in with <name>", back to the page asked for', () => {
    window.history.replaceState(null, '', '/wiki/handbook?x=1')
    show({ password: true, sso: idp })
    const button = screen.getByRole('link', { name: 'Sign in with Acme ID' })
    expect(button.getAttribute('href')).toBe('/auth/oidc/start?next=%2Fwiki%2Fhandbook%3Fx%3D1')
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeTruthy()
  })

  it('hides the password form when password sign-in is off', () => {
    show({ password: false, sso: idp })
    expect(screen.getByRole('link', { name: 'Sign in with Acme ID' })).toBeTruthy()
    expect(screen.queryByRole('form', { name: 'Sign in' })).toBeNull()
    expect(screen.queryByLabelText('Password')).toBeNull()
  })

  it.each(Object.keys(ssoErrors))('says what %s means, never more', (code) => {
    window.history.replaceState(null, '', `/signin?error=${code}`)
    show({ password: true, sso: idp })
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe((ssoErrors[code] ?? '').replaceAll('{name}', 'Acme ID'))
    expect(screen.getByRole('link', { name: 'Sign in with Acme ID' }).getAttribute('href')).toBe('/auth/oidc/start')
  })

  it('answers an unknown code with the general message', () => {
    window.history.replaceState(null, '', '/signin?error=sso_something_new')
    show({ password: true, sso: idp })
    expect(screen.getByRole('alert').textContent).toBe((ssoErrors.sso_failed ?? '').replaceAll('{name}', 'Acme ID'))
  })

  it('returns to / from the sign-in screen itself', () => {
    expect(ssoStartHref('/auth/oidc/start', '/signin', '?error=sso_state')).toBe('/auth/oidc/start')
    expect(ssoStartHref('/auth/oidc/start', '/', '')).toBe('/auth/oidc/start')
    expect(ssoStartHref('/auth/oidc/start', '/inbox', '')).toBe('/auth/oidc/start?next=%2Finbox')
  })
})

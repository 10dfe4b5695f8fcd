// Browser tests of joining and signing in: single sign-on through the test provider, an
// invitation accepted and a password reset through the screens, links read from the mail the
// test SMTP server received.
import { addProviderUser, providerName, receivedMail } from '../harness.mjs'
import { password, people, assert, eventually, see, test } from '../kit.mjs'

test('sign in through the identity provider', async (t) => {
  await addProviderUser({ subject: 'e2e-cy', username: 'cy', password: 'provider password', email: people.cy.email, name: 'Cy at the provider' })
  const { page } = await t.open()
  await page.goto('/inbox')
  const button = page.getByRole('link', { name: `Sign in with ${providerName}` })
  await see(button, `the "Sign in with ${providerName}" button`)
  await t.shot(page, 'sign-in-sso')
  await button.click()
  // The provider's own login page, on its own origin.
  await see(page.getByRole('heading', { name: 'Test provider' }), "the provider's login page")
  await page.getByLabel('Username').fill('cy')
  await page.getByLabel('Password').fill('provider password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await see(page.getByRole('button', { name: `Sign out ${people.cy.name}` }), 'the signed-in shell (Sign out Cy Young)')
  assert(new URL(page.url()).pathname === '/inbox', `back at the page asked for, not ${page.url()}`)
  await see(page.getByText(/now signs in with Test IdP/), 'the inbox notice of the link')
  // The link is told by mail too: the test SMTP server received it.
  const mail = await eventually('the mail telling Cy of the link', async () =>
    (await receivedMail()).find((m) => m.to.includes(people.cy.email) && /signs in with/.test(m.subject)),
  )
  assert(mail.text.includes(`linked to your account at ${providerName}`), `the mail says so: ${mail.text}`)
})

test('a failed sign-in through the provider says why', async (t) => {
  await addProviderUser({ subject: 'e2e-nobody', username: 'nobody', password: 'provider password', email: 'nobody@elsewhere.example' })
  const { page } = await t.open()
  await page.goto('/')
  await page.getByRole('link', { name: `Sign in with ${providerName}` }).click()
  await see(page.getByLabel('Username'), "the provider's login page")
  await page.getByLabel('Username').fill('nobody')
  await page.getByLabel('Password').fill('provider password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await see(page.getByRole('alert').filter({ hasText: /no CoDNA account for your e-mail/ }), 'that there is no account')
  assert(new URL(page.url()).search === '?error=sso_no_account', `only the code in the address: ${page.url()}`)
})

/** The first link to this app's path prefix in a mail's text, as a path (`/invite/…`, `/reset/…`). */
function linkIn(mail, prefix) {
  const m = new RegExp(`https?://[^\\s"<>]+(${prefix}[^\\s"<>]+)`).exec(mail.text)
  assert(m, `a ${prefix} link in the mail "${mail.subject}": ${mail.text}`)
  return m[1]
}

test('management invites from the console; the invited person joins through the mailed link', async (t) => {
  const invited = { email: 'dee@example.com', name: 'Dee Newcomer', password: 'dee chose this password' }
  const token = t.app.createManageToken()
  const { page: console_ } = await t.open()
  await console_.goto('/manage')
  await console_.getByLabel('Manage token').fill(token)
  await console_.getByRole('button', { name: 'Use token' }).click()
  const form = await see(console_.getByRole('form', { name: 'Invite a person' }), 'the console\'s "Invite a person" form')
  await form.getByLabel('Email').fill(invited.email)
  await form.getByLabel('Name').fill('Dee')
  await form.getByRole('button', { name: 'Invite' }).click()
  await see(console_.getByRole('status').filter({ hasText: `The invitation was mailed to ${invited.email}` }), 'that the invitation was mailed')

  const mail = await eventually('the invitation mail', async () => (await receivedMail()).find((m) => m.to.includes(invited.email)))
  const { page } = await t.open()
  await page.goto(linkIn(mail, '/invite/'))
  await see(page.getByRole('heading', { name: 'Join CoDNA' }), 'the invitation screen')
  await see(page.getByText(invited.email), 'who is invited')
  await see(page.getByRole('link', { name: `Join with ${providerName}` }), 'the offer to join through the provider')
  await page.getByLabel('Your name').fill(invited.name)
  await page.getByLabel(/^Password$/).fill(invited.password)
  await page.getByLabel(/^Password again$/).fill(invited.password)
  await t.shot(page, 'invite')
  await page.getByRole('button', { name: 'Join' }).click()
  await see(page.getByRole('button', { name: `Sign out ${invited.name}` }), `the signed-in shell (Sign out ${invited.name})`)
  assert(new URL(page.url()).pathname === '/', `home after joining, not ${page.url()}`)

  // The link works once.
  const { page: again } = await t.open()
  await again.goto(linkIn(mail, '/invite/'))
  await see(again.getByRole('alert').filter({ hasText: /not valid/ }), 'that a used invitation is not valid')
})

test('forgot password: the mailed link sets a new one and signs in', async (t) => {
  const bob = people.bob
  const fresh = 'bob has a brand new password'
  const { page } = await t.open()
  await page.goto('/')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await see(page.getByRole('heading', { name: 'Forgot your password?' }), 'the forgot-password screen')
  const before = (await receivedMail()).length
  await page.getByLabel('Email').fill(bob.email)
  await page.getByRole('button', { name: 'Send me a link' }).click()
  await see(page.getByRole('status').filter({ hasText: `If ${bob.email} has an account` }), 'the same answer whoever asks')
  const mail = await eventually('the reset mail', async () =>
    (await receivedMail()).slice(before).find((m) => m.to.includes(bob.email) && m.text.includes('/reset/')),
  )
  await page.goto(linkIn(mail, '/reset/'))
  await see(page.getByRole('heading', { name: 'Choose a new password' }), 'the reset screen')
  await page.getByLabel(/^New password$/).fill(fresh)
  await page.getByLabel(/^New password again$/).fill(fresh)
  await page.getByRole('button', { name: 'Save and sign in' }).click()
  await see(page.getByRole('button', { name: `Sign out ${bob.name}` }), 'the signed-in shell (Sign out Bob Builder)')

  // The new password signs in; the old one no longer does. Later tests sign Bob in with it.
  const { page: signin } = await t.open()
  await signin.goto('/')
  await signin.getByLabel('Email').fill(bob.email)
  await signin.getByLabel('Password').fill(bob.password)
  await signin.getByRole('button', { name: 'Sign in' }).click()
  await see(signin.getByRole('alert').filter({ hasText: /wrong/ }), 'the old password refused')
  bob.password = fresh
  await signin.getByLabel('Password').fill(fresh)
  await signin.getByRole('button', { name: 'Sign in' }).click()
  await see(signin.getByRole('button', { name: `Sign out ${bob.name}` }), 'signed in with the new password')
})

test('settings: sessions list this browser and sign the others out; the password changes', async (t) => {
  const ada = people.ada
  const other = await t.open(ada)
  await other.page.goto('/')
  const { page } = await t.open(ada)
  await page.goto('/settings/tokens')
  await see(page.getByRole('heading', { level: 1, name: 'Sessions and tokens' }), 'the sessions and tokens screen')
  await see(page.getByText('This browser'), 'this browser marked')
  // Ada has signed in from other browsers in earlier tests too: sign them all out.
  await see(page.getByRole('list', { name: 'Sessions' }).getByText(/Chrome on Linux/), "the browsers' names")
  await t.shot(page, 'settings-sessions')
  await page.getByRole('button', { name: 'Sign out all other sessions' }).click()
  await eventually('the other browser is signed out', async () => {
    await other.page.reload()
    return (await other.page.getByRole('button', { name: 'Sign in' }).count()) > 0
  })

  await page.getByRole('link', { name: 'Password' }).click()
  await see(page.getByRole('heading', { level: 1, name: 'Password' }), 'the password screen')
  const fresh = 'ada changed her password'
  await page.getByLabel('Current password').fill(ada.password)
  await page.getByLabel(/^New password$/).fill(fresh)
  await page.getByLabel(/^New password again$/).fill(fresh)
  await page.getByRole('button', { name: 'Change password' }).click()
  await see(page.getByRole('status').filter({ hasText: 'Your password is changed.' }), 'that the password changed')
  ada.password = fresh
})

// Browser tests of the screens around the pages: imports, trash, a phone-sized view, the
// playground, webhooks and e-mail settings.
import { createServer } from 'node:http'
import { gql } from '../harness.mjs'
import { people, assert, eventually, see, h1, pageURL, DELETE, createDoc, test, pageProblems } from '../kit.mjs'

test('imports screen', async (t) => {
  const { page } = await t.open(people.ada)
  await page.goto('/imports')
  await see(page.getByRole('heading', { level: 1 }), 'the Imports heading')
  await see(page.getByText(/import/i), 'something about imports')
  assert(!(await page.getByText(/not built yet/).count()), 'the Imports screen is still the placeholder')
  await t.shot(page, 'imports')
})

test('trash lists a deleted page and restores it', async (t) => {
  const { context, page } = await t.open(people.ada)
  const d = await createDoc(context, { path: 'e2e-trash', slug: 'old', title: 'Thrown away', content: 'Bye.\n' })
  await gql(context, DELETE, { input: { id: d.id } })
  await page.goto('/trash')
  await see(page.getByText('Thrown away'), 'the deleted page in the trash')
  await t.shot(page, 'trash')
  const row = page.getByRole('listitem').filter({ hasText: 'Thrown away' }).or(page.getByRole('row').filter({ hasText: 'Thrown away' }))
  await row.first().getByRole('button', { name: /restore/i }).click()
  await eventually('the page restored', async () => {
    const r = await gql(context, `query { documentByAddress(space: WIKI, path: "e2e-trash", slug: "old") { id } }`).catch(() => null)
    return r?.documentByAddress?.id === d.id
  })
})

test('trash: a page deleted for good after the confirmation is gone from the trash', async (t) => {
  const { context, page } = await t.open(people.ada)
  const d = await createDoc(context, { path: 'e2e-trash', slug: 'for-good', title: 'Gone for good', content: 'Bye for good.\n' })
  await gql(context, DELETE, { input: { id: d.id } })
  await page.goto('/trash')
  await see(page.getByText('Gone for good'), 'the deleted page in the trash')
  await page.getByRole('button', { name: 'Delete Gone for good for good' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete “Gone for good” for good?' })
  await see(dialog, 'the confirmation dialog')
  await t.shot(page, 'trash-purge-confirm')
  await dialog.getByRole('button', { name: 'Delete for good' }).click()
  await see(page.getByRole('status').filter({ hasText: 'Deleted “Gone for good” for good.' }), 'the purge confirmed')
  await eventually('the page gone from the trash list', async () => (await page.getByRole('list', { name: 'Pages in the trash' }).getByText('Gone for good').count()) === 0)
  const r = await gql(context, `query($id: ID!) { document(id: $id) { id } }`, { id: d.id }).catch((e) => ({ error: String(e) }))
  assert(!r?.document, `the purged page still answers: ${JSON.stringify(r)}`)
  await page.reload()
  await see(page.getByRole('heading', { level: 1, name: 'Trash' }), 'the trash again')
  await eventually('still gone after a reload', async () => (await page.getByText('Gone for good').count()) === 0)
})

test('page view at 375 px wide', async (t) => {
  const { context, page } = await t.open(people.ada, { viewport: { width: 375, height: 740 } })
  await createDoc(context, {
    path: 'e2e-mobile/a/long/folder',
    slug: 'phone',
    title: 'Read on a phone',
    content: 'A paragraph long enough to wrap several times on a narrow screen, with a [link](../../../../e2e-back/glossary).\n\n```\na code block with a long line that must scroll inside itself rather than widen the page ......\n```\n',
  })
  await page.goto(pageURL('wiki', 'e2e-mobile/a/long/folder', 'phone'))
  await see(h1(page, 'Read on a phone'), 'the page at 375 px')
  await see(page.getByRole('button', { name: 'Folders' }), 'the Folders menu button')
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  await t.shot(page, 'page-view-375')
  // What sticks out: the outermost elements wider than the viewport.
  const wide = await page.evaluate(() => {
    const out = []
    for (const e of document.querySelectorAll('body *')) {
      const r = e.getBoundingClientRect()
      if (r.right > innerWidth + 1 && !out.some((o) => o.contains(e))) out.push(e)
    }
    return out.slice(0, 5).map((e) => `${e.tagName.toLowerCase()}${e.className ? '.' + String(e.className).split(' ').join('.') : ''} (${Math.round(e.getBoundingClientRect().right)} px)`)
  })
  assert(width <= 376, `the page is ${width} px wide at a 375 px viewport (it scrolls sideways); too wide: ${wide.join(', ')}`)
})

test('the GraphQL playground loads from the server alone and runs a query and a subscription', async (t) => {
  const { context, page } = await t.open(people.ada)
  // Everything the page asks for must come from the server itself: a
  // request anywhere else is recorded and refused.
  const elsewhere = []
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url())
    if (url.hostname === '127.0.0.1') return route.continue()
    elsewhere.push(url.href)
    return route.abort()
  })
  const sockets = []
  page.on('websocket', (ws) => {
    sockets.push(ws.url())
    if (new URL(ws.url()).hostname !== '127.0.0.1') elsewhere.push(ws.url())
  })
  await page.goto('/playground')
  await see(page.locator('.graphiql-query-editor .CodeMirror'), 'the query editor')
  // Runs a named operation once GraphiQL has parsed it (the tab takes its
  // name then; before, it would run the previous text's kind of operation).
  const run = async (name, query, expect, what) => {
    await page.evaluate((q) => document.querySelector('.graphiql-query-editor .CodeMirror').CodeMirror.setValue(q), query)
    await see(page.locator('.graphiql-tab').getByText(name, { exact: true }), `the tab named ${name}`)
    await page.getByRole('button', { name: /^Execute query/ }).click()
    await eventually(what, async () => (await page.locator('.graphiql-response').innerText()).includes(expect))
  }
  await run('Me', 'query Me { me { name } }', people.ada.name, 'the signed-in person in the response')
  await run('Counts', 'subscription Counts { inboxCounts { total } }', '"total"', 'the first inbox counts over the websocket')
  assert(sockets.some((u) => new URL(u).pathname === '/graphql'), `the subscription went over no websocket to /graphql: ${sockets.join(', ')}`)
  // A dialog and the schema's documentation, under the same policy.
  await page.getByRole('button', { name: /settings/i }).click()
  await see(page.getByRole('dialog'), 'the settings dialog')
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: /documentation explorer/i }).click()
  await see(page.getByText('Query', { exact: true }), 'the schema in the documentation explorer')
  await t.shot(page, 'playground')
  assert(elsewhere.length === 0, `requests to other hosts: ${elsewhere.join(', ')}`)
  const problems = pageProblems.filter((p) => p.startsWith('the GraphQL playground'))
  assert(problems.length === 0, problems.join('\n'))
})

test('webhooks in settings: create one, see its secret once, ping it and see the delivery delivered', async (t) => {
  // The receiver: answers 204 to every POST and keeps what it got.
  const received = []
  const receiver = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      received.push({ headers: req.headers, body })
      res.statusCode = 204
      res.end()
    })
  })
  await new Promise((ok) => receiver.listen(0, '127.0.0.1', ok))
  const url = `http://127.0.0.1:${receiver.address().port}/hook`
  try {
    const { page } = await t.open(people.cy)
    await page.goto('/')
    await page.getByRole('link', { name: 'Settings' }).click()
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Webhooks' }).click()
    await see(h1(page, 'Webhooks'), 'the Webhooks heading')
    await see(page.getByText('You have no webhooks.'), 'no webhooks yet')
    await page.getByLabel('URL').fill(url)
    await page.getByRole('button', { name: 'Create webhook' }).click()
    const secret = await see(page.getByLabel('Signing secret'), 'the new secret')
    assert((await secret.inputValue()).startsWith('whsec_'), 'the secret starts with whsec_')
    await see(page.getByText(/it will not be shown again/), 'that the secret is shown once')
    await see(page.getByRole('button', { name: 'Copy' }), 'a copy button')
    await page.getByRole('button', { name: 'Done' }).click()
    assert((await page.getByLabel('Signing secret').count()) === 0, 'the secret is gone after Done')
    const row = page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem').filter({ hasText: url })
    await see(row, 'the webhook in the list')
    await row.getByRole('button', { name: 'Ping' }).click()
    await eventually('the receiver got the ping', async () => received.some((r) => r.body.includes('"webhook.ping"')))
    await eventually('the ping delivered in the list', async () => {
      await row.getByRole('button', { name: 'Refresh' }).click()
      const cell = row.getByRole('table', { name: 'Deliveries' }).getByRole('row').filter({ hasText: 'webhook.ping' }).filter({ hasText: 'delivered' })
      return (await cell.count()) > 0
    })
    const ping = received.find((r) => r.body.includes('"webhook.ping"'))
    assert(ping.headers['webhook-signature']?.startsWith('v1,'), `the ping is signed: ${JSON.stringify(ping.headers)}`)
    await t.shot(page, 'settings-webhooks')
  } finally {
    receiver.close()
  }
})

test('e-mail settings: mail is on, and a preference is saved', async (t) => {
  const { page } = await t.open(people.bob)
  await page.goto('/settings/mail')
  await see(h1(page, 'E-mail'), 'the E-mail heading')
  await see(page.getByText(/Choose what CoDNA mails you/), 'that mail is on (the test SMTP server)')
  const mentions = page.getByLabel(/Mentions of me/)
  assert(!(await mentions.isDisabled()), 'the preferences can be changed')
  await mentions.uncheck()
  await page.getByRole('button', { name: 'Save' }).click()
  await see(page.getByRole('status').filter({ hasText: 'Saved.' }), 'Saved.')
  await page.reload()
  await see(h1(page, 'E-mail'), 'the E-mail heading again')
  await eventually('Mentions of me stays off after a reload', async () => !(await page.getByLabel(/Mentions of me/).isChecked()))
  await t.shot(page, 'settings-mail')
})

// Browser tests of collaboration: watches and the activity log (comments
// and mentions add theirs here too).
import { gql } from '../harness.mjs'
import { people, assert, eventually, see, h1, pageURL, UPDATE, createDoc, test } from '../kit.mjs'

test('watch a page: a second person edits it, the watcher is told in the inbox; home shows the activity', async (t) => {
  const a = await t.open(people.ada)
  const doc = await createDoc(a.context, { path: 'e2e-watch', slug: 'runbook', title: 'Watched runbook', content: 'First.\n' })
  await gql(a.context, `mutation($input: ShareInput!) { share(input: $input) { batchId } }`, {
    input: { documentIds: [doc.id], recipients: [people.cy.email], permission: 'WRITE' },
  })
  const c = await t.open(people.cy)
  await c.page.goto(pageURL('wiki', 'e2e-watch', 'runbook'))
  await see(h1(c.page, doc.title), 'the shared page, for Cy')
  const watch = await see(c.page.getByRole('button', { name: 'Watch', exact: true }), 'the Watch toggle')
  assert((await watch.getAttribute('aria-pressed')) === 'false', 'not watched yet')
  await watch.click()
  const unwatch = await see(c.page.getByRole('button', { name: 'Unwatch', exact: true }), 'the toggle, now Unwatch')
  assert((await unwatch.getAttribute('aria-pressed')) === 'true', 'pressed once watched')
  await t.shot(c.page, 'watched-page')

  // Ada (the owner, who watches her page as its author) edits it.
  await gql(a.context, UPDATE, { input: { id: doc.id, expectedVersion: 1, content: 'Second.\n', changeSummary: 'the second step' } })

  // The fan-out runs in the background: reload the inbox until it shows.
  await c.page.goto('/inbox')
  await eventually('the watch notification in the inbox', async () => {
    await c.page.reload()
    return see(c.page.getByText(/edited .*a page you watch/).first(), 'Ada edited … a page you watch', 1500)
  }, 20000)
  await see(c.page.getByRole('link', { name: doc.title }).first(), 'the page named in the notification')
  await t.shot(c.page, 'watch-notification')

  // The settings list the watch.
  await c.page.goto('/settings/watches')
  await see(c.page.getByRole('list', { name: 'Watches' }).getByRole('link', { name: doc.title }), 'the page among the watches')

  // Home shows the team's activity, written in the background too.
  await c.page.goto('/')
  await eventually('the edit in the team activity on home', async () => {
    await c.page.reload()
    const feed = c.page.getByRole('list', { name: 'Team activity' })
    return see(feed.getByText(/edited/).first(), 'an edit entry', 1500)
  }, 20000)
  const feed = c.page.getByRole('list', { name: 'Team activity' })
  await see(feed.getByRole('link', { name: doc.title }).first(), 'the page in the team activity')
  await t.shot(c.page, 'home-activity')

  // The page's own activity tab.
  await c.page.goto(pageURL('wiki', 'e2e-watch', 'runbook'))
  await c.page.getByRole('button', { name: 'Activity', exact: true }).click()
  await see(c.page.getByRole('list', { name: 'Page activity' }).getByText(/the second step/), 'the change summary in the page activity')
})

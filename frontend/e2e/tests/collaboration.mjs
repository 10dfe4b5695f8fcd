// Browser tests of working together on pages: comments on a page's passages; mentions (the @
// autocomplete, chips with the current name, the decision when the person mentioned cannot read
// the page); watches and the activity log.
import { gql } from '../harness.mjs'
import { people, assert, eventually, see, h1, pageURL, UPDATE, createDoc, test } from '../kit.mjs'

const SHARE = `mutation($input: ShareInput!) { share(input: $input) { batchId } }`
const THREADS = `query($id: ID!) { document(id: $id) { threads { id status anchorState anchor { exact } comments { body author { name } } } } }`

test('comments: on a selection, a reply from a second person, resolved', async (t) => {
  const { context, page } = await t.open(people.ada)
  const d = await createDoc(context, {
    path: 'e2e-comments',
    slug: 'release-plan',
    title: 'Release plan',
    content: '# Plan\n\nThe release is planned for the **second week** of March, pending review by the board.\n',
  })
  await gql(context, SHARE, { input: { documentIds: [d.id], recipients: [people.bob.email], permission: 'READ' } })
  await page.goto(pageURL('wiki', 'e2e-comments', 'release-plan'))
  await see(h1(page, 'Release plan'), 'the page')

  // Select "second week of March" across the bold text, and comment on it.
  await page.evaluate(() => {
    const body = document.querySelector('.commented .body')
    const strong = body.querySelector('strong')
    const r = document.createRange()
    r.setStart(strong.firstChild, 0)
    r.setEnd(strong.nextSibling, ' of March'.length)
    const sel = window.getSelection()
    sel.removeAllRanges()
    sel.addRange(r)
    body.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }))
  })
  await page.getByRole('button', { name: 'Comment', exact: true }).first().click()
  const composer = page.getByRole('form', { name: 'Comment on the selection' })
  await see(composer, 'the comment form on the selection')
  await composer.getByRole('combobox', { name: 'Your comment on the selection' }).fill('Which week exactly?')
  await composer.getByRole('button', { name: 'Comment', exact: true }).click()
  const margin = page.getByRole('complementary', { name: 'Comments on passages' })
  await see(margin.getByText('Which week exactly?'), 'the thread beside its passage')
  const threads = (await gql(context, THREADS, { id: d.id })).document.threads
  assert(threads.length === 1 && threads[0].anchorState === 'ATTACHED', `one attached thread: ${JSON.stringify(threads)}`)
  assert(threads[0].anchor.exact === 'second week of March', `the quote: ${threads[0].anchor.exact}`)
  await t.shot(page, 'comments')

  // Bob, in a browser of his own, replies.
  const bob = await t.open(people.bob)
  await bob.page.goto(pageURL('wiki', 'e2e-comments', 'release-plan'))
  const bobMargin = bob.page.getByRole('complementary', { name: 'Comments on passages' })
  await see(bobMargin.getByText('Which week exactly?'), "the thread in Bob's view")
  const reply = bobMargin.getByRole('combobox', { name: 'Reply' })
  await reply.fill('The second, after the freeze. ')
  // The comment box offers people as he types @ (the mention autocomplete).
  await reply.pressSequentially('@Ad')
  await see(bob.page.getByRole('option', { name: /@Ada/ }), 'the @ autocomplete in the reply box')
  await reply.press('Enter')
  await bobMargin.getByRole('button', { name: 'Reply' }).click()
  await see(bobMargin.getByText('The second, after the freeze.'), "Bob's reply")
  await see(bobMargin.locator('.mention', { hasText: '@Ada' }), 'the mention of Ada in the reply, as a chip')
  // He edits it: only his own comment offers it.
  await bobMargin.getByRole('button', { name: 'Edit' }).click()
  await bobMargin.getByRole('combobox', { name: 'Edit your comment' }).fill('The second, after the freeze (week 11).')
  await bobMargin.getByRole('button', { name: 'Save' }).click()
  await see(bobMargin.getByText('The second, after the freeze (week 11).'), "Bob's edited reply")
  // The thread is read again after the save: count once it has settled.
  await eventually("only Bob's own comment can be edited", async () => (await bobMargin.getByRole('button', { name: 'Edit' }).count()) === 1)

  // Ada sees it arrive (threadChanged), and resolves the thread.
  await see(margin.getByText('The second, after the freeze (week 11).'), "Bob's reply in Ada's view, live", 15000)
  await margin.getByRole('button', { name: 'Resolve' }).click()
  await eventually('the thread resolved', async () => (await gql(context, THREADS, { id: d.id })).document.threads[0].status === 'RESOLVED')
  await see(page.getByText('Resolved (1)'), 'the thread folded under the page')
})


test('mention someone who cannot read a page, share it from the decision, and they open it', async (t) => {
  const a = await t.open(people.ada)
  const c = await t.open(people.cy)
  const doc = await createDoc(a.context, { path: 'e2e-mention', slug: 'launch', title: 'Launch plan', content: 'The launch moves to Friday.\n' })
  const cyCannot = await gql(c.context, `query($id: ID!) { document(id: $id) { id } }`, { id: doc.id }).then(
    (d) => !d.document,
    () => true,
  )
  assert(cyCannot, 'Cy cannot read the page yet')

  await a.page.goto(pageURL('wiki', 'e2e-mention', 'launch'))
  await see(h1(a.page, 'Launch plan'), 'the page')
  await a.page.getByRole('button', { name: 'Edit', exact: true }).click()
  const body = await see(a.page.getByLabel('Body'), 'the editor (label "Body")')
  await body.click()
  await a.page.keyboard.press('Control+End')
  await a.page.keyboard.type(' Ask @Cy Y')
  const option = await see(a.page.getByRole('option', { name: /@Cy Young/ }), 'the @ autocomplete offering Cy Young')
  await t.shot(a.page, 'mention-autocomplete')
  await a.page.keyboard.press('Enter')
  await eventually('the list closes on choosing', async () => (await option.count()) === 0)
  await a.page.getByRole('button', { name: 'Save', exact: true }).click()
  const chip = await see(a.page.locator('.body .mention'), 'the mention chip on the saved page')
  await eventually('the chip shows the current name, never the link text', async () => (await chip.textContent()) === '@Cy Young')

  // Cy hears nothing of the page; Ada is asked.
  // The mentions consumer works in the background: wait for its decision, then open the inbox.
  await eventually('the mention decision', async () => {
    const d = await gql(a.context, `{ inbox(first: 20, filter: {type: "mention.unreadable"}) { edges { node { id } } } }`)
    return d.inbox.edges.length === 1
  })
  await a.page.goto('/inbox')
  const row = a.page.locator('.inbox-row', { hasText: 'Cy Young cannot read' })
  await see(row, 'the mention decision in the inbox')
  await t.shot(a.page, 'inbox-mention-decision')
  const cyBox = await gql(c.context, `{ inbox(first: 50) { edges { node { type payload } } } }`)
  assert(!JSON.stringify(cyBox).includes(doc.id), 'nothing about the page reached Cy')
  await row.getByRole('button', { name: 'Share it with them (read)' }).click()
  await eventually('the decision answered', async () => (await row.getByRole('button', { name: 'Share it with them (read)' }).count()) === 0)

  await c.page.goto(pageURL('wiki', 'e2e-mention', 'launch'))
  await see(h1(c.page, 'Launch plan'), 'the page, for Cy')
  await see(c.page.locator('.body .mention', { hasText: '@Cy Young' }), 'Cy sees the mention of them')
})


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

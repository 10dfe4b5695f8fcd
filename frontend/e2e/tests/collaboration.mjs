// Browser tests of collaboration: comments on a page's passages.
import { gql } from '../harness.mjs'
import { people, assert, eventually, see, h1, pageURL, createDoc, test } from '../kit.mjs'

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
  await composer.getByRole('textbox').fill('Which week exactly?')
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
  await bobMargin.getByRole('textbox', { name: 'Reply' }).fill('The second, after the freeze.')
  await bobMargin.getByRole('button', { name: 'Reply' }).click()
  await see(bobMargin.getByText('The second, after the freeze.'), "Bob's reply")
  // He edits it: only his own comment offers it.
  await bobMargin.getByRole('button', { name: 'Edit' }).click()
  await bobMargin.getByRole('textbox', { name: 'Edit your comment' }).fill('The second, after the freeze (week 11).')
  await bobMargin.getByRole('button', { name: 'Save' }).click()
  await see(bobMargin.getByText('The second, after the freeze (week 11).'), "Bob's edited reply")
  assert((await bobMargin.getByRole('button', { name: 'Edit' }).count()) === 1, "only Bob's own comment can be edited")

  // Ada sees it arrive (threadChanged), and resolves the thread.
  await see(margin.getByText('The second, after the freeze (week 11).'), "Bob's reply in Ada's view, live", 15000)
  await margin.getByRole('button', { name: 'Resolve' }).click()
  await eventually('the thread resolved', async () => (await gql(context, THREADS, { id: d.id })).document.threads[0].status === 'RESOLVED')
  await see(page.getByText('Resolved (1)'), 'the thread folded under the page')
})

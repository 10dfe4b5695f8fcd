// Browser tests of the inbox grouping what belongs together, and of home's work in progress:
// a share of many pages is one item with its count whose pages open page by page (past the
// payload's 100-id cap too, never "a page you cannot see"); a rename's decisions are answered
// at once; home lists a decision waiting and a draft to continue.
import AxeBuilder from '@axe-core/playwright'
import { gql } from '../harness.mjs'
import { people, assert, sleep, eventually, see, h1, pageURL, MOVE, DELETE, createDoc, linksSettle, test } from '../kit.mjs'

const SHARE = `mutation($input: ShareInput!) { share(input: $input) { batchId } }`

/** Fails on any critical or serious axe violation on the page as it is. */
async function axe(page, screen) {
  const r = await new AxeBuilder({ page }).analyze()
  const bad = r.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')
  assert(bad.length === 0, bad.map((v) => `${screen}: ${v.impact} ${v.id} (${v.nodes.length}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')})`).join('\n'))
}

test('inbox: a share of 105 pages is one item with its count; it expands page by page, past the 100-id cap, never naming a page as one you cannot see', async (t) => {
  const a = await t.open(people.ada)
  const ids = []
  for (let i = 0; i < 105; i++) {
    const d = await createDoc(a.context, { path: 'e2e-inbox/batch', slug: `p${i}`, title: `Batch page ${String(i).padStart(3, '0')}`, content: 'B.\n' })
    ids.push(d.id)
  }
  await gql(a.context, SHARE, { input: { documentIds: ids, recipients: [people.bob.email], permission: 'READ' } })
  // One page past the cap goes to the trash: Bob can no longer read it, and it is left out.
  await gql(a.context, DELETE, { input: { id: ids[103] } })

  const b = await t.open(people.bob)
  await b.page.goto('/inbox')
  const item = await see(b.page.locator('.inbox-row', { hasText: 'Ada Lovelace shared 105 pages with you (can read).' }), 'one item for the share, with its count')
  assert((await b.page.locator('.inbox-row', { hasText: 'Batch page' }).count()) === 1, 'the share is one item, not one per page')
  const first = await item.locator('.inbox-batch-first a').count()
  assert(first > 0 && first <= 3, `the first few titles, not every page: ${first}`)
  await item.getByRole('button', { name: 'Show all 105 pages' }).click()
  const list = await see(b.page.getByRole('list', { name: 'The pages' }), 'the pages of the share')
  await see(list.getByRole('link', { name: 'Batch page 000', exact: true }), 'the first page')
  for (let i = 0; i < 2; i++) await list.getByRole('button', { name: 'Show more pages' }).click()
  await see(list.getByRole('link', { name: 'Batch page 104', exact: true }), 'a page far past the 100-id cap, readable, listed by its title')
  await eventually('every readable page listed once', async () => (await list.getByRole('link').count()) === 104)
  assert((await list.getByRole('link', { name: 'Batch page 103', exact: true }).count()) === 0, 'the page Bob cannot read is left out')
  assert((await b.page.getByText('a page you cannot see').count()) === 0, 'no readable page shown as one you cannot see')
  assert((await list.getByRole('button', { name: 'Show more pages' }).count()) === 0, 'no more pages offered at the end')
  await t.shot(b.page, 'inbox-batch')
  await axe(b.page, 'inbox with a share expanded')
})

test("inbox: a rename's decisions are one item answered at once with Update all", async (t) => {
  const { context, page } = await t.open(people.cy)
  const target = await createDoc(context, { path: 'e2e-inbox/rename', slug: 'guide', title: 'Renamed guide', content: 'G.\n' })
  const sources = []
  for (const n of ['one', 'two', 'three']) {
    sources.push(await createDoc(context, { path: 'e2e-inbox/rename', slug: `src-${n}`, title: `Rename source ${n}`, content: `See [the guide](guide).\n` }))
  }
  for (const s of sources) await linksSettle(context, s.id, ['RESOLVED'])
  await gql(context, MOVE, { input: { id: target.id, slug: 'handbook' } })
  for (const s of sources) await linksSettle(context, s.id, ['STALE_TEXT'])

  await page.goto('/inbox')
  const group = await see(page.locator('.inbox-group', { hasText: '3 of your links point to Renamed guide' }), "the rename's decisions as one item")
  await axe(page, 'inbox with a rename group')
  await group.getByText('Show each link (3)').click()
  assert((await group.getByRole('button', { name: 'Update link' }).count()) === 3, 'each link can still be answered alone')
  await group.getByRole('button', { name: 'Update all' }).click()
  await eventually('every linking page rewritten to the new address', async () => {
    for (const s of sources) {
      const d = (await gql(context, `query($id: ID!) { document(id: $id) { content links { state } } }`, { id: s.id })).document
      if (!/\]\(handbook(\.md)?\)/.test(d.content) || !d.links.every((l) => l.state === 'RESOLVED')) return false
    }
    return true
  })
  await eventually('the group gone from the inbox', async () => (await page.locator('.inbox-group', { hasText: 'Renamed guide' }).count()) === 0)
})

test('inbox: home lists a decision waiting for you and your draft under "Continue editing", which opens the editor with it', async (t) => {
  const { context, page } = await t.open(people.cy)
  const target = await createDoc(context, { path: 'e2e-inbox/home', slug: 'manual', title: 'Home manual', content: 'M.\n' })
  const source = await createDoc(context, { path: 'e2e-inbox/home', slug: 'index', title: 'Home decision source', content: 'See [the manual](manual).\n' })
  await linksSettle(context, source.id, ['RESOLVED'])
  await gql(context, MOVE, { input: { id: target.id, slug: 'moved-manual' } })
  await linksSettle(context, source.id, ['STALE_TEXT'])
  await createDoc(context, { path: 'e2e-inbox/home', slug: 'drafted', title: 'Half-written page', content: 'Started.\n' })

  // A draft: typed in the editor, never saved.
  page.on('dialog', (dl) => void dl.accept())
  await page.goto(pageURL('wiki', 'e2e-inbox/home', 'drafted'))
  await see(h1(page, 'Half-written page'), 'the page to draft')
  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  const body = await see(page.getByLabel('Body'), 'the editor')
  await body.click()
  await page.keyboard.press('Control+End')
  await page.keyboard.type('Unsaved thoughts for later.')
  await sleep(1200) // past the draft's debounce

  await page.goto('/')
  const decisions = await see(page.getByRole('list', { name: 'Waiting for your decision' }), 'the decisions on home')
  await see(decisions.getByRole('link', { name: /Home decision source/ }), 'the decision, naming its page')
  const drafts = await see(page.getByRole('list', { name: 'Continue editing' }), 'continue editing on home')
  const entry = await see(drafts.getByRole('link', { name: 'Half-written page', exact: true }), 'the draft by its page title')
  const when = await drafts.locator('time').first()
  assert(/ago|now/.test(await when.textContent()), `when, relative: ${await when.textContent()}`)
  assert(((await when.getAttribute('title')) ?? '').length > 8, 'the full date on hover')
  await t.shot(page, 'home-work')
  await axe(page, 'home with decisions and drafts')

  await entry.click()
  await see(h1(page, 'Half-written page'), 'the page of the draft')
  const again = await see(page.getByLabel('Body'), 'the editor open at once')
  await eventually('the draft back in the editor', async () => (await again.evaluate((el) => el.textContent)).includes('Unsaved thoughts for later.'))
})

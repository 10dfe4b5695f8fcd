// Browser tests of working together on pages: mentions (the @ autocomplete, chips with the
// current name, the decision when the person mentioned cannot read the page).
import { gql } from '../harness.mjs'
import { people, assert, eventually, see, h1, pageURL, createDoc, test } from '../kit.mjs'

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

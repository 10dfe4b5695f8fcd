// Browser tests of co-editing (docs/guide.md, "Typing together"): people
// typing at once into one page converge and their text becomes the page's
// latest revision; a reader follows live and cannot edit; an API write
// during a session merges into every editor; a revoke closes the revoked
// person's editor, and a writer made a reader follows on; a copy of an older generation is reset, not merged (also when
// the reset is lost with its socket). The
// e2e server writes the room's revision after 1 s quiet (harness.mjs).
import AxeBuilder from '@axe-core/playwright'
import { gql } from '../harness.mjs'
import { people, assert, eventually, see, h1, pageURL, createDoc, test, UPDATE } from '../kit.mjs'

const SHARE = `mutation($input: ShareInput!) { share(input: $input) { batchId } }`
const REVOKE = `mutation($input: RevokeBatchInput!) { revokeBatch(input: $input) { revoked } }`
const CONTENT = `query($id: ID!) { document(id: $id) { id version content } }`

/** Opens a page's editor in a co-editing context and waits until it is live. */
async function coedit(t, person, address, title, { follow = false } = {}) {
  const { context, page } = await t.open(person, { coedit: true })
  await page.goto(address)
  await see(h1(page, title), `the page "${title}" for ${person.name}`)
  await page.getByRole('button', { name: follow ? 'Follow live' : 'Edit', exact: true }).click()
  const body = await see(page.getByLabel('Body'), `the editor for ${person.name}`)
  await see(page.getByRole('list', { name: 'Here now' }).getByText(`${person.name} (you)`, { exact: true }), `${person.name} in "Here now"`)
  // The text, without the others' caret labels (their names, drawn in the lines).
  const text = () =>
    body.evaluate((el) =>
      [...el.querySelectorAll('.cm-line')]
        .map((l) => {
          const c = l.cloneNode(true)
          c.querySelectorAll('.cm-coedit-caret').forEach((x) => x.remove())
          return c.textContent
        })
        .join('\n'),
    )
  return { context, page, body, text }
}

// typeAt types s at the text's start, its end, or the end of its first line
// ('first-line-end'). People typing at once each get a place of their own: one
// who goes to the end while another types there lands inside the other's
// word, and the two runs then interleave (as they should: the second typist's
// caret was in the middle of the first one's word).
async function typeAt(ed, where, s) {
  await ed.body.click()
  await ed.page.keyboard.press(where === 'end' ? 'Control+End' : 'Control+Home')
  if (where === 'first-line-end') await ed.page.keyboard.press('End')
  await ed.page.keyboard.type(s, { delay: 15 })
}

/** Waits until every editor shows the same text, and returns it. */
async function converged(eds, words) {
  let all = []
  try {
    await eventually(`the editors converge on one text holding ${words.join(', ')}`, async () => {
      all = await Promise.all(eds.map((e) => e.text()))
      return all.every((x) => x === all[0]) && words.every((w) => all[0].includes(w))
    }, 15000)
  } catch (e) {
    throw new Error(`${e.message}; the editors show ${JSON.stringify(all)}`)
  }
  return all[0]
}

// leaveThenReplace waits for the typing to be saved in the room, leaves it
// (the room writes its revision when the last editor leaves) and then,
// with nobody in the room, replaces the page through the API: this browser
// still holds the room's old copy.
async function leaveThenReplace(page, context, id) {
  await see(page.getByRole('status').filter({ hasText: 'All changes saved.' }), '"All changes saved."')
  await page.getByRole('button', { name: 'Done', exact: true }).click()
  let cur
  await eventually('the room’s revision', async () => {
    cur = (await gql(context, CONTENT, { id })).document
    return cur.content.includes('Typed in the room.')
  }, 15000)
  await gql(context, UPDATE, { input: { id, expectedVersion: cur.version, content: 'Replaced through the API.\n' } })
}

async function revisionIs(context, id, text) {
  await eventually('the room’s text written as the latest revision', async () => {
    const d = (await gql(context, CONTENT, { id })).document
    return d.content.replace(/\n+$/, '') === text.replace(/\n+$/, '')
  }, 15000)
}

test('co-editing: two and three people type at once into one page, end with the same text, and it becomes the latest revision', async (t) => {
  const owner = await t.open(people.ada)
  const d = (await createDoc(owner.context, { path: 'e2e-coedit', slug: 'together', title: 'Typing together', content: 'The start.\n' }))
  await gql(owner.context, SHARE, { input: { documentIds: [d.id], recipients: [people.bob.email, people.cy.email], permission: 'WRITE' } })
  const address = pageURL('wiki', 'e2e-coedit', 'together')
  const ada = await coedit(t, people.ada, address, 'Typing together')
  const bob = await coedit(t, people.bob, address, 'Typing together')
  await see(ada.page.getByRole('list', { name: 'Here now' }).getByText(people.bob.name, { exact: true }), 'Bob in Ada’s "Here now"')
  // Two at once.
  await Promise.all([typeAt(ada, 'end', ' Ada writes here.'), typeAt(bob, 'start', 'Bob was first. ')])
  let text = await converged([ada, bob], ['Ada writes here.', 'Bob was first.', 'The start.'])
  await revisionIs(owner.context, d.id, text)
  // Bob's caret shows in Ada's editor, with his name.
  await see(ada.body.locator('.cm-coedit-name', { hasText: people.bob.name }), 'Bob’s named caret in Ada’s editor')
  await see(ada.page.getByText(/Saved as version \d+/), '"Saved as version N" for Ada')
  // Three at once.
  const cy = await coedit(t, people.cy, address, 'Typing together')
  await Promise.all([typeAt(ada, 'end', ' Ada again.'), typeAt(bob, 'first-line-end', ' Bob again.'), typeAt(cy, 'start', 'Cy joins. ')])
  text = await converged([ada, bob, cy], ['Ada again.', 'Bob again.', 'Cy joins.', 'Ada writes here.', 'Bob was first.'])
  assert(text.split('Ada writes here.').length === 2, `no text doubled: ${text}`)
  await revisionIs(owner.context, d.id, text)
  await see(cy.page.getByRole('status').filter({ hasText: 'All changes saved.' }), 'Cy sees "All changes saved."')
  const r = await new AxeBuilder({ page: ada.page }).analyze()
  const bad = r.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')
  assert(bad.length === 0, `axe on the co-editing editor: ${bad.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`).join('; ')}`)
  await t.shot(ada.page, 'editor-coedit')
})

test('co-editing: a reader follows live and cannot edit', async (t) => {
  const owner = await t.open(people.ada)
  const d = (await createDoc(owner.context, { path: 'e2e-coedit', slug: 'followed', title: 'Followed page', content: 'Read me.\n' }))
  await gql(owner.context, SHARE, { input: { documentIds: [d.id], recipients: [people.bob.email], permission: 'READ' } })
  const address = pageURL('wiki', 'e2e-coedit', 'followed')
  const ada = await coedit(t, people.ada, address, 'Followed page')
  const bob = await coedit(t, people.bob, address, 'Followed page', { follow: true })
  await see(bob.page.getByText('Read-only: you follow this page live'), 'Bob told he follows read-only')
  assert((await bob.body.getAttribute('contenteditable')) === 'false', 'the reader’s body is not editable')
  await typeAt(ada, 'end', ' Fresh words.')
  await eventually('Ada’s words in Bob’s editor', async () => (await bob.text()).includes('Fresh words.'))
  await bob.body.click({ force: true })
  await bob.page.keyboard.type('Bob tries')
  await ada.page.waitForTimeout(500)
  assert(!(await ada.text()).includes('Bob tries') && !(await bob.text()).includes('Bob tries'), 'the reader changed nothing')
})

test('co-editing: an API write during a session appears in both editors merged with their typing', async (t) => {
  const owner = await t.open(people.ada)
  const d = (await createDoc(owner.context, { path: 'e2e-coedit', slug: 'agent', title: 'Agent page', content: 'Line one.\n\nLine two.\n' }))
  await gql(owner.context, SHARE, { input: { documentIds: [d.id], recipients: [people.bob.email], permission: 'WRITE' } })
  const address = pageURL('wiki', 'e2e-coedit', 'agent')
  const ada = await coedit(t, people.ada, address, 'Agent page')
  const bob = await coedit(t, people.bob, address, 'Agent page')
  await typeAt(ada, 'start', 'Ada on top. ')
  const cur = (await gql(owner.context, CONTENT, { id: d.id })).document
  // An integrator's write, based on the version it read, while Bob types.
  await Promise.all([
    gql(owner.context, UPDATE, { input: { id: d.id, expectedVersion: cur.version, content: cur.content.replace('Line two.', 'Line two, from the API.') } }),
    typeAt(bob, 'end', ' Bob at the end.'),
  ])
  await converged([ada, bob], ['Ada on top.', 'Line two, from the API.', 'Bob at the end.', 'Line one.'])
})

test('co-editing: a revoke closes the revoked person’s editor', async (t) => {
  const owner = await t.open(people.ada)
  const d = (await createDoc(owner.context, { path: 'e2e-coedit', slug: 'revoked', title: 'Revoked page', content: 'Soon gone.\n' }))
  const { share } = await gql(owner.context, SHARE, { input: { documentIds: [d.id], recipients: [people.bob.email], permission: 'WRITE' } })
  const bob = await coedit(t, people.bob, pageURL('wiki', 'e2e-coedit', 'revoked'), 'Revoked page')
  await typeAt(bob, 'end', ' Bob was here.')
  await gql(owner.context, REVOKE, { input: { batchId: share.batchId } })
  await see(bob.page.getByRole('alert').filter({ hasText: 'no longer yours to read' }), 'Bob told the page is no longer his', 15000)
  assert((await bob.page.getByLabel('Body').count()) === 0, 'Bob’s editor is closed')
})

test('co-editing: a writer made a reader while editing follows live from then on', async (t) => {
  const owner = await t.open(people.ada)
  const d = await createDoc(owner.context, { path: 'e2e-coedit', slug: 'demoted', title: 'Demoted page', content: 'Read by all.\n' })
  await gql(owner.context, SHARE, { input: { documentIds: [d.id], recipients: ['group:everyone'], permission: 'READ' } })
  const { share } = await gql(owner.context, SHARE, { input: { documentIds: [d.id], recipients: [people.bob.email], permission: 'WRITE' } })
  const address = pageURL('wiki', 'e2e-coedit', 'demoted')
  const bob = await coedit(t, people.bob, address, 'Demoted page')
  await typeAt(bob, 'end', ' Bob wrote.')
  await see(bob.page.getByRole('status').filter({ hasText: 'All changes saved.' }), 'Bob’s typing saved')
  // Bob's write grant goes; Everyone's read stays.
  await gql(owner.context, REVOKE, { input: { batchId: share.batchId } })
  await see(bob.page.getByRole('alert').filter({ hasText: 'you follow it live from now on' }), 'Bob told he follows now', 15000)
  await see(bob.page.getByRole('region', { name: 'Following Demoted page' }).or(bob.page.getByLabel('Following Demoted page')), 'Bob’s editor following')
  const body = bob.page.getByLabel('Body')
  assert((await body.getAttribute('contenteditable')) === 'false', 'Bob’s body takes no typing')
  const ada = await coedit(t, people.ada, address, 'Demoted page')
  await typeAt(ada, 'end', ' Ada adds.')
  await eventually('Ada’s typing on Bob’s screen', async () => (await body.textContent()).includes('Ada adds.'), 15000)
  assert((await body.textContent()).includes('Bob wrote.'), 'what Bob wrote before stays')
})

test('co-editing: a copy of an older generation is reset, not merged', async (t) => {
  const owner = await t.open(people.ada)
  const d = (await createDoc(owner.context, { path: 'e2e-coedit', slug: 'reset', title: 'Reset page', content: 'Old text.\n' }))
  const address = pageURL('wiki', 'e2e-coedit', 'reset')
  const ada = await coedit(t, people.ada, address, 'Reset page')
  await typeAt(ada, 'end', ' Typed in the room.')
  await leaveThenReplace(ada.page, owner.context, d.id)
  await ada.page.getByRole('button', { name: 'Edit', exact: true }).click()
  await eventually('the new text, once, without the old copy merged', async () => (await ada.text()).replace(/\n+$/, '') === 'Replaced through the API.', 15000)
  await typeAt(ada, 'end', 'After.')
  await eventually('the typing shown', async () => (await ada.text()) === 'Replaced through the API.\nAfter.')
  // In the room (not the save flow's editor, which shows the same text): the typing is stored.
  await see(ada.page.getByRole('status').filter({ hasText: 'All changes saved.' }), '"All changes saved." after the reset')
  await revisionIs(owner.context, d.id, 'Replaced through the API.\nAfter.')
})

test('co-editing: a reset lost with its socket is found on the retry, not left to the save flow', async (t) => {
  const owner = await t.open(people.ada)
  const d = await createDoc(owner.context, { path: 'e2e-coedit', slug: 'reset-lost', title: 'Reset lost page', content: 'Old text.\n' })
  const address = pageURL('wiki', 'e2e-coedit', 'reset-lost')
  const { context, page } = await t.open(people.ada, { coedit: true })
  // The room's sockets pass through here; once armed, the next one loses
  // its MsgReset (101) and its 4409, as a connection reset can: the page
  // sees a dropped socket that had opened.
  let armed = false
  let lost = 0
  await context.routeWebSocket(/\/collab\//, (ws) => {
    const server = ws.connectToServer()
    if (!armed || lost > 0) return
    lost++
    server.onMessage((m) => {
      if (typeof m !== 'string' && m[0] === 101) return
      ws.send(m)
    })
    server.onClose(() => ws.close({ code: 4503 }))
  })
  await page.goto(address)
  await see(h1(page, 'Reset lost page'), 'the page')
  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  const body = await see(page.getByLabel('Body'), 'the editor')
  await body.click()
  await page.keyboard.press('Control+End')
  await page.keyboard.type(' Typed in the room.', { delay: 10 })
  await leaveThenReplace(page, owner.context, d.id)
  armed = true
  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  const again = await see(page.getByLabel('Body'), 'the editor again')
  await eventually('the new text', async () => (await again.textContent()).replace(/\n+$/, '') === 'Replaced through the API.', 15000)
  assert(lost === 1, 'the first socket of the second Edit lost its reset')
  await again.click()
  await page.keyboard.press('Control+End')
  await page.keyboard.type('After.', { delay: 15 })
  await see(page.getByRole('status').filter({ hasText: 'All changes saved.' }), '"All changes saved.": in the room, not the save flow')
  await revisionIs(owner.context, d.id, 'Replaced through the API.\nAfter.')
})

test('co-editing: typing while the connection is down survives a reload and reaches the room', async (t) => {
  const owner = await t.open(people.ada)
  const d = await createDoc(owner.context, { path: 'e2e-coedit', slug: 'offline', title: 'Offline page', content: 'Base.\n' })
  const address = pageURL('wiki', 'e2e-coedit', 'offline')
  const { context, page } = await t.open(people.ada, { coedit: true })
  // The room's sockets pass through here, so the test can cut them.
  let cut = false
  const open = new Set()
  await context.routeWebSocket(/\/collab\//, (ws) => {
    if (cut) return ws.close({ code: 4503 })
    const server = ws.connectToServer()
    open.add({ ws, server })
  })
  await page.goto(address)
  await see(h1(page, 'Offline page'), 'the page')
  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  const body = await see(page.getByLabel('Body'), 'the editor')
  await see(page.getByRole('status').filter({ hasText: 'All changes saved.' }), '"All changes saved."')
  cut = true
  for (const { ws, server } of open) {
    await server.close({ code: 4503 }).catch(() => {})
    await ws.close({ code: 4503 }).catch(() => {})
  }
  await see(page.getByRole('status').filter({ hasText: 'Offline' }), 'the editor says it is offline')
  await body.click()
  await page.keyboard.press('Control+End')
  await page.keyboard.type('Typed offline.', { delay: 10 })
  await page.waitForTimeout(500) // y-indexeddb writes each change as it comes
  cut = false
  await page.reload()
  await see(h1(page, 'Offline page'), 'the page again')
  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  const again = await see(page.getByLabel('Body'), 'the editor again')
  await eventually('the offline typing back in the editor', async () => (await again.textContent()).includes('Typed offline.'))
  await see(page.getByRole('status').filter({ hasText: 'All changes saved.' }), '"All changes saved." once it reached the room')
  await eventually('the offline typing in the latest revision', async () => (await gql(owner.context, CONTENT, { id: d.id })).document.content.includes('Typed offline.'), 15000)
})

// Browser tests of writing: drafts that survive a reload and a navigation,
// leaving with unsaved changes, the editor's shortcuts, toolbar and `[[` menu,
// Ctrl-S from anywhere, and a move made while editing.
import { gql } from '../harness.mjs'
import { people, assert, sleep, eventually, see, h1, pageURL, createDoc, test } from '../kit.mjs'

const CONTENT = `query($id: ID!) { document(id: $id) { id version title path slug content } }`

/** Opens a page made for the test in the editor; returns the body's locator and a reader of its text. */
async function openEditor(page, address, title) {
  await page.goto(address)
  await see(h1(page, title), `the page "${title}"`)
  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  const body = await see(page.getByLabel('Body'), 'the editor (label "Body")')
  const text = () => body.evaluate((el) => el.textContent)
  return { body, text }
}

/** Types at the end of the body. */
async function typeAtEnd(page, body, s) {
  await body.click()
  await page.keyboard.press('Control+End')
  await page.keyboard.type(s)
}

/** Whether the editor's draft offer is showing. */
const offer = (page) => page.getByRole('region', { name: 'You have unsaved changes to this page' })

test('writing: an unsaved edit survives a reload and a navigation and is offered back as a diff', async (t) => {
  const { context, page } = await t.open(people.ada)
  const d = await createDoc(context, { path: 'e2e-writing', slug: 'draft', title: 'Draft keeper', content: 'First line.\n' })
  const address = pageURL('wiki', 'e2e-writing', 'draft')
  // Leaving asks; here the answer is always "leave".
  page.on('dialog', (dl) => void dl.accept())
  let { body, text } = await openEditor(page, address, 'Draft keeper')
  await typeAtEnd(page, body, 'Typed but never saved.')
  await sleep(1200) // past the draft's debounce
  await page.reload()
  ;({ body, text } = await openEditor(page, address, 'Draft keeper'))
  const o = await see(offer(page), 'the unsaved draft offered after a reload')
  const diff = await see(o.getByLabel('Your unsaved changes'), 'the draft as a diff')
  assert((await diff.textContent()).includes('+ Typed but never saved.'), `the diff shows the added text: ${await diff.textContent()}`)
  await t.shot(page, 'editor-draft')
  await o.getByRole('button', { name: 'Restore' }).click()
  await eventually('the draft back in the body', async () => (await text()).includes('Typed but never saved.'))
  assert((await offer(page).count()) === 0, 'the offer closes once restored')

  // An in-app navigation away and back: offered again.
  await typeAtEnd(page, body, ' More.')
  await page.getByRole('link', { name: 'Tags', exact: true }).click()
  await eventually('the tags screen', () => new URL(page.url()).pathname === '/tags')
  ;({ body, text } = await openEditor(page, address, 'Draft keeper'))
  const again = await see(offer(page), 'the draft offered after a navigation')
  assert((await again.textContent()).includes('More.'), 'the draft holds the text typed just before leaving')
  // Discard: gone, and not offered the next time.
  await again.getByRole('button', { name: 'Discard' }).click()
  assert((await text()) === 'First line.', `the body is the page's after a discard: ${await text()}`)
  await page.reload()
  await openEditor(page, address, 'Draft keeper')
  await sleep(500)
  assert((await offer(page).count()) === 0, 'a discarded draft is not offered again')

  // A save clears the draft.
  ;({ body, text } = await openEditor(page, address, 'Draft keeper'))
  await typeAtEnd(page, body, ' Saved.')
  await sleep(800)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await eventually('the save', async () => (await gql(context, CONTENT, { id: d.id })).document.content.includes('Saved.'))
  await openEditor(page, address, 'Draft keeper')
  await sleep(500)
  assert((await offer(page).count()) === 0, 'no draft is offered after a save')
})

test('writing: leaving with unsaved changes asks first (links, Back, reload)', async (t) => {
  const { context, page } = await t.open(people.ada)
  await createDoc(context, { path: 'e2e-writing', slug: 'leave', title: 'Leave me', content: 'Text.\n' })
  const address = pageURL('wiki', 'e2e-writing', 'leave')
  await page.goto('/tags')
  const { body } = await openEditor(page, address, 'Leave me')
  await typeAtEnd(page, body, ' Unsaved.')
  const asked = []
  page.on('dialog', (dl) => {
    asked.push(dl.type())
    void dl.dismiss() // stay
  })
  await page.getByRole('link', { name: 'Tags', exact: true }).click()
  await eventually('the question on a link', () => asked.length === 1)
  assert(new URL(page.url()).pathname === address, `a refused leave stays on the page: ${page.url()}`)
  await see(page.getByLabel('Body'), 'the editor still open')
  await page.evaluate(() => history.back())
  await eventually('the question on Back', () => asked.length === 2)
  await eventually('the URL back on the page', () => new URL(page.url()).pathname === address)
  await see(page.getByLabel('Body'), 'the editor still open after a refused Back')
  // A reload or a closed tab: the browser's own question (beforeunload).
  const cancelled = await page.evaluate(() => {
    const e = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(e)
    return e.defaultPrevented
  })
  assert(cancelled, 'beforeunload asks while the edit is unsaved')
})

test('writing: Ctrl-B bolds, the toolbar italicises, Ctrl-S saves with focus outside the body', async (t) => {
  const { context, page } = await t.open(people.ada)
  const d = await createDoc(context, { path: 'e2e-writing', slug: 'shortcuts', title: 'Shortcuts', content: '' })
  const { body, text } = await openEditor(page, pageURL('wiki', 'e2e-writing', 'shortcuts'), 'Shortcuts')
  await typeAtEnd(page, body, 'bold me')
  await page.keyboard.press('Shift+Home')
  await page.keyboard.press('Control+b')
  await eventually('the bold marks', async () => (await text()) === '**bold me**')
  await page.keyboard.press('End')
  await page.keyboard.type(' then ')
  await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Italic' }).click()
  await page.keyboard.type('slanted')
  await eventually('the italic marks', async () => (await text()) === '**bold me** then *slanted*')
  await page.keyboard.press('Control+k')
  assert((await page.getByRole('dialog').count()) === 0, "Ctrl-K in the body makes a link, it does not open the search")
  await eventually('the link', async () => (await text()).includes('[text](url)'))
  await t.shot(page, 'editor-toolbar')
  // Focus in the change summary, not the body.
  await page.getByLabel('What changed? (optional)').click()
  await page.keyboard.press('Control+s')
  await eventually('the save from Ctrl-S', async () => (await gql(context, CONTENT, { id: d.id })).document.content === '**bold me** then *slanted[text](url)*')
  await eventually('the editor closed', async () => (await page.getByLabel('Body').count()) === 0)
})

test('writing: [[ links a page by search as you type', async (t) => {
  const { context, page } = await t.open(people.ada)
  await createDoc(context, { path: 'e2e-writing', slug: 'quokka-runbook', title: 'Quokkalith runbook', content: 'How to run the quokkalith.\n' })
  const d = await createDoc(context, { path: 'e2e-writing', slug: 'linker', title: 'Linker', content: 'See ' })
  await eventually('the API search to find the target', async () => {
    const r = await gql(context, `query { search(query: "quokkalith") { totalCount } }`)
    return r.search.totalCount > 0
  })
  const { body, text } = await openEditor(page, pageURL('wiki', 'e2e-writing', 'linker'), 'Linker')
  await typeAtEnd(page, body, '[[quokka')
  const option = await see(page.getByRole('option', { name: /Quokkalith runbook/ }), 'the page in the [[ menu')
  await t.shot(page, 'editor-link-menu')
  await option.click()
  await eventually('the link inserted', async () => (await text()) === 'See [Quokkalith runbook](/wiki/e2e-writing/quokka-runbook)')
  await page.keyboard.press('Control+s')
  await eventually('the saved link', async () => (await gql(context, CONTENT, { id: d.id })).document.content.includes('(/wiki/e2e-writing/quokka-runbook)'))
})

test('writing: the @ menu still mentions someone in the editor', async (t) => {
  const { context, page } = await t.open(people.ada)
  await createDoc(context, { path: 'e2e-writing', slug: 'mention', title: 'Mentioning', content: '' })
  const { body, text } = await openEditor(page, pageURL('wiki', 'e2e-writing', 'mention'), 'Mentioning')
  const first = people.bob.name.split(' ')[0]
  await typeAtEnd(page, body, '@' + first.slice(0, 3))
  const option = await see(page.getByRole('option', { name: new RegExp(people.bob.name) }), 'the person in the @ menu')
  await option.click()
  await eventually('the mention inserted', async () => (await text()).startsWith(`[@${people.bob.name}](`))
})

test('writing: a move made while editing keeps the unsaved body', async (t) => {
  const { context, page } = await t.open(people.ada)
  const d = await createDoc(context, { path: 'e2e-writing', slug: 'to-move', title: 'To move', content: 'Body.\n' })
  const { body } = await openEditor(page, pageURL('wiki', 'e2e-writing', 'to-move'), 'To move')
  await typeAtEnd(page, body, ' Not saved yet.')
  await page.getByRole('button', { name: 'Rename or move' }).click()
  const dialog = await see(page.getByRole('dialog'), 'the Rename or move dialog')
  await dialog.getByLabel('Slug').fill('moved')
  await dialog.getByRole('button', { name: /^(rename|move|save|apply)/i }).first().click()
  await eventually('the page at its new URL', () => new URL(page.url()).pathname === '/wiki/e2e-writing/moved')
  const again = await see(page.getByLabel('Body'), 'the editor open again after the move')
  await eventually('the unsaved text still in the body', async () => (await again.evaluate((el) => el.textContent)).includes('Not saved yet.'))
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await eventually('the save after the move', async () => (await gql(context, CONTENT, { id: d.id })).document.content.includes('Not saved yet.'))
})

test('writing: signing out clears the drafts in the browser', async (t) => {
  const { context, page } = await t.open(people.ada)
  await createDoc(context, { path: 'e2e-writing', slug: 'signout', title: 'Sign-out draft', content: 'Text.\n' })
  const address = pageURL('wiki', 'e2e-writing', 'signout')
  page.on('dialog', (dl) => void dl.accept())
  const { body } = await openEditor(page, address, 'Sign-out draft')
  await typeAtEnd(page, body, 'Left unsaved.')
  await sleep(1000)
  const count = () =>
    page.evaluate(
      () =>
        new Promise((resolve) => {
          const req = indexedDB.open('codna-drafts', 1)
          req.onsuccess = () => {
            const r = req.result.transaction('drafts').objectStore('drafts').count()
            r.onsuccess = () => resolve(r.result)
          }
        }),
    )
  assert((await count()) === 1, 'one draft kept while editing')
  await page.getByRole('button', { name: `Sign out ${people.ada.name}` }).click()
  await see(page.getByLabel('Email'), 'the sign-in screen')
  await eventually('no drafts after signing out', async () => (await count()) === 0)
})

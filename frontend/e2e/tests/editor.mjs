// Browser tests of the editor's writing aids: live preview, the / block
// menu, a URL pasted onto a selection, the new-page form's editor (and its
// draft), and the draft and conflict panels in dark mode (axe).
import AxeBuilder from '@axe-core/playwright'
import { gql } from '../harness.mjs'
import { people, assert, sleep, eventually, see, h1, pageURL, createDoc, test, UPDATE, png16 } from '../kit.mjs'

const CONTENT = `query($id: ID!) { document(id: $id) { id version title path slug content } }`

async function openEditor(page, address, title) {
  await page.goto(address)
  await see(h1(page, title), `the page "${title}"`)
  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  const body = await see(page.getByLabel('Body'), 'the editor (label "Body")')
  const text = () => body.evaluate((el) => el.textContent)
  const lines = () => body.evaluate((el) => [...el.querySelectorAll('.cm-line')].map((l) => l.textContent))
  return { body, text, lines }
}

/** Pastes text into the body with Ctrl-V from the system clipboard. */
async function paste(page, s) {
  await page.evaluate((s) => navigator.clipboard.writeText(s), s)
  await page.keyboard.press('Control+v')
}

/** Runs axe on the editor; returns its critical and serious violations. */
async function axe(page, screen) {
  const r = await new AxeBuilder({ page }).analyze()
  const bad = r.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')
  return bad.map((v) => `${screen}: ${v.impact} ${v.id} (${v.nodes.length}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')})`)
}

test('editor: live preview hides ** off the cursor line and shows them on it, and is remembered', async (t) => {
  const { context, page } = await t.open(people.ada)
  await createDoc(context, { path: 'e2e-editor', slug: 'live-target', title: 'Live target', content: 'Here.\n' })
  await createDoc(context, { path: 'e2e-editor', slug: 'live', title: 'Live view', content: `# Top\n\nSome **strong** words and a [link](https://example.com/x).\n\nLast line, to [the target](live-target.md).\n\n![a dot](data:image/png;base64,${png16().toString('base64')})\n\n![elsewhere](https://example.com/e.png)\n` })
  const address = pageURL('wiki', 'e2e-editor', 'live')
  let { body, lines } = await openEditor(page, address, 'Live view')
  const live = page.getByRole('group', { name: /Editor mode/ }).getByRole('button', { name: 'Live', exact: true })
  assert((await live.getAttribute('aria-pressed')) === 'false', 'source mode first')
  await live.click()
  await body.click()
  await page.keyboard.press('Control+End')
  await eventually('the markup hidden off the cursor line', async () => {
    const l = await lines()
    return l[0] === 'Top' && l[2] === 'Some strong words and a link.'
  })
  // Images show below their line when the app's CSP lets them load: not from elsewhere.
  await see(body.locator('.cm-md-image img[alt="a dot"]'), 'the data: image shown')
  assert((await body.locator('.cm-md-image img[alt="elsewhere"]').count()) === 0, 'no image from another site (the CSP refuses it)')
  await t.shot(page, 'editor-live-preview')
  // Onto the line: its markdown shows.
  await page.keyboard.press('Control+Home')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await eventually('the markup shown on the cursor line', async () => {
    const l = await lines()
    return l[2] === 'Some **strong** words and a [link](https://example.com/x).' && l[0] === 'Top'
  })
  await page.getByRole('button', { name: 'Cancel', exact: true }).click()
  await page.reload()
  ;({ body, lines } = await openEditor(page, address, 'Live view'))
  assert((await live.getAttribute('aria-pressed')) === 'true', 'live preview remembered after a reload')
  // Ctrl-click on a link's text follows it.
  await body.click()
  await page.keyboard.press('Control+Home')
  const target = body.locator('.cm-md-link', { hasText: 'the target' })
  await see(target, 'the link shown as its text')
  await target.click({ modifiers: ['Control'] })
  await see(h1(page, 'Live target'), 'the linked page after a Ctrl-click')
  // Back to source: everything shows.
  ;({ body, lines } = await openEditor(page, address, 'Live view'))
  await page.getByRole('group', { name: /Editor mode/ }).getByRole('button', { name: 'Source', exact: true }).click()
  await eventually('the markup back in source mode', async () => (await lines())[0] === '# Top')
})

test('editor: the / menu inserts a heading, filters as you type and closes on Escape', async (t) => {
  const { context, page } = await t.open(people.ada)
  const d = await createDoc(context, { path: 'e2e-editor', slug: 'slash', title: 'Slash menu', content: 'Intro.' })
  const { body, text } = await openEditor(page, pageURL('wiki', 'e2e-editor', 'slash'), 'Slash menu')
  await body.click()
  await page.keyboard.press('Control+End')
  await page.keyboard.press('Enter')
  await page.keyboard.type('/')
  const menu = await see(page.getByRole('listbox'), 'the / menu')
  assert((await menu.getByRole('option').count()) >= 10, 'every block listed for a bare /')
  await page.keyboard.press('Escape')
  await eventually('the menu closed by Escape', async () => (await page.getByRole('listbox').count()) === 0)
  await page.keyboard.type('head')
  await see(page.getByRole('option', { name: /^Heading 2/ }), 'Heading 2 in the filtered menu')
  const found = await axe(page, 'the / menu')
  assert(found.length === 0, `axe found:\n${found.join('\n')}`)
  assert((await page.getByRole('option', { name: /list/i }).count()) === 0, 'the lists filtered out')
  await t.shot(page, 'editor-block-menu')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await page.keyboard.type('Setup')
  await eventually('the heading inserted', async () => (await text()) === 'Intro.## Setup')
  await page.keyboard.press('Control+s')
  await eventually('the heading saved', async () => (await gql(context, CONTENT, { id: d.id })).document.content === 'Intro.\n## Setup')
})

test('editor: pasting a URL onto a selection makes a link; other pastes are unchanged', async (t) => {
  const { context, page } = await t.open(people.ada)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await createDoc(context, { path: 'e2e-editor', slug: 'paste', title: 'Paste link', content: '' })
  const { body, text } = await openEditor(page, pageURL('wiki', 'e2e-editor', 'paste'), 'Paste link')
  await body.click()
  await page.keyboard.type('Read the guide')
  for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowLeft')
  await paste(page, 'https://example.com/guide')
  await eventually('the selection linked', async () => (await text()) === 'Read the [guide](https://example.com/guide)')
  await page.keyboard.type(' now')
  await paste(page, ' plain words')
  await sleep(300)
  assert((await text()) === 'Read the [guide](https://example.com/guide) now plain words', `a plain paste inserted as is: ${await text()}`)
})

test('editor: the new-page form has the CodeMirror editor with Ctrl-B, and keeps its text through a reload', async (t) => {
  const { context, page } = await t.open(people.ada)
  await page.goto('/new?space=wiki&path=e2e-editor')
  await see(page.getByRole('heading', { level: 1, name: 'New page' }), 'the new-page form')
  const body = await see(page.getByLabel('Body'), 'the body editor')
  assert((await body.getAttribute('contenteditable')) === 'true', 'the body is the CodeMirror editor')
  assert((await page.getByRole('toolbar', { name: 'Formatting' }).count()) === 1, 'with its toolbar')
  const text = () => body.evaluate((el) => el.textContent)
  await page.getByLabel('Title').fill('Fresh editor page')
  await body.click()
  await page.keyboard.type('make bold')
  await page.keyboard.press('Shift+Home')
  await page.keyboard.press('Control+b')
  await eventually('Ctrl-B bolds in the new-page form', async () => (await text()) === '**make bold**')
  await sleep(1000) // past the draft's debounce
  await page.reload()
  const again = await see(page.getByLabel('Body'), 'the body editor after a reload')
  await eventually('the text kept through the reload', async () => (await again.evaluate((el) => el.textContent)) === '**make bold**')
  assert((await page.getByLabel('Title').inputValue()) === 'Fresh editor page', 'the title kept too')
  await page.getByRole('button', { name: 'Create page' }).click()
  await see(h1(page, 'Fresh editor page'), 'the created page')
  const r = await gql(context, `query { documentByAddress(space: WIKI, path: "e2e-editor", slug: "fresh-editor-page") { content } }`)
  assert(r.documentByAddress?.content === '**make bold**', `the body sent: ${JSON.stringify(r)}`)
  await page.goto('/new?space=wiki&path=e2e-editor')
  const fresh = await see(page.getByLabel('Body'), 'the form again')
  await sleep(500)
  const left = await fresh.evaluate((el) => el.textContent)
  assert(!left.includes('make bold'), `no kept text once the page is created: ${left}`)
})

test('editor: the draft and conflict panels pass axe in dark mode', async (t) => {
  const { context, page } = await t.open(people.ada)
  await page.emulateMedia({ colorScheme: 'dark' })
  page.on('dialog', (dl) => void dl.accept())
  const d = await createDoc(context, { path: 'e2e-editor', slug: 'dark-panels', title: 'Dark panels', content: '# One\n\nTwo **strong** and a [link](https://example.com/).\n' })
  const address = pageURL('wiki', 'e2e-editor', 'dark-panels')
  let { body } = await openEditor(page, address, 'Dark panels')
  // In live preview (remembered through the reload below): its headings and links are checked too.
  await page.getByRole('group', { name: /Editor mode/ }).getByRole('button', { name: 'Live', exact: true }).click()
  await body.click()
  await page.keyboard.press('Control+End')
  await page.keyboard.type('Mine.')
  await sleep(1200)
  await page.reload()
  ;({ body } = await openEditor(page, address, 'Dark panels'))
  const offer = await see(page.getByRole('region', { name: 'You have unsaved changes to this page' }), 'the draft panel')
  const found = await axe(page, 'dark draft panel')
  await t.shot(page, 'editor-draft-dark')
  await offer.getByRole('button', { name: 'Restore' }).click()
  // Someone else saves meanwhile: saving now is a conflict.
  await gql(context, UPDATE, { input: { id: d.id, expectedVersion: d.version, content: '# One\n\nTheirs.\n' } })
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await see(page.getByRole('region', { name: /saved this page while you were editing/ }), 'the conflict panel')
  found.push(...(await axe(page, 'dark conflict panel')))
  await t.shot(page, 'editor-conflict-dark')
  assert(found.length === 0, `axe found:\n${found.join('\n')}`)
})

// The end-to-end tests: the real app served by a real `codna serve`, driven
// in Debian's chromium. A tiny sequential runner: each test gets fresh
// browser contexts; a failing test saves a screenshot of its pages to
// test-results/<name>.png and the run exits non-zero. The main screens are
// saved as test-results/screen-<screen>.png along the way.
//
//   npm run e2e                      build, serve, run every test
//   node e2e/run.mjs share inbox     only the tests whose name contains a word
//   E2E_SKIP_BUILD=1 npm run e2e     reuse dist/app
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { join } from 'node:path'
import zlib from 'node:zlib'
import { addProviderUser, gql, launchBrowser, log, newContext, providerName, receivedMail, resultsDir, startApp } from './harness.mjs'

const chromiumPath = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium'
if (!existsSync(chromiumPath)) {
  console.log(`e2e: skipped: no browser at ${chromiumPath} (apt-get install -y chromium)`)
  process.exit(process.env.E2E_REQUIRE ? 1 : 0)
}

const STEP_TIMEOUT = Number(process.env.E2E_STEP_TIMEOUT ?? 8000)
const TEST_TIMEOUT = Number(process.env.E2E_TEST_TIMEOUT ?? 45000)
const password = 'correct horse battery staple'
const people = {
  ada: { email: 'ada@example.com', name: 'Ada Lovelace', password },
  bob: { email: 'bob@example.com', name: 'Bob Builder', password },
  cy: { email: 'cy@example.com', name: 'Cy Young', password },
}

// ---------------------------------------------------------------- helpers

class Fail extends Error {}

function assert(cond, msg) {
  if (!cond) throw new Fail(msg)
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/** Polls fn until it returns a truthy value (or throws the last error at the deadline). */
async function eventually(what, fn, timeout = STEP_TIMEOUT) {
  const end = Date.now() + timeout
  let last
  for (;;) {
    try {
      const v = await fn()
      if (v) return v
      last = null
    } catch (e) {
      last = e
    }
    if (Date.now() > end) throw new Fail(`${what}${last ? `: ${last.message.split('\n')[0]}` : ''}`)
    await sleep(150)
  }
}

/** Waits until a locator is visible, failing with words a person would use. */
async function see(locator, what, timeout = STEP_TIMEOUT) {
  try {
    await locator.first().waitFor({ state: 'visible', timeout })
  } catch {
    throw new Fail(`not visible within ${timeout} ms: ${what}`)
  }
  return locator.first()
}

/** Sets a field whatever it is: a <select> (option matched by text or value), or a text field. */
async function setField(locator, value) {
  const el = locator.first()
  const tag = await el.evaluate((e) => e.tagName.toLowerCase())
  if (tag === 'select') {
    const opts = await el.evaluate((e) => [...e.options].map((o) => ({ value: o.value, label: o.textContent.trim() })))
    const want = String(value).toLowerCase()
    const o = opts.find((o) => o.value.toLowerCase() === want || o.label.toLowerCase() === want)
    assert(o, `no option ${value} in ${JSON.stringify(opts)}`)
    await el.selectOption(o.value)
  } else {
    await el.fill(String(value))
  }
}

const h1 = (page, title) => page.getByRole('heading', { level: 1, name: title, exact: true })
const pageURL = (space, path, slug) => '/' + [space.toLowerCase(), path, slug].filter(Boolean).join('/')

const CREATE = `mutation($input: CreateDocumentInput!) { createDocument(input: $input) { document { id version space path slug title } } }`
const UPDATE = `mutation($input: UpdateDocumentInput!) { updateDocument(input: $input) { document { id version } } }`
const MOVE = `mutation($input: MoveDocumentInput!) { moveDocument(input: $input) { document { id version path slug } } }`
const DELETE = `mutation($input: DeleteDocumentInput!) { deleteDocument(input: $input) { document { id } } }`
const LINKS = `query($id: ID!) { document(id: $id) { id version content links { id hrefAsWritten state } backlinks { id } } }`

async function createDoc(context, input) {
  const d = await gql(context, CREATE, { input: { space: 'WIKI', ...input } })
  return d.createDocument.document
}

/** Waits until every link of a document has one of these states (link state is computed in the background). */
async function linksSettle(context, id, states) {
  return eventually(`the links of ${id} reach ${states}`, async () => {
    const d = (await gql(context, LINKS, { id })).document
    return d.links.length > 0 && d.links.every((l) => states.includes(l.state)) ? d : null
  })
}

// A 16×16 PNG, made here so the test depends on no file.
function png16() {
  return makePNG(zlib)
}
function makePNG(zlib) {
  const w = 16
  const h = 16
  const raw = Buffer.alloc((w * 3 + 1) * h)
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0
    for (let x = 0; x < w; x++) {
      const o = y * (w * 3 + 1) + 1 + x * 3
      raw[o] = 200
      raw[o + 1] = (x * 16) & 255
      raw[o + 2] = (y * 16) & 255
    }
  }
  const chunk = (type, data) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(zlib.crc32(td) >>> 0)
    return Buffer.concat([len, td, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(w, 0)
  ihdr.writeUInt32BE(h, 4)
  ihdr[8] = 8
  ihdr[9] = 2
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

// ---------------------------------------------------------------- runner

const tests = []
const test = (name, fn) => tests.push({ name, fn })
const fileName = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')

/** Problems seen in any page of the run: CSP violations and uncaught errors. */
const pageProblems = []

function watch(page, testName) {
  page.setDefaultTimeout(STEP_TIMEOUT)
  page.on('pageerror', (e) => {
    const at = (e.stack ?? '').split('\n').find((l) => /^\s+at /.test(l))?.trim() ?? ''
    pageProblems.push(`${testName}: uncaught ${e.message} ${at}`)
  })
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|^CSP violation/i.test(m.text())) pageProblems.push(`${testName}: ${m.text()}`)
  })
}

/** The per-test kit: fresh contexts and pages, screenshots. */
function kit(browser, app, testName) {
  const contexts = []
  const pages = []
  return {
    app,
    contexts,
    pages,
    /** A fresh context (signed in as person, if given) and a page in it. */
    async open(person, opts = {}) {
      const context = await newContext(browser, app.baseURL, { person, ...opts })
      contexts.push(context)
      // Name what a Content-Security-Policy violation blocked (init scripts run outside the CSP).
      await context.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (e) => {
          const el = e.target instanceof Element ? e.target.outerHTML.slice(0, 160) : String(e.target?.nodeName ?? '')
          console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} sample=${JSON.stringify(e.sample)} at ${el}`)
        }),
      )
      const page = await context.newPage()
      watch(page, testName)
      pages.push(page)
      return { context, page }
    },
    /** Saves a screenshot of a main screen as an artifact. */
    async shot(page, screen) {
      await page.screenshot({ path: join(resultsDir, `screen-${screen}.png`), fullPage: true })
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {})
    },
  }
}

// ---------------------------------------------------------------- tests

test('sign in', async (t) => {
  const { page } = await t.open()
  await page.goto('/')
  await see(page.getByLabel('Email'), 'the Email field')
  await page.getByLabel('Email').fill(people.ada.email)
  await page.getByLabel('Password').fill('not the password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await see(page.getByRole('alert'), 'an error for a wrong password')
  await page.getByLabel('Password').fill(people.ada.password)
  await t.shot(page, 'sign-in')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await see(page.getByRole('button', { name: `Sign out ${people.ada.name}` }), 'the signed-in shell (Sign out Ada Lovelace)')
  await see(page.getByRole('link', { name: /Inbox/ }), 'the Inbox link')
})

test('create a page linking to another', async (t) => {
  const { context, page } = await t.open(people.ada)
  const target = await createDoc(context, { path: 'e2e-create', slug: 'deploy-guide', title: 'Deploy guide', content: 'How we deploy.\n' })
  await page.goto('/new')
  const form = page.getByRole('main')
  // A <select> inside its <label> takes the options' text into the label's: match the start.
  const field = (name) => form.getByLabel(new RegExp(`^${name}`))
  await see(field('Title'), 'the New page form (label "Title")')
  await setField(field('Space'), 'wiki')
  await field('Folder').fill('e2e-create')
  await field('Slug').fill('runbook')
  await field('Title').fill('Runbook')
  await field('Body').fill('Before a release read [the deploy guide](deploy-guide).\n')
  await t.shot(page, 'new-page')
  await form.getByRole('button', { name: 'Create page' }).click()
  await see(h1(page, 'Runbook'), 'the new page (h1 "Runbook")')
  await eventually('the URL of the new page', () => new URL(page.url()).pathname === '/wiki/e2e-create/runbook')
  const link = await see(page.locator('.body').getByRole('link', { name: 'the deploy guide' }), 'the link in the body')
  assert((await link.getAttribute('href')) === pageURL('wiki', 'e2e-create', 'deploy-guide'), 'the link points at the target')
  await link.click()
  await see(h1(page, target.title), 'the target after following the link')
})

test('a new page says who will see it; everyone reads it when the author chooses so', async (t) => {
  const a = await t.open(people.ada)
  const b = await t.open(people.bob)
  await a.page.goto('/new')
  const form = a.page.getByRole('main')
  const field = (name) => form.getByLabel(new RegExp(`^${name}`))
  await see(field('Title'), 'the New page form (label "Title")')
  await setField(field('Space'), 'wiki')
  await field('Folder').fill('e2e-audience')
  await field('Title').fill('Team notes')
  await see(form.getByText('In the wiki, new pages are private by default.'), 'the space default on the form')
  const only = form.getByRole('radio', { name: 'Only you, and whoever you share it with' })
  assert(await only.isChecked(), 'the form starts from the default: only you')
  await form.getByRole('radio', { name: 'Everyone can read it' }).check()
  await t.shot(a.page, 'new-page-audience')
  await form.getByRole('button', { name: 'Create page' }).click()
  await see(h1(a.page, 'Team notes'), 'the new page (h1 "Team notes")')
  await b.page.goto(pageURL('wiki', 'e2e-audience', 'team-notes'))
  await see(h1(b.page, 'Team notes'), 'the page, for Bob')
})

test('the backlink shows on the target', async (t) => {
  const { context, page } = await t.open(people.ada)
  const target = await createDoc(context, { path: 'e2e-back', slug: 'glossary', title: 'Glossary', content: 'Words we use.\n' })
  const source = await createDoc(context, { path: 'e2e-back/notes', slug: 'intro', title: 'Intro notes', content: 'See [the glossary](../glossary).\n' })
  await linksSettle(context, source.id, ['RESOLVED'])
  await page.goto(pageURL('wiki', 'e2e-back', 'glossary'))
  await see(h1(page, target.title), 'the target page')
  const back = await see(page.getByTestId('backlinks').getByRole('link', { name: 'Intro notes' }), 'the backlink "Intro notes"')
  await t.shot(page, 'page-view')
  await back.click()
  await see(h1(page, 'Intro notes'), 'the source after following the backlink')
})

test('rename the target and the link still works', async (t) => {
  const { context, page } = await t.open(people.ada)
  await createDoc(context, { path: 'e2e-rename', slug: 'old-name', title: 'Old name', content: 'The target.\n' })
  const source = await createDoc(context, { path: 'e2e-rename', slug: 'pointer', title: 'Pointer', content: 'Go to [the target](old-name).\n' })
  await linksSettle(context, source.id, ['RESOLVED'])
  await page.goto(pageURL('wiki', 'e2e-rename', 'old-name'))
  await see(h1(page, 'Old name'), 'the target page')
  await page.getByRole('button', { name: 'Rename or move' }).click()
  const dialog = await see(page.getByRole('dialog'), 'the Rename or move dialog')
  await dialog.getByLabel('Slug').fill('new-name')
  const title = dialog.getByLabel('Title')
  if (await title.count()) await title.fill('New name')
  await t.shot(page, 'rename-dialog')
  await dialog.getByRole('button', { name: /^(rename|move|save|apply)/i }).first().click()
  await eventually('the page at its new URL', () => new URL(page.url()).pathname === '/wiki/e2e-rename/new-name')
  await see(page.getByRole('heading', { level: 1, name: /New name|Old name/ }), 'the renamed page')
  await linksSettle(context, source.id, ['STALE_TEXT', 'RESOLVED'])
  await page.goto(pageURL('wiki', 'e2e-rename', 'pointer'))
  await see(h1(page, 'Pointer'), 'the source page')
  await page.locator('.body').getByRole('link', { name: 'the target' }).click()
  await see(page.getByRole('heading', { level: 1, name: /New name|Old name/ }), 'the renamed target after clicking the stale link in the source')
})

test('a link to a page renamed through the API still opens it', async (t) => {
  const { context, page } = await t.open(people.ada)
  const target = await createDoc(context, { path: 'e2e-rename2', slug: 'before', title: 'Moved away', content: 'The target.\n' })
  const source = await createDoc(context, { path: 'e2e-rename2', slug: 'pointer', title: 'Pointer two', content: 'Go to [the target](before).\n' })
  await linksSettle(context, source.id, ['RESOLVED'])
  await gql(context, MOVE, { input: { id: target.id, path: 'e2e-rename2/elsewhere', slug: 'after' } })
  await linksSettle(context, source.id, ['STALE_TEXT'])
  await page.goto(pageURL('wiki', 'e2e-rename2', 'pointer'))
  await see(h1(page, 'Pointer two'), 'the source page')
  const link = await see(page.locator('.body').getByRole('link', { name: 'the target' }), 'the stale link in the body')
  await link.click()
  await see(h1(page, 'Moved away'), `the moved target after clicking the stale link (it went to ${new URL(page.url()).pathname})`)
})

test('share with a second person: their inbox badge goes up live', async (t) => {
  const a = await t.open(people.ada)
  const b = await t.open(people.bob)
  const doc = await createDoc(a.context, { path: 'e2e-share', slug: 'plan', title: 'Shared plan', content: 'The plan.\n' })
  await b.page.goto('/')
  await see(b.page.getByRole('link', { name: /Inbox/ }), "Bob's inbox link")
  const badge = b.page.getByTestId('inbox-badge')
  const count = async () => ((await badge.count()) ? Number((await badge.textContent()).trim()) : 0)
  await sleep(500) // the subscription's first value
  const before = await count()
  await b.page.evaluate(() => (window.__e2eNoReload = true))

  await a.page.goto(pageURL('wiki', 'e2e-share', 'plan'))
  await see(h1(a.page, 'Shared plan'), 'the page to share')
  await a.page.getByRole('button', { name: 'Share', exact: true }).click()
  const dialog = await see(a.page.getByRole('dialog'), 'the Share dialog')
  const who = dialog.getByRole('combobox').or(dialog.getByLabel(/people|recipient|share with|email|who/i))
  await see(who, 'the recipient field of the Share dialog')
  await who.first().fill(people.bob.email)
  await t.shot(a.page, 'share-dialog')
  await dialog.getByRole('button', { name: /^share/i }).last().click()
  await eventually('Bob among who has access (the API)', async () => {
    const d = (await gql(a.context, `query($id: ID!) { document(id: $id) { access { recipient } } }`, { id: doc.id })).document
    return d.access.some((g) => g.recipient === people.bob.email)
  })

  await eventually(`Bob's badge to go above ${before} without a reload`, async () => (await count()) > before)
  assert(await b.page.evaluate(() => window.__e2eNoReload === true), "Bob's page was reloaded")
})

test('diff and restore a revision', async (t) => {
  const { context, page } = await t.open(people.ada)
  const d = await createDoc(context, { path: 'e2e-history', slug: 'essay', title: 'Essay', content: 'The first draft line.\n' })
  await gql(context, UPDATE, { input: { id: d.id, expectedVersion: d.version, content: 'The second draft line.\n' } })
  await page.goto(pageURL('wiki', 'e2e-history', 'essay'))
  await see(page.locator('.body').getByText('The second draft line.'), 'the current body')
  await page.getByRole('button', { name: 'History', exact: true }).click()
  await see(page.getByRole('button', { name: 'Compare' }), 'the Compare button of the history')
  await page.getByRole('button', { name: 'Compare' }).first().click()
  await see(page.getByText(/first draft line/).first(), 'the old line in the diff')
  await see(page.getByText(/second draft line/).first(), 'the new line in the diff')
  await t.shot(page, 'history-diff')
  await page.getByRole('button', { name: 'Restore version 1' }).click()
  const confirm = page.getByRole('dialog').getByRole('button', { name: /restore|yes|confirm/i })
  if (await confirm.count().catch(() => 0)) await confirm.first().click()
  await eventually('the document restored to version 1 (as version 3)', async () => {
    const now = (await gql(context, LINKS, { id: d.id })).document
    return now.version === 3 && now.content.includes('first draft line')
  })
  await page.getByRole('button', { name: 'Read', exact: true }).click().catch(() => {})
  await see(page.locator('.body').getByText('The first draft line.'), 'the restored body in the page view')
})

test('a stale link is updated from the inbox', async (t) => {
  const { context, page } = await t.open(people.cy)
  const target = await createDoc(context, { path: 'e2e-stale', slug: 'manual', title: 'Manual', content: 'Read me.\n' })
  const source = await createDoc(context, { path: 'e2e-stale', slug: 'index', title: 'Stale index', content: 'See [the manual](manual).\n' })
  await linksSettle(context, source.id, ['RESOLVED'])
  await gql(context, MOVE, { input: { id: target.id, slug: 'handbook' } })
  await linksSettle(context, source.id, ['STALE_TEXT'])
  await page.goto('/inbox')
  const update = await see(page.getByRole('button', { name: 'Update link' }), 'the "Update link" decision in the inbox')
  await t.shot(page, 'inbox')
  await update.click()
  await eventually('the link rewritten to the new address', async () => {
    const d = (await gql(context, LINKS, { id: source.id })).document
    return /\]\(handbook(\.md)?\)/.test(d.content) && d.links.every((l) => l.state === 'RESOLVED')
  })
  await eventually('the decision gone from the inbox', async () => (await page.getByRole('button', { name: 'Update link' }).count()) === 0)
})

test("a stale link is updated from the page view's own button", async (t) => {
  const { context, page } = await t.open(people.cy)
  const target = await createDoc(context, { path: 'e2e-stale2', slug: 'manual', title: 'Manual two', content: 'Read me.\n' })
  const source = await createDoc(context, { path: 'e2e-stale2', slug: 'index', title: 'Stale index two', content: 'See [the manual](manual).\n' })
  await linksSettle(context, source.id, ['RESOLVED'])
  await gql(context, MOVE, { input: { id: target.id, slug: 'handbook' } })
  await linksSettle(context, source.id, ['STALE_TEXT'])
  await page.goto(pageURL('wiki', 'e2e-stale2', 'index'))
  await see(h1(page, 'Stale index two'), 'the linking page')
  await see(page.locator('.body a[data-state="stale_text"]'), 'the body link marked stale')
  await page.getByRole('button', { name: 'Update link' }).click()
  await eventually('the link rewritten to the new address', async () => {
    const d = (await gql(context, LINKS, { id: source.id })).document
    return /\]\(handbook(\.md)?\)/.test(d.content)
  })
  await see(page.getByRole('complementary', { name: 'Links' }).getByText('ok', { exact: true }), 'the link shown as ok')
})

test('search finds the page (Ctrl-K)', async (t) => {
  const { context, page } = await t.open(people.ada)
  await createDoc(context, { path: 'e2e-search', slug: 'zephyr', title: 'Zephyrquartz notes', content: 'All about the zephyrquartz mineral.\n' })
  await eventually('the API search to find it', async () => {
    const r = await gql(context, `query { search(query: "zephyrquartz") { totalCount } }`)
    return r.search.totalCount > 0
  })
  await page.goto('/')
  await see(page.getByRole('button', { name: /Sign out/ }), 'the shell')
  await page.keyboard.press('Control+k')
  const box = await see(
    page.getByRole('combobox', { name: 'Search', exact: true }).or(page.getByRole('searchbox', { name: 'Search', exact: true })).or(page.getByRole('textbox', { name: 'Search', exact: true })),
    'the search field (label "Search")',
  )
  await box.fill('zephyrquartz')
  const hit = await see(page.getByRole('option', { name: /Zephyrquartz notes/ }).or(page.getByRole('link', { name: /Zephyrquartz notes/ })), 'the hit "Zephyrquartz notes"')
  await t.shot(page, 'search')
  await hit.click()
  await see(h1(page, 'Zephyrquartz notes'), 'the page opened from the search')
})

test('attach an image in the editor and see it rendered', async (t) => {
  const { context, page } = await t.open(people.ada)
  await createDoc(context, { path: 'e2e-files', slug: 'gallery', title: 'Gallery', content: 'Pictures below.\n' })
  await page.goto(pageURL('wiki', 'e2e-files', 'gallery'))
  await see(h1(page, 'Gallery'), 'the page')
  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  const body = await see(page.getByLabel('Body'), 'the editor (label "Body")')
  await t.shot(page, 'editor')
  const bytes = png16()
  assert(bytes, 'node:zlib for the test image')
  const fileInput = page.locator('input[type=file]')
  const bodyText = () => body.evaluate((el) => (el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement ? el.value : el.textContent))
  const referenced = async () => /gallery\.files\/dot[^)]*\.png/.test(await bodyText())
  if (await fileInput.count()) {
    await fileInput.first().setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: bytes })
  } else {
    // No file picker: drop the file on the editor as a person would, then paste it.
    const b64 = bytes.toString('base64')
    await body.click()
    for (const how of ['drop', 'paste']) {
      await body.evaluate(
        (el, [b64, how]) => {
          const bin = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))
          const dt = new DataTransfer()
          dt.items.add(new File([bin], 'dot.png', { type: 'image/png' }))
          if (how === 'paste') {
            el.dispatchEvent(new ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: dt }))
            return
          }
          const r = el.getBoundingClientRect()
          const at = { bubbles: true, cancelable: true, dataTransfer: dt, clientX: r.left + 10, clientY: r.top + 10 }
          el.dispatchEvent(new DragEvent('dragenter', at))
          el.dispatchEvent(new DragEvent('dragover', at))
          el.dispatchEvent(new DragEvent('drop', at))
        },
        [b64, how],
      )
      if (await eventually('', referenced, 3000).catch(() => false)) break
    }
  }
  await eventually('the image reference (gallery.files/dot.png) in the body after dropping or pasting the file', referenced)
  await page.getByRole('button', { name: /^save/i }).first().click()
  let img
  try {
    img = await see(page.locator('.body img[src^="/files/"]'), 'the image rendered in the page view after Save')
  } catch (e) {
    // Tell "never" from "only after a reload" (file references are computed in the background).
    await page.reload()
    const later = await see(page.locator('.body img[src^="/files/"]'), 'x').then(() => true, () => false)
    throw new Fail(`${e.message}${later ? ' (it shows after a reload: the view did not refetch once the file reference was resolved)' : ' (nor after a reload)'}`)
  }
  await eventually('the image loaded', () => img.evaluate((i) => i.complete && i.naturalWidth === 16))
})

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

test('no Content-Security-Policy violations or uncaught errors in the pages', async () => {
  assert(pageProblems.length === 0, pageProblems.slice(0, 10).join('\n'))
})

// ---------------------------------------------------------------- main

async function main() {
  const only = process.argv.slice(2).map((s) => s.toLowerCase())
  const selected = only.length ? tests.filter((t) => only.some((w) => t.name.toLowerCase().includes(w))) : tests
  mkdirSync(resultsDir, { recursive: true })
  for (const f of readdirSync(resultsDir)) if (f.endsWith('.png')) rmSync(join(resultsDir, f))

  const started = Date.now()
  const app = await startApp()
  let browser
  const results = []
  try {
    for (const p of Object.values(people)) app.createPerson(p)
    log('people: ' + Object.values(people).map((p) => p.email).join(', '))
    browser = await launchBrowser()
    for (const tc of selected) {
      const t = kit(browser, app, tc.name)
      const t0 = Date.now()
      let error = null
      try {
        let timer
        await Promise.race([
          tc.fn(t).finally(() => clearTimeout(timer)),
          new Promise((_, fail) => {
            timer = setTimeout(() => fail(new Fail(`timed out after ${TEST_TIMEOUT} ms`)), TEST_TIMEOUT)
          }),
        ])
      } catch (e) {
        error = e
        for (const [i, page] of t.pages.entries()) {
          const name = fileName(tc.name) + (i ? `-${i + 1}` : '')
          await page.screenshot({ path: join(resultsDir, `${name}.png`), fullPage: true }).catch(() => {})
        }
      }
      await t.close()
      const ms = Date.now() - t0
      results.push({ name: tc.name, ok: !error, ms, error })
      if (error) log(`FAIL ${tc.name} (${ms} ms)\n       ${(error instanceof Fail ? error.message : error.stack).split('\n').join('\n       ')}`)
      else log(`ok   ${tc.name} (${ms} ms)`)
    }
  } finally {
    await browser?.close().catch(() => {})
    await app.stop()
  }
  const failed = results.filter((r) => !r.ok)
  console.log(`\n${results.length - failed.length} passed, ${failed.length} failed in ${((Date.now() - started) / 1000).toFixed(0)} s`)
  for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'}  ${r.name}`)
  if (failed.length) console.log(`screenshots of the failures: ${resultsDir}`)
  process.exitCode = failed.length ? 1 : 0
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})

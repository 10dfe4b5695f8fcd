// Browser tests of pages: signing in, writing, links and backlinks through renames, sharing,
// history, search and attachments.
import { gql } from '../harness.mjs'
import { password, people, Fail, assert, sleep, eventually, see, setField, h1, pageURL, UPDATE, MOVE, LINKS, createDoc, linksSettle, png16, test } from '../kit.mjs'

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
  // The hit in the search box, not the same page in home's activity behind it.
  const found = page.getByRole('dialog')
  const hit = await see(found.getByRole('option', { name: /Zephyrquartz notes/ }).or(found.getByRole('link', { name: /Zephyrquartz notes/ })), 'the hit "Zephyrquartz notes"')
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

test('page export: Download (.md) fetches the markdown; the print layout hides the shell', async (t) => {
  const { context, page } = await t.open(people.ada)
  const d = await createDoc(context, { path: 'e2e-export', slug: 'printable', title: 'Printable page', content: 'Paper and [a link](https://example.com/x).\n' })
  await page.goto(pageURL('wiki', 'e2e-export', 'printable'))
  await see(h1(page, 'Printable page'), 'the page')
  const link = page.getByRole('link', { name: 'Download (.md)' })
  await see(link, 'the Download (.md) action')
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  assert(download.suggestedFilename() === 'printable.md', `downloaded as ${download.suggestedFilename()}`)
  const { readFile } = await import('node:fs/promises')
  const text = await readFile(await download.path(), 'utf8')
  assert(text.startsWith(`---\nid: ${d.id}\ntitle: Printable page\nspace: wiki\npath: e2e-export\nslug: printable\n`), `the markdown's frontmatter: ${text.slice(0, 200)}`)
  assert(text.endsWith('---\nPaper and [a link](https://example.com/x).\n'), `the markdown's body: ${text}`)

  await see(page.getByRole('button', { name: 'Print' }), 'the Print action')
  await page.emulateMedia({ media: 'print' })
  await eventually('the shell hidden in print', async () => !(await page.locator('header.top').isVisible()) && !(await page.locator('aside.side').isVisible()))
  assert(!(await page.getByRole('navigation', { name: 'Page actions' }).isVisible()), 'the page actions show in print')
  assert(!(await page.getByRole('complementary', { name: 'Links' }).isVisible()), 'the links panel shows in print')
  assert(await h1(page, 'Printable page').isVisible(), 'the title is hidden in print')
  const after = await page.locator('.page .body a[href]').first().evaluate((a) => getComputedStyle(a, '::after').content)
  assert(after.includes('https://example.com/x'), `a link in print does not show its URL: ${after}`)
  await t.shot(page, 'page-print')
  await page.emulateMedia({ media: 'screen' })
  assert(await page.locator('header.top').isVisible(), 'the shell is back on screen')
})

test('a new page from a template has its placeholders filled; its tag leads to the tag index', async (t) => {
  const { context, page } = await t.open(people.ada)
  const tag = `e2e-meeting-${Date.now().toString(36)}`
  await createDoc(context, {
    path: 'e2e-templates',
    slug: `meeting-${tag}`,
    title: `Meeting notes ${tag}`,
    content: '# {{title}}\n\nWritten by {{author}} on {{date}}.\n',
    tags: ['template', tag],
  })
  await page.goto('/new')
  const form = page.getByRole('main')
  const field = (name) => form.getByLabel(new RegExp(`^${name}`))
  await see(field('Start from'), 'the template picker on the New page form')
  await setField(field('Start from'), `Template: Meeting notes ${tag}`)
  await setField(field('Space'), 'wiki')
  await field('Folder').fill('e2e-templates')
  await field('Title').fill('Weekly sync')
  const today = new Date().toISOString().slice(0, 10)
  await eventually('the filled body in the preview', async () => (await field('Body').inputValue()).includes(`Written by ${people.ada.name} on ${today}.`))
  await t.shot(page, 'new-page-template')
  await form.getByRole('button', { name: 'Create page' }).click()
  await see(h1(page, 'Weekly sync'), 'the new page (h1 "Weekly sync")')
  await see(page.locator('.body').getByRole('heading', { name: 'Weekly sync' }), 'the {{title}} filled in the body')
  await see(page.locator('.body').getByText(`Written by ${people.ada.name} on ${today}.`), 'the {{author}} and {{date}} filled in the body')
  const tagLink = await see(page.getByRole('link', { name: `#${tag}` }), 'the page keeps the template tag-less tags, linked')
  assert((await page.getByRole('link', { name: '#template' }).count()) === 0, 'the new page is not itself a template')
  await tagLink.click()
  await see(h1(page, `#${tag}`), 'the tag page')
  const list = page.getByRole('list', { name: `Pages tagged ${tag}` })
  await see(list.getByRole('link', { name: 'Weekly sync' }), 'the new page on the tag page')
  await see(list.getByRole('link', { name: `Meeting notes ${tag}` }), 'the template on the tag page')
  await page.getByRole('link', { name: 'Tags', exact: true }).first().click()
  await see(h1(page, 'Tags'), 'the tag index')
  await page.getByLabel('Filter').fill(tag)
  await see(page.getByRole('list', { name: 'Tags' }).getByText(`#${tag} 2 pages`), 'the tag with its count')
})

test('star a page: it is on home and in the sidebar; home lists it as recently viewed', async (t) => {
  const { context, page } = await t.open(people.ada)
  const doc = await createDoc(context, { path: 'e2e-star', slug: 'favourite', title: 'Favourite page', content: 'Keep me close.\n' })
  await page.goto(pageURL('wiki', 'e2e-star', 'favourite'))
  await see(h1(page, doc.title), 'the page')
  const star = await see(page.getByRole('button', { name: 'Star', exact: true }), 'the Star toggle')
  assert((await star.getAttribute('aria-pressed')) === 'false', 'not starred yet')
  await star.click()
  const unstar = await see(page.getByRole('button', { name: 'Unstar', exact: true }), 'the toggle, now Unstar')
  assert((await unstar.getAttribute('aria-pressed')) === 'true', 'pressed once starred')
  const side = page.getByRole('complementary', { name: 'Spaces' })
  await see(side.getByRole('list', { name: 'Favourites' }).getByRole('link', { name: doc.title }), 'the page among the sidebar favourites')
  await t.shot(page, 'starred-page')
  await page.goto('/')
  const main = page.getByRole('main')
  await see(main.getByRole('list', { name: 'Favourites' }).getByRole('link', { name: doc.title }), 'the page among the home favourites')
  // Views are written in the background within a few seconds: reload until it shows.
  await eventually(
    'the page among the recently viewed on home',
    async () => {
      await page.reload()
      const link = main.getByRole('list', { name: 'Recently viewed' }).getByRole('link', { name: doc.title })
      return link.waitFor({ timeout: 2000 }).then(
        () => true,
        () => false,
      )
    },
    20000,
  )
  await t.shot(page, 'home-lists')
})

// Browser tests of finding your way and of live pages: the sidebar opens to and marks the page
// open, tabs are titled after their page, an open page follows someone else's save and its own
// links' resolution without a reload, dark mode follows the system, and axe finds nothing serious on the main screens.
import AxeBuilder from '@axe-core/playwright'
import { gql } from '../harness.mjs'
import { people, assert, eventually, see, h1, pageURL, UPDATE, createDoc, test } from '../kit.mjs'

const SHARE = `mutation($input: ShareInput!) { share(input: $input) { batchId } }`

test('way-finding: the sidebar opens to and marks the page open, sorted by title; the tab is titled after it; breadcrumbs are links', async (t) => {
  const { context, page } = await t.open(people.ada)
  // Slugs sort the other way round from titles.
  await createDoc(context, { path: 'e2e-way/deep', slug: 'a-zebra', title: 'Zebra crossing', content: 'Z.\n' })
  await createDoc(context, { path: 'e2e-way/deep', slug: 'b-apple', title: 'Apple pie', content: 'A.\n' })
  await createDoc(context, { path: 'e2e-way/deep', slug: 'c-mango', title: 'Mango', content: 'M.\n' })
  await page.goto(pageURL('wiki', 'e2e-way/deep', 'c-mango'))
  await see(h1(page, 'Mango'), 'the page')
  const side = page.getByRole('complementary', { name: 'Spaces' })
  const current = await see(side.locator('a[aria-current="page"]'), 'the current page marked in the sidebar (its folders opened)')
  assert((await current.textContent()) === 'Mango', `the marked page: ${await current.textContent()}`)
  const titles = await current.locator('xpath=../..').locator(':scope > li > a').allTextContents()
  assert(JSON.stringify(titles) === JSON.stringify(['Apple pie', 'Mango', 'Zebra crossing']), `sorted by title: ${JSON.stringify(titles)}`)
  await eventually('the tab titled after the page', async () => (await page.title()) === 'Mango · CoDNA')
  // Focus is on the page's heading after the navigation.
  await eventually('focus on the heading', async () => page.evaluate(() => document.activeElement?.tagName === 'H1'))

  // A click in the sidebar moves the mark and the title, not the sidebar's scroll.
  await side.getByRole('treeitem', { name: 'Apple pie' }).click()
  await see(h1(page, 'Apple pie'), 'the page clicked in the sidebar')
  await eventually('the mark moved', async () => (await side.locator('a[aria-current="page"]').textContent()) === 'Apple pie')
  await eventually('the tab title followed', async () => (await page.title()) === 'Apple pie · CoDNA')

  // In a long folder, a click keeps the sidebar's scroll (the window goes to the top, the sidebar does not).
  for (let i = 0; i < 60; i++) await createDoc(context, { path: 'e2e-way/long', slug: `p${i}`, title: `Long ${String(i).padStart(2, '0')}`, content: 'L.\n' })
  await page.goto(pageURL('wiki', 'e2e-way/long', 'p0'))
  await see(h1(page, 'Long 00'), 'a page of the long folder')
  const far = side.getByRole('treeitem', { name: 'Long 50', exact: true })
  await far.scrollIntoViewIfNeeded()
  const before = await side.evaluate((e) => e.scrollTop)
  assert(before > 0, `the sidebar scrolled to the 50th page: ${before}`)
  await far.click()
  await see(h1(page, 'Long 50'), 'the page far down the folder')
  await eventually('the mark on it', async () => (await side.locator('a[aria-current="page"]').textContent()) === 'Long 50')
  const after = await side.evaluate((e) => e.scrollTop)
  assert(Math.abs(after - before) < 2, `the sidebar kept its scroll: ${before} → ${after}`)
  await page.goto(pageURL('wiki', 'e2e-way/deep', 'b-apple'))
  await see(h1(page, 'Apple pie'), 'back on Apple pie')

  // Breadcrumbs are links: the folder's pages.
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' })
  await crumbs.getByRole('link', { name: 'deep' }).click()
  await see(page.getByRole('heading', { level: 1, name: 'Pages in wiki / e2e-way/deep' }), 'the folder from the breadcrumbs')
  await see(page.getByRole('link', { name: /Zebra crossing/ }), 'a page of the folder')
  await eventually('screens other than pages titled too', async () => (await page.title()) === 'Search · CoDNA')
  await page.goto('/inbox')
  await eventually('the inbox titled', async () => (await page.title()) === 'Inbox · CoDNA')
})

test('live: a second browser\'s edit appears on the open page, and a new link once resolved, without reload', async (t) => {
  const a = await t.open(people.ada)
  const target = await createDoc(a.context, { path: 'e2e-live', slug: 'target', title: 'Live target', content: 'The target.\n' })
  const d = await createDoc(a.context, { path: 'e2e-live', slug: 'notes', title: 'Live notes', content: 'First words.\n' })
  await gql(a.context, SHARE, { input: { documentIds: [d.id], recipients: [people.bob.email], permission: 'WRITE' } })
  await a.page.goto(pageURL('wiki', 'e2e-live', 'notes'))
  await see(a.page.getByText('First words.'), 'the page as opened')
  await see(a.page.getByText('No links.'), 'no links yet')
  await a.page.evaluate(() => (window.__e2eNoReload = true))

  // Bob, in his own browser, saves the page with a link in it.
  const b = await t.open(people.bob)
  await gql(b.context, UPDATE, { input: { id: d.id, expectedVersion: d.version, content: 'Second words, from Bob: see [the target](target.md).\n' } })
  await see(a.page.getByText('Second words, from Bob'), "Bob's save on Ada's open page", 15000)
  const links = a.page.getByRole('complementary', { name: 'Links' })
  await see(links.getByRole('link', { name: 'Live target' }), 'the new link, once resolved', 15000)
  assert(await a.page.evaluate(() => window.__e2eNoReload === true), 'the page was not reloaded')

  // The target's open page gains the backlink the same way.
  await a.page.goto(pageURL('wiki', 'e2e-live', 'target'))
  await see(h1(a.page, 'Live target'), 'the target page')
  await a.page.evaluate(() => (window.__e2eNoReload = true))
  // No wait for the page's subscription: a change made between the page's read and the
  // subscription's start is pushed first (documentChanged's since: the digest read).
  // A new page of Ada's own (Bob's would be his alone until shared), made outside this tab.
  const n = await createDoc(a.context, { path: 'e2e-live', slug: 'fresh', title: 'Fresh page', content: 'Also see [target](target.md).\n' })
  assert(n.id, 'the new page')
  const back = a.page.getByTestId('backlinks')
  await see(back.getByRole('link', { name: 'Fresh page' }), "a new page's link in the target's backlinks, live", 15000)
  assert(await a.page.evaluate(() => window.__e2eNoReload === true), 'the target page was not reloaded')
  void target
})

// The "server cannot be reached" banner, cleared by a real stop and start of the server: live.mjs.

test('comfort: dark mode follows prefers-color-scheme; a skip link leads to the content; a favicon', async (t) => {
  const { context, page } = await t.open(people.ada)
  await createDoc(context, { path: 'e2e-comfort', slug: 'calm', title: 'Calm page', content: 'Quiet.\n' })
  const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor || getComputedStyle(document.documentElement).backgroundColor)
  const rootBg = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto(pageURL('wiki', 'e2e-comfort', 'calm'))
  await see(h1(page, 'Calm page'), 'the page')
  const light = await rootBg()
  await page.emulateMedia({ colorScheme: 'dark' })
  const dark = await rootBg()
  assert(light !== dark, `the background changes with the system's scheme: ${light} / ${dark}`)
  const lum = (c) => (c.match(/\d+/g) ?? []).slice(0, 3).reduce((s, x) => s + Number(x), 0)
  assert(lum(dark) < lum(light), `dark is darker: ${dark} vs ${light}`)
  await t.shot(page, 'dark')
  void bg

  // The first Tab reaches the skip link; following it lands in the main content.
  await page.goto('/')
  await see(page.getByRole('heading', { level: 1 }), 'home')
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to the content' })
  assert(await skip.evaluate((e) => e === document.activeElement), 'the skip link is first on Tab')
  await page.keyboard.press('Enter')
  await eventually('focus in the main content', async () => page.evaluate(() => !!document.activeElement?.closest('main')))

  const icon = await page.evaluate(() => document.querySelector('link[rel="icon"]')?.getAttribute('href'))
  assert(icon, 'a favicon link')
  const r = await context.request.get(icon)
  assert(r.ok() && (r.headers()['content-type'] ?? '').includes('svg'), `the favicon is served: ${r.status()} ${r.headers()['content-type']}`)
})

/** Runs axe on the page as it is; fails on any critical or serious violation. */
async function axe(page, screen) {
  const r = await new AxeBuilder({ page }).analyze()
  const bad = r.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')
  return bad.map((v) => `${screen}: ${v.impact} ${v.id} (${v.nodes.length}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')})`)
}

for (const scheme of ['light', 'dark']) {
  test(`axe (${scheme}): home, page, editor, share, inbox, search, settings and the console have 0 critical and 0 serious violations`, async (t) => {
    const { context, page } = await t.open(people.ada)
    const slug = `checked-${scheme}`
    await createDoc(context, { path: 'e2e-axe', slug: `other-${scheme}`, title: `Axe other ${scheme}`, content: 'Other.\n' })
    await createDoc(context, { path: 'e2e-axe', slug, title: `Axe checked ${scheme}`, content: `# Checked\n\nA page with a [link](other-${scheme}.md), a [missing one](nowhere.md), \`code\` and a list:\n\n- one\n- two\n` })
    const found = []
    await page.emulateMedia({ colorScheme: scheme })
    await page.goto('/')
    await see(page.getByRole('heading', { level: 1 }), 'home')
    await page.waitForLoadState('networkidle')
    found.push(...(await axe(page, `${scheme} home`)))
    await page.goto(pageURL('wiki', 'e2e-axe', slug))
    await see(h1(page, `Axe checked ${scheme}`), 'the page')
    await page.waitForLoadState('networkidle')
    found.push(...(await axe(page, `${scheme} page`)))
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    await see(page.getByLabel('Body'), 'the editor')
    found.push(...(await axe(page, `${scheme} editor`)))
    await page.getByRole('button', { name: 'Read', exact: true }).click()
    await page.getByRole('button', { name: 'Share', exact: true }).click()
    await see(page.getByRole('dialog'), 'the share dialog')
    found.push(...(await axe(page, `${scheme} share`)))
    await page.keyboard.press('Escape')
    for (const [path, screen] of [['/inbox', 'inbox'], ['/search?q=axe', 'search'], ['/settings/tokens', 'settings']]) {
      await page.goto(path)
      await see(page.getByRole('heading', { level: 1 }), screen)
      await page.waitForLoadState('networkidle')
      found.push(...(await axe(page, `${scheme} ${screen}`)))
    }
    const { page: console_ } = await t.open()
    await console_.emulateMedia({ colorScheme: scheme })
    await console_.goto('/manage')
    await console_.getByLabel('Manage token').fill(t.app.createManageToken())
    await console_.getByRole('button', { name: 'Use token' }).click()
    await see(console_.getByRole('form', { name: 'Invite a person' }), 'the console')
    await console_.waitForLoadState('networkidle')
    found.push(...(await axe(console_, `${scheme} console`)))
    assert(found.length === 0, `axe found:\n${found.join('\n')}`)
  })
}

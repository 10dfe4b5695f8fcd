// Browser tests of the app following what happens elsewhere, and of the keyboard in the sidebar:
// the folder tree's arrow keys (the WAI-ARIA tree pattern), a link to a missing page offering
// "Create this page", the sidebar showing someone else's new page without a reload, and the
// "server cannot be reached" banner cleared by a real stop and start of the server.
import { gql } from '../harness.mjs'
import { people, assert, eventually, see, h1, pageURL, createDoc, linksSettle, CREATE, UPDATE, MOVE, DELETE, test } from '../kit.mjs'

const focusedText = (page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')

test('tree keys: arrow keys move, open and close folders in the sidebar; one tab stop; Enter follows', async (t) => {
  const { context, page } = await t.open(people.ada)
  await createDoc(context, { path: 'e2e-keys', slug: 'k-first', title: 'Keys first', content: 'First.\n' })
  await createDoc(context, { path: 'e2e-keys', slug: 'k-second', title: 'Keys second', content: 'Second.\n' })
  await createDoc(context, { path: 'e2e-keys/inner', slug: 'k-deep', title: 'Keys deep', content: 'Deep.\n' })
  await page.goto(pageURL('wiki', 'e2e-keys', 'k-first'))
  await see(h1(page, 'Keys first'), 'the page')
  const tree = page.getByRole('tree', { name: 'Pages' })
  const current = await see(tree.getByRole('treeitem', { name: 'Keys first' }), 'the page in the tree')
  // One tab stop: the page open.
  await eventually('the page open is the tree\'s one tab stop', async () =>
    tree.evaluate((el) => {
      const stops = [...el.querySelectorAll('[role="treeitem"]')].filter((i) => i.tabIndex === 0)
      return stops.length === 1 && stops[0].getAttribute('aria-current') === 'page'
    }),
  )
  await current.focus()
  await page.keyboard.press('ArrowDown')
  assert((await focusedText(page)) === 'Keys second', `Down to the next page: ${await focusedText(page)}`)
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('ArrowUp')
  assert((await focusedText(page)).includes('inner'), `Up to the folder above the pages: ${await focusedText(page)}`)
  const inner = tree.getByRole('treeitem', { name: /inner/ })
  assert((await inner.getAttribute('aria-expanded')) === 'false', 'the folder starts closed')
  await page.keyboard.press('ArrowRight')
  await eventually('Right opens the folder', async () => (await inner.getAttribute('aria-expanded')) === 'true')
  await see(tree.getByRole('treeitem', { name: 'Keys deep' }), 'the folder\'s page')
  await page.keyboard.press('ArrowRight')
  assert((await focusedText(page)) === 'Keys deep', `Right enters the folder: ${await focusedText(page)}`)
  await page.keyboard.press('ArrowLeft')
  assert((await focusedText(page)).includes('inner'), `Left goes to the folder: ${await focusedText(page)}`)
  await page.keyboard.press('ArrowLeft')
  await eventually('Left closes the folder', async () => (await inner.getAttribute('aria-expanded')) === 'false')
  // The parent of the e2e-keys items is the e2e-keys folder.
  await page.keyboard.press('ArrowLeft')
  assert((await focusedText(page)).includes('e2e-keys'), `Left goes up to the folder above: ${await focusedText(page)}`)
  await page.keyboard.press('Home')
  const first = await tree.evaluate((el) => el.querySelector('[role="treeitem"]')?.textContent?.trim())
  assert((await focusedText(page)) === first, `Home to the first item: ${await focusedText(page)}`)
  await page.keyboard.press('End')
  const last = await tree.evaluate((el) => [...el.querySelectorAll('[role="treeitem"]')].pop()?.textContent?.trim())
  assert((await focusedText(page)) === last, `End to the last item: ${await focusedText(page)}`)
  // Back to the page, then Down and Enter follows the link.
  await current.focus()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await see(h1(page, 'Keys second'), 'Enter follows the page\'s link')
  await eventually('the mark moved, and with it the tab stop', async () =>
    tree.evaluate((el) => el.querySelector('[aria-current="page"]')?.textContent?.trim() === 'Keys second'),
  )
  void gql
})

test('sidebar follows: a page another person makes, moves, retitles or trashes shows in the sidebar without reload; a private one never does', async (t) => {
  const a = await t.open(people.ada)
  await createDoc(a.context, { path: 'e2e-follow', slug: 'mine', title: 'Ada follows', content: 'Mine.\n' })
  await a.page.goto(pageURL('wiki', 'e2e-follow', 'mine'))
  await see(h1(a.page, 'Ada follows'), 'the page')
  const tree = a.page.getByRole('tree', { name: 'Pages' })
  await see(tree.getByRole('treeitem', { name: 'Ada follows' }), 'the folder open in the sidebar')
  await a.page.evaluate(() => (window.__e2eNoReload = true))

  const b = await t.open(people.bob)
  const make = async (input) => (await gql(b.context, CREATE, { input: { space: 'WIKI', content: 'x\n', ...input } })).createDocument.document
  await make({ path: 'e2e-follow', slug: 'bob-secret', title: 'Bob secret', access: 'PRIVATE' })
  const news = await make({ path: 'e2e-follow', slug: 'bob-news', title: 'Bob news', access: 'EVERYONE_READ' })
  await see(tree.getByRole('treeitem', { name: 'Bob news' }), "Bob's new page in Ada's sidebar", 15000)
  assert((await tree.getByRole('treeitem', { name: 'Bob secret' }).count()) === 0, "Bob's private page is not in Ada's sidebar")
  // A new folder at the top.
  await make({ path: 'e2e-follow-new', slug: 'first', title: 'Bob first', access: 'EVERYONE_READ' })
  await see(tree.getByRole('treeitem', { name: /e2e-follow-new/ }), 'a new folder at the top of the sidebar', 15000)
  // Moved out, then trashed.
  await gql(b.context, MOVE, { input: { id: news.id, path: 'e2e-follow-new' } })
  await eventually('the moved page left the folder', async () => (await tree.getByRole('treeitem', { name: 'Bob news' }).count()) === 0, 15000)
  const gone = await make({ path: 'e2e-follow', slug: 'bob-brief', title: 'Bob brief', access: 'EVERYONE_READ' })
  await see(tree.getByRole('treeitem', { name: 'Bob brief' }), 'another page of Bob\'s', 15000)
  await gql(b.context, UPDATE, { input: { id: gone.id, expectedVersion: gone.version, title: 'Bob brief, retitled' } })
  await see(tree.getByRole('treeitem', { name: 'Bob brief, retitled' }), "the page's new title in Ada's sidebar", 15000)
  await gql(b.context, DELETE, { input: { id: gone.id } })
  await eventually('the trashed page left the sidebar', async () => (await tree.getByRole('treeitem', { name: /Bob brief/ }).count()) === 0, 15000)
  assert(await a.page.evaluate(() => window.__e2eNoReload === true), 'the page was not reloaded')
})

test('create this page: a link to a missing page opens the new-page form for its address; once made, the link resolves', async (t) => {
  const { context, page } = await t.open(people.ada)
  const linker = await createDoc(context, { path: 'e2e-create', slug: 'linker', title: 'Linker', content: 'See [Release plan](release-plan.md) soon.\n' })
  await linksSettle(context, linker.id, ['PENDING'])
  await page.goto(pageURL('wiki', 'e2e-create', 'linker'))
  await see(h1(page, 'Linker'), 'the linking page')
  const missing = await see(page.locator('.body a[data-create]'), 'the link to the missing page, offering to create it')
  assert((await missing.getAttribute('title'))?.includes('create this page'), `its hint: ${await missing.getAttribute('title')}`)
  await missing.click()
  await see(page.getByRole('heading', { level: 1, name: 'New page' }), 'the new-page form')
  assert((await page.getByLabel('Title', { exact: true }).inputValue()) === 'Release plan', 'titled after the link')
  assert((await page.getByLabel('Slug', { exact: true }).inputValue()) === 'release-plan', 'the slug the link names')
  assert((await page.getByLabel('Folder', { exact: true }).inputValue()) === 'e2e-create', 'the folder the link names')
  await page.getByRole('button', { name: 'Create page' }).click()
  await see(h1(page, 'Release plan'), 'the page created where the link points')
  // Back on the linking page (no reload), the link resolves and leads to the new page.
  await page.evaluate(() => (window.__e2eNoReload = true))
  await page.evaluate(() => {
    history.pushState(null, '', '/wiki/e2e-create/linker')
    dispatchEvent(new PopStateEvent('popstate'))
  })
  await see(h1(page, 'Linker'), 'the linking page again')
  await see(page.locator('.body a[data-state="resolved"][href="/wiki/e2e-create/release-plan"]'), 'the link resolved, live', 15000)
  assert((await page.locator('.body a[data-create]').count()) === 0, 'no longer offered for creation')
  assert(await page.evaluate(() => window.__e2eNoReload === true), 'the page was not reloaded')
  // An address with no page offers the same.
  await page.goto(pageURL('wiki', 'e2e-create', 'nothing-here'))
  await page.getByRole('link', { name: 'Create this page' }).click()
  await see(page.getByRole('heading', { level: 1, name: 'New page' }), 'the new-page form from an empty address')
  assert((await page.getByLabel('Slug', { exact: true }).inputValue()) === 'nothing-here', 'its slug')
})

test('recovery: the server stopped and started again: the banner shows, then clears by itself', async (t) => {
  // A server the harness did not start (E2E_BASE_URL) cannot be stopped from here.
  if (!t.app.stopServer) return
  const { context, page } = await t.open(people.ada)
  await createDoc(context, { path: 'e2e-restart', slug: 'one', title: 'Restart one', content: 'One.\n' })
  await createDoc(context, { path: 'e2e-restart', slug: 'two', title: 'Restart two', content: 'Two.\n' })
  await page.goto(pageURL('wiki', 'e2e-restart', 'one'))
  await see(h1(page, 'Restart one'), 'the page')
  await page.evaluate(() => (window.__e2eNoReload = true))
  await t.app.stopServer()
  try {
    await page.evaluate(() => {
      history.pushState(null, '', '/wiki/e2e-restart/two')
      dispatchEvent(new PopStateEvent('popstate'))
    })
    await see(page.getByTestId('unreachable'), 'the banner while the server is down')
  } finally {
    await t.app.restartServer()
  }
  // Back: the banner goes and the page shows, with no click and no reload.
  await see(h1(page, 'Restart two'), 'the page once the server is back', 20000)
  assert((await page.getByTestId('unreachable').count()) === 0, 'the banner cleared')
  assert(await page.evaluate(() => window.__e2eNoReload === true), 'the page was not reloaded')

  // A reload while the server is down opens the app (kept by its service worker), which says
  // the server cannot be reached and shows the page once it is back, with no click.
  await eventually('the app shell kept for a reload while down', async () =>
    page.evaluate(async () => {
      await navigator.serviceWorker.ready
      const kept = await caches.open('codna-assets-v1').then((c) => c.keys())
      return !!navigator.serviceWorker.controller && (await caches.has('codna-shell-v1')) && kept.length > 0
    }),
  )
  await t.app.stopServer()
  try {
    await page.reload()
    await see(page.getByTestId('unreachable'), 'the banner after a reload while the server is down')
    assert((await page.getByTestId('unreachable').innerText()).includes('Trying again'), 'it retries by itself')
  } finally {
    await t.app.restartServer()
  }
  await see(h1(page, 'Restart two'), 'the page once the server is back, after the reload', 30000)
  assert((await page.getByTestId('unreachable').count()) === 0, 'the banner cleared after the reload')
})

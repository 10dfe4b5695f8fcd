// Browser tests of the app following what happens elsewhere, and of the keyboard in the sidebar:
// the folder tree's arrow keys (the WAI-ARIA tree pattern), a link to a missing page offering
// "Create this page", the sidebar showing someone else's new page without a reload, and the
// "server cannot be reached" banner cleared by a real stop and start of the server.
import { gql } from '../harness.mjs'
import { people, assert, eventually, see, h1, pageURL, createDoc, test } from '../kit.mjs'

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

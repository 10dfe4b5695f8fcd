// Browser tests of big pages: a page with 300 links draws a readable graph
// (its most relevant pages, a count of the rest, "Show more", no label over
// another), and a long body renders whole, piece by piece, in the reader
// and in the editor's preview. Timing is measured in e2e/bench-bigpage.mjs,
// not asserted here.
import { join } from 'node:path'
import { resultsDir } from '../harness.mjs'
import { people, assert, eventually, see, h1, pageURL, createDoc, linksSettle, test, STEP_TIMEOUT } from '../kit.mjs'

test('big pages: a page with 300 links shows a capped graph with "Show more" and labels that do not overlap', async (t) => {
  const { context, page } = await t.open(people.ada)
  const n = 300
  for (let i = 0; i < n; i += 20)
    await Promise.all(
      Array.from({ length: Math.min(20, n - i) }, (_, k) =>
        createDoc(context, { path: 'e2e-perf/hub', slug: `p${i + k}`, title: `Linked page ${String(i + k).padStart(3, '0')}`, content: 'Linked.\n' }),
      ),
    )
  const lines = Array.from({ length: n }, (_, i) => `- [Linked page ${i}](p${i})`)
  const hub = await createDoc(context, { path: 'e2e-perf/hub', slug: 'hub', title: 'The hub', content: `Everything:\n\n${lines.join('\n')}\n` })
  await linksSettle(context, hub.id, ['RESOLVED'])

  await page.goto(pageURL('wiki', 'e2e-perf/hub', 'hub'))
  await see(h1(page, 'The hub'), 'the hub page')
  await page.getByRole('button', { name: 'Related', exact: true }).click()
  await page.getByRole('button', { name: 'Show graph' }).click()
  await see(page.getByRole('group', { name: /^Link graph, 24 of 301 pages$/ }), 'the graph of 24 of the 301 pages', STEP_TIMEOUT * 2)
  const graph = page.locator('svg.graph-svg')
  assert((await graph.locator('a.graph-node').count()) === 24, 'the capped graph draws 24 pages')
  await see(page.getByText(/Showing 24 of 301 pages/), 'the count of pages shown')

  // No two visible labels overlap.
  const overlaps = async () =>
    graph.evaluate((svg) => {
      const boxes = [...svg.querySelectorAll('text')].filter((e) => getComputedStyle(e).display !== 'none').map((e) => e.getBoundingClientRect())
      let n = 0
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const a = boxes[i]
          const b = boxes[j]
          if (a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top) n++
        }
      return { n, visible: boxes.length }
    })
  const first = await overlaps()
  assert(first.n === 0, `labels overlap: ${JSON.stringify(first)}`)
  assert(first.visible >= 3, `some labels shown: ${JSON.stringify(first)}`)
  await page.locator('figure.graph').screenshot({ path: join(resultsDir, 'screen-graph-300-links.png') })

  await page.getByRole('button', { name: 'Show 24 more' }).click()
  await see(page.getByRole('group', { name: /^Link graph, 48 of 301 pages$/ }), 'the graph of 48 pages')
  assert((await graph.locator('a.graph-node').count()) === 48, 'the graph draws 48 pages')
  const second = await overlaps()
  assert(second.n === 0, `labels overlap after "Show more": ${JSON.stringify(second)}`)

  // Every drawn page is still named, and opens its page.
  await graph.getByRole('link', { name: 'Linked page 000' }).click()
  await see(h1(page, 'Linked page 000'), 'the page opened from the graph')
})

test('big pages: a long body renders whole in the reader and in the preview, following typing', async (t) => {
  const { context, page } = await t.open(people.ada)
  // About 200 KB: many pieces (lib/chunkedMarkdown), code fences and lists across them.
  const sections = Array.from(
    { length: 400 },
    (_, i) => `## Section ${i}\n\n${'Some prose of a long page. '.repeat(12)}\n\n- a point\n- another point\n\n\`\`\`sh\necho ${i}\n\n\necho done\n\`\`\``,
  )
  const content = sections.join('\n\n') + '\n\n## The last section\n\nThe end.\n'
  await createDoc(context, { path: 'e2e-perf', slug: 'long', title: 'A long page', content })
  await page.goto(pageURL('wiki', 'e2e-perf', 'long'))
  await see(h1(page, 'A long page'), 'the long page')
  await eventually('the whole body rendered', async () =>
    page.evaluate(() => [...document.querySelectorAll('.body h2')].map((h) => h.textContent).at(-1) === 'The last section'),
  )
  const shape = await page.evaluate(() => ({
    pieces: document.querySelectorAll('.body > .md-piece').length,
    h2: document.querySelectorAll('.body h2').length,
    pre: document.querySelectorAll('.body pre').length,
    lists: document.querySelectorAll('.body ul').length,
  }))
  assert(shape.pieces > 5, `rendered in pieces: ${JSON.stringify(shape)}`)
  assert(shape.h2 === 401 && shape.pre === 400 && shape.lists === 400, `every block once, none cut: ${JSON.stringify(shape)}`)

  // The preview follows typing at the end of the body.
  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  await page.getByRole('button', { name: 'Preview', exact: true }).click()
  const preview = page.getByRole('region', { name: 'Preview' })
  await eventually('the preview rendered whole', async () =>
    preview.evaluate((e) => [...e.querySelectorAll('h2')].map((h) => h.textContent).at(-1) === 'The last section'),
  )
  await page.locator('.cm-content').click()
  await page.keyboard.press('Control+End')
  await page.keyboard.type('\n\n## Typed at the end\n')
  await eventually('the preview shows what was typed', async () =>
    preview.evaluate((e) => [...e.querySelectorAll('h2')].map((h) => h.textContent).at(-1) === 'Typed at the end'),
  )
  assert((await preview.locator('h2').count()) === 402, 'the preview has every heading once')
})

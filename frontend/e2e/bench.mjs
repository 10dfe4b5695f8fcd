// Measurements of the web app for bench/RESULTS.md, printed as a table and
// one JSON line (BENCH_JSON {...}):
//   (a) the first route's JavaScript, gzipped: the entry script of
//       dist/app/index.html and its modulepreload links (target ≤ 300 KB);
//   (b) time until the page view is usable: the median of fresh loads of a
//       page URL until its h1 title and rendered body are visible, measured
//       in the page from navigation start (performance.now());
//   (c) what the page view asks the server: HTTP requests to /graphql by
//       operation, websocket connections and subscribe messages.
//
//   node e2e/bench.mjs             build, serve, measure
//   E2E_SKIP_BUILD=1 node e2e/bench.mjs
//   BENCH_LOADS=20 node e2e/bench.mjs
import { readFileSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import zlib from 'node:zlib'
import { frontendDir, gql, launchBrowser, log, newContext, startApp } from './harness.mjs'

const LOADS = Number(process.env.BENCH_LOADS ?? 10)
const person = { email: 'bench@example.com', name: 'Bench Person', password: 'correct horse battery staple' }
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}
const kb = (n) => Math.round((n / 1024) * 10) / 10

/** (a) The entry script and its modulepreloads, raw and gzipped (level 6, the usual server default; level 9 too). */
function firstRouteJS() {
  const dist = join(frontendDir, 'dist/app')
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const files = new Set()
  for (const m of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)) files.add(m[1])
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) files.add(m[1])
  for (const m of html.matchAll(/<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="modulepreload"/g)) files.add(m[1])
  const css = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1])
  const rows = [...files].map((f) => {
    const buf = readFileSync(join(dist, f.replace(/^\//, '')))
    return { file: f, raw: buf.length, gzip: zlib.gzipSync(buf).length, gzip9: zlib.gzipSync(buf, { level: 9 }).length }
  })
  const cssBytes = css.reduce((n, f) => n + zlib.gzipSync(readFileSync(join(dist, f.replace(/^\//, '')))).length, 0)
  return {
    files: rows,
    raw: rows.reduce((n, r) => n + r.raw, 0),
    gzip: rows.reduce((n, r) => n + r.gzip, 0),
    gzip9: rows.reduce((n, r) => n + r.gzip9, 0),
    cssGzip: cssBytes,
  }
}

// Recorded in the page: when the page's h1 and its rendered body are both
// there and visible, in ms from navigation start. (Init scripts run outside
// the page's CSP.)
const probe = () => {
  const check = () => {
    if (window.__usable) return
    const h1 = document.querySelector('article.page h1, main h1')
    const body = document.querySelector('.body')
    const shown = (e) => e && e.getClientRects().length > 0 && e.textContent.trim() !== ''
    if (shown(h1) && shown(body)) {
      window.__usable = performance.now()
      obs.disconnect()
    }
  }
  const obs = new MutationObserver(check)
  obs.observe(document, { childList: true, subtree: true, characterData: true })
}

/** One fresh load: a new context (cold HTTP cache) with the session cookie. */
async function load(browser, baseURL, storageState, url, { count = false } = {}) {
  const context = await browser.newContext({ baseURL, storageState, viewport: { width: 1280, height: 900 } })
  await context.addInitScript(probe)
  const page = await context.newPage()
  const http = []
  const sockets = []
  if (count) {
    page.on('request', (r) => {
      if (new URL(r.url()).pathname !== '/graphql') return
      let op = '?'
      try {
        const b = JSON.parse(r.postData() ?? '{}')
        op = b.operationName ?? /(query|mutation)\s+(\w+)/.exec(b.query ?? '')?.[2] ?? '?'
      } catch {
        op = r.method() + ' (not JSON)'
      }
      http.push({ method: r.method(), op })
    })
    page.on('websocket', (ws) => {
      const s = { url: ws.url(), subscribes: [] }
      sockets.push(s)
      ws.on('framesent', (f) => {
        try {
          const m = JSON.parse(typeof f.payload === 'string' ? f.payload : f.payload.toString())
          if (m.type === 'subscribe' || m.type === 'start') {
            const q = m.payload?.query ?? ''
            s.subscribes.push(m.payload?.operationName ?? /subscription\s+(\w+)/.exec(q)?.[1] ?? q.slice(0, 40))
          }
        } catch {
          // not JSON
        }
      })
    })
  }
  const t0 = Date.now()
  await page.goto(url, { waitUntil: 'commit' })
  await page.waitForFunction(() => window.__usable !== undefined, null, { timeout: 30000, polling: 50 })
  const wall = Date.now() - t0
  const usable = await page.evaluate(() => window.__usable)
  const nav = await page.evaluate(() => {
    const n = performance.getEntriesByType('navigation')[0]
    const js = performance
      .getEntriesByType('resource')
      .filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'))
      .map((e) => ({ name: new URL(e.name).pathname, transfer: e.transferSize, encoded: e.encodedBodySize, decoded: e.decodedBodySize }))
    return { dcl: n?.domContentLoadedEventEnd ?? null, js }
  })
  if (count) await page.waitForTimeout(2000) // whatever follows the first paint
  await context.close()
  return { usable, wall, nav, http, sockets }
}

async function main() {
  const app = await startApp({ build: !process.env.E2E_SKIP_BUILD })
  let browser
  try {
    const js = firstRouteJS()
    app.createPerson(person)
    browser = await launchBrowser()
    const setup = await newContext(browser, app.baseURL, { person })
    // A page like a real one: some prose, a list, a table, code, links both ways.
    await gql(setup, `mutation($i: CreateDocumentInput!) { createDocument(input: $i) { document { id } } }`, {
      i: { space: 'WIKI', path: 'bench/ops', slug: 'glossary', title: 'Glossary', content: 'Terms.\n' },
    })
    const para = 'Deploys go out from the main branch after review; the on-call person watches the dashboards for an hour and rolls back at the first sign of trouble. '
    const content = [
      'Before a release read the [glossary](glossary) and the [checklist](checklist).',
      '',
      ...Array.from({ length: 12 }, (_, i) => `## Step ${i + 1}\n\n${para.repeat(2)}\n\n- one\n- two\n- three\n`),
      '| a | b |\n| - | - |\n| 1 | 2 |\n',
      '```sh\nmake deploy\n```\n',
    ].join('\n')
    await gql(setup, `mutation($i: CreateDocumentInput!) { createDocument(input: $i) { document { id } } }`, {
      i: { space: 'WIKI', path: 'bench/ops', slug: 'deploy', title: 'How we deploy', content, tags: ['ops', 'release'] },
    })
    await gql(setup, `mutation($i: CreateDocumentInput!) { createDocument(input: $i) { document { id } } }`, {
      i: { space: 'WIKI', path: 'bench', slug: 'index', title: 'Bench index', content: 'See [deploy](ops/deploy).\n' },
    })
    const storageState = await setup.storageState()
    await setup.close()
    const url = '/wiki/bench/ops/deploy'

    log(`bench: warming up, then ${LOADS} fresh loads of ${url}`)
    await load(browser, app.baseURL, storageState, url) // the server's and the OS's caches, not the browser's
    const loads = []
    for (let i = 0; i < LOADS; i++) loads.push(await load(browser, app.baseURL, storageState, url))
    const counted = await load(browser, app.baseURL, storageState, url, { count: true })

    const usable = loads.map((l) => l.usable)
    const wall = loads.map((l) => l.wall)
    const transferredJS = loads[0].nav.js.reduce((n, e) => n + e.transfer, 0)
    const ops = {}
    for (const r of counted.http) ops[r.op] = (ops[r.op] ?? 0) + 1
    const subscribes = counted.sockets.flatMap((s) => s.subscribes)
    const result = {
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model?.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}, chromium (headless)`,
      firstRouteJS: {
        files: js.files.map((f) => ({ file: f.file, rawKB: kb(f.raw), gzipKB: kb(f.gzip) })),
        rawKB: kb(js.raw),
        gzipKB: kb(js.gzip),
        gzip9KB: kb(js.gzip9),
        cssGzipKB: kb(js.cssGzip),
        targetKB: 300,
        transferredByBrowserKB: kb(transferredJS),
        transferredByBrowser: loads[0].nav.js.map((e) => ({ file: e.name, transferKB: kb(e.transfer), decodedKB: kb(e.decoded) })),
      },
      pageViewUsableMs: {
        loads: LOADS,
        median: Math.round(median(usable)),
        min: Math.round(Math.min(...usable)),
        max: Math.round(Math.max(...usable)),
        wallMedian: Math.round(median(wall)),
        all: usable.map((x) => Math.round(x)),
      },
      pageViewRequests: {
        graphqlHTTP: counted.http.length,
        byOperation: ops,
        websockets: counted.sockets.length,
        subscribeMessages: subscribes.length,
        subscriptions: subscribes,
      },
    }

    const rows = [
      ['first route JS, gzip (level 6)', `${result.firstRouteJS.gzipKB} KB`, '≤ 300 KB'],
      ['first route JS, gzip -9', `${result.firstRouteJS.gzip9KB} KB`, ''],
      ['first route JS, raw', `${result.firstRouteJS.rawKB} KB`, ''],
      ['first route JS files', String(js.files.length), js.files.map((f) => f.file.replace('/assets/', '')).join(' ')],
      ['JS bytes the browser transferred', `${result.firstRouteJS.transferredByBrowserKB} KB`, `page view, cold cache: ${loads[0].nav.js.map((e) => `${e.name.replace('/assets/', '')} ${kb(e.transfer)} KB`).join(', ')}`],
      ['CSS, gzip', `${result.firstRouteJS.cssGzipKB} KB`, ''],
      [`page view usable, median of ${LOADS}`, `${result.pageViewUsableMs.median} ms`, `min ${result.pageViewUsableMs.min}, max ${result.pageViewUsableMs.max}`],
      ['  (wall clock from goto)', `${result.pageViewUsableMs.wallMedian} ms`, ''],
      ['GraphQL HTTP requests', String(counted.http.length), Object.entries(ops).map(([k, v]) => `${k}×${v}`).join(', ')],
      ['websocket connections', String(counted.sockets.length), ''],
      ['subscribe messages', String(subscribes.length), subscribes.join(', ')],
    ]
    const w0 = Math.max(...rows.map((r) => r[0].length))
    const w1 = Math.max(...rows.map((r) => r[1].length))
    console.log(`\n${result.machine}\n`)
    console.log(`| ${'measure'.padEnd(w0)} | ${'value'.padEnd(w1)} | note |`)
    console.log(`| ${'-'.repeat(w0)} | ${'-'.repeat(w1)} | ---- |`)
    for (const r of rows) console.log(`| ${r[0].padEnd(w0)} | ${r[1].padEnd(w1)} | ${r[2]} |`)
    console.log('\nBENCH_JSON ' + JSON.stringify(result))
  } finally {
    await browser?.close().catch(() => {})
    await app.stop()
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})

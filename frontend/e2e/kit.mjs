// What the browser tests share: the people, the helpers that wait and
// assert in a person's words, the per-test kit (fresh contexts, screenshots)
// and the registry of tests that run.mjs runs in the order they register.
import zlib from 'node:zlib'
import { join } from 'node:path'
import { gql, newContext, resultsDir } from './harness.mjs'

export const STEP_TIMEOUT = Number(process.env.E2E_STEP_TIMEOUT ?? 8000)
export const TEST_TIMEOUT = Number(process.env.E2E_TEST_TIMEOUT ?? 45000)
export const password = 'correct horse battery staple'
export const people = {
  ada: { email: 'ada@example.com', name: 'Ada Lovelace', password },
  bob: { email: 'bob@example.com', name: 'Bob Builder', password },
  cy: { email: 'cy@example.com', name: 'Cy Young', password },
}

// ---------------------------------------------------------------- helpers

export class Fail extends Error {}

export function assert(cond, msg) {
  if (!cond) throw new Fail(msg)
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/** Polls fn until it returns a truthy value (or throws the last error at the deadline). */
export async function eventually(what, fn, timeout = STEP_TIMEOUT) {
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
export async function see(locator, what, timeout = STEP_TIMEOUT) {
  try {
    await locator.first().waitFor({ state: 'visible', timeout })
  } catch {
    throw new Fail(`not visible within ${timeout} ms: ${what}`)
  }
  return locator.first()
}

/** Sets a field whatever it is: a <select> (option matched by text or value), or a text field. */
export async function setField(locator, value) {
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

export const h1 = (page, title) => page.getByRole('heading', { level: 1, name: title, exact: true })
export const pageURL = (space, path, slug) => '/' + [space.toLowerCase(), path, slug].filter(Boolean).join('/')

export const CREATE = `mutation($input: CreateDocumentInput!) { createDocument(input: $input) { document { id version space path slug title } } }`
export const UPDATE = `mutation($input: UpdateDocumentInput!) { updateDocument(input: $input) { document { id version } } }`
export const MOVE = `mutation($input: MoveDocumentInput!) { moveDocument(input: $input) { document { id version path slug } } }`
export const DELETE = `mutation($input: DeleteDocumentInput!) { deleteDocument(input: $input) { document { id } } }`
export const LINKS = `query($id: ID!) { document(id: $id) { id version content links { id hrefAsWritten state } backlinks { id } } }`

export async function createDoc(context, input) {
  const d = await gql(context, CREATE, { input: { space: 'WIKI', ...input } })
  return d.createDocument.document
}

/** Waits until every link of a document has one of these states (link state is computed in the background). */
export async function linksSettle(context, id, states) {
  return eventually(`the links of ${id} reach ${states}`, async () => {
    const d = (await gql(context, LINKS, { id })).document
    return d.links.length > 0 && d.links.every((l) => states.includes(l.state)) ? d : null
  })
}

// A 16×16 PNG, made here so the test depends on no file.
export function png16() {
  return makePNG(zlib)
}
export function makePNG(zlib) {
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

export const tests = []
export const test = (name, fn) => tests.push({ name, fn })
export const fileName = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')

/** Problems seen in any page of the run: CSP violations and uncaught errors. */
export const pageProblems = []

export function watch(page, testName) {
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
export function kit(browser, app, testName) {
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
      // The editor co-edits only in contexts opened with { coedit: true }
      // (tests/coedit.mjs); elsewhere /collab is unreachable, so the editor
      // falls back to the save flow the other tests drive.
      if (!opts.coedit)
        await context.addInitScript(() => {
          const Native = window.WebSocket
          window.WebSocket = class extends Native {
            constructor(url, protocols) {
              super(String(url).replace('/collab/', '/collab-unreachable/'), protocols)
            }
          }
        })
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

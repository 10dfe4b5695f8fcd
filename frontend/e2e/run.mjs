// The end-to-end tests: the real app served by a real `codna serve`, driven
// in Debian's chromium. A tiny sequential runner: each test gets fresh
// browser contexts; a failing test saves a screenshot of its pages to
// test-results/<name>.png and the run exits non-zero. The main screens are
// saved as test-results/screen-<screen>.png along the way. The tests are in
// e2e/tests/<area>.mjs and run in the order imported here (later ones use
// what earlier ones made); kit.mjs holds what they share.
//
//   npm run e2e                      build, serve, run every test
//   node e2e/run.mjs share inbox     only the tests whose name contains a word
//   E2E_SKIP_BUILD=1 npm run e2e     reuse dist/app
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { launchBrowser, log, resultsDir, startApp } from './harness.mjs'
import { TEST_TIMEOUT, people, Fail, assert, tests, test, fileName, pageProblems, kit } from './kit.mjs'
import './tests/pages.mjs'
import './tests/workspace.mjs'
import './tests/identity.mjs'
import './tests/collaboration.mjs'
import './tests/writing.mjs'
import './tests/wayfinding.mjs'
import './tests/editor.mjs'
import './tests/inbox.mjs'
import './tests/perf.mjs'
import './tests/coedit.mjs'
import './tests/live.mjs'

const chromiumPath = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium'
if (!existsSync(chromiumPath)) {
  console.log(`e2e: skipped: no browser at ${chromiumPath} (apt-get install -y chromium)`)
  process.exit(process.env.E2E_REQUIRE ? 1 : 0)
}


// Registered after every imported test: it reads what they all saw.
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


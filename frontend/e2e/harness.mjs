// The end-to-end harness: builds the web app and the server binary that
// embeds it, starts `codna serve` on a fresh data directory (embedded
// Postgres) and a free port, creates people with the CLI, and launches
// Debian's chromium through playwright-core (never a downloaded browser).
// Before the server it builds and starts cmd/testpeers (a test-only Go
// program): an OpenID provider with a login page and an SMTP server, on
// 127.0.0.1; the server signs in through the one (CODNA_OIDC_*, the button
// "Sign in with Test IdP") and mails through the other, whose mail the
// tests read with receivedMail().
//
// Environment:
//   E2E_SKIP_BUILD=1   reuse frontend/dist/app (no `npm run build`)
//   E2E_BASE_URL=URL   use a server that is already running (no build, no serve;
//                      E2E_BIN and E2E_DATA_DIR then name its binary and data dir
//                      for creating people)
//   E2E_KEEP=1         keep the temporary data directory
import { spawn, spawnSync } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

export const frontendDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const repoDir = resolve(frontendDir, '..')
export const resultsDir = join(frontendDir, 'test-results')

const chromiumPath = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium'
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

export function log(...args) {
  const t = new Date().toISOString().slice(11, 23)
  console.log(`[${t}]`, ...args)
}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 64 << 20, ...opts })
  return { ok: r.status === 0, out: (r.stdout ?? '') + (r.stderr ?? ''), status: r.status }
}

/** Builds the app: `npm run build`; when type checking fails (another screen mid-edit), `vite build` alone. */
export function buildApp() {
  if (process.env.E2E_SKIP_BUILD && existsSync(join(frontendDir, 'dist/app/index.html'))) {
    log('build: skipped (E2E_SKIP_BUILD), using dist/app as it is')
    return { typechecked: false, skipped: true }
  }
  log('build: npm run build')
  let r = run('npm', ['run', 'build'], { cwd: frontendDir })
  if (r.ok) return { typechecked: true }
  console.error(r.out.split('\n').slice(-40).join('\n'))
  log('build: `npm run build` failed (type check?); trying `vite build` alone')
  r = run('npx', ['vite', 'build'], { cwd: frontendDir })
  if (!r.ok) {
    console.error(r.out)
    throw new Error('the web app does not build')
  }
  return { typechecked: false }
}

/** Builds the test peers (cmd/testpeers, test-only) into dir. */
export function buildPeers(dir) {
  const bin = join(dir, 'testpeers')
  log('build: go build ./cmd/testpeers')
  const r = run('go', ['build', '-o', bin, './cmd/testpeers'], { cwd: repoDir })
  if (!r.ok) {
    console.error(r.out)
    throw new Error('the test peers do not build')
  }
  return bin
}

let peers = null // what cmd/testpeers printed, once it runs

/** Starts cmd/testpeers and resolves with the JSON line it prints. */
function startPeers(bin) {
  const proc = spawn(bin, [], { stdio: ['pipe', 'pipe', 'inherit'] })
  process.once('exit', () => proc.kill('SIGKILL'))
  return new Promise((ok, fail) => {
    let buf = ''
    proc.on('exit', (code) => fail(new Error(`testpeers exited (${code}) before it was ready`)))
    proc.stdout.on('data', (d) => {
      buf += d
      const nl = buf.indexOf('\n')
      if (nl >= 0) ok({ ...JSON.parse(buf.slice(0, nl)), proc })
    })
  })
}

/** The mail the test SMTP server received so far: [{ from, to, subject, text, html }]. */
export async function receivedMail() {
  if (!peers) throw new Error('no test peers: E2E_BASE_URL runs without them')
  const r = await fetch(`${peers.control}/mail`)
  if (!r.ok) throw new Error(`testpeers /mail: ${r.status}`)
  return r.json()
}

/** Adds a user to the test OpenID provider: { subject, username, password, email, emailVerified, name }. */
export async function addProviderUser(u) {
  if (!peers) throw new Error('no test peers: E2E_BASE_URL runs without them')
  const r = await fetch(`${peers.control}/users`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      Subject: u.subject, Username: u.username, Password: u.password, Email: u.email, EmailVerified: u.emailVerified ?? true, Name: u.name ?? '',
    }),
  })
  if (r.status !== 204) throw new Error(`testpeers /users: ${r.status} ${await r.text()}`)
}

/** The name on the single sign-on button of the server startApp starts. */
export const providerName = 'Test IdP'

/** Builds the server binary (it embeds frontend/dist/app) into dir. */
export function buildServer(dir) {
  const bin = join(dir, 'codna')
  log('build: go build ./cmd/codna')
  const r = run('go', ['build', '-o', bin, './cmd/codna'], { cwd: repoDir })
  if (!r.ok) {
    console.error(r.out)
    throw new Error('the server does not build')
  }
  return bin
}

function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer()
    s.on('error', fail)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => ok(port))
    })
  })
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/**
 * Starts the whole app. Returns { baseURL, createPerson, stop, ... }; call
 * stop() in a finally block (it is also called on SIGINT/SIGTERM and exit).
 */
export async function startApp({ build = true } = {}) {
  mkdirSync(resultsDir, { recursive: true })
  if (process.env.E2E_BASE_URL) {
    const baseURL = process.env.E2E_BASE_URL.replace(/\/$/, '')
    const bin = process.env.E2E_BIN ?? join(repoDir, 'codna')
    const dataDir = process.env.E2E_DATA_DIR ?? join(repoDir, '.codna')
    return {
      baseURL, bin, dataDir, stop: async () => {}, buildInfo: {}, stopServer: null, restartServer: null,
      createPerson: (p) => createPerson(bin, dataDir, p),
      createManageToken: () => createManageToken(bin, dataDir),
    }
  }
  const tmp = mkdtempSync(join(tmpdir(), 'codna-e2e-'))
  const dataDir = join(tmp, 'data')
  mkdirSync(dataDir)
  let buildInfo = { skipped: true }
  if (build) buildInfo = buildApp()
  const bin = buildServer(tmp)
  peers = await startPeers(buildPeers(tmp))
  log(`peers: OpenID provider ${peers.issuer}, SMTP ${peers.smtpUrl}, mail at ${peers.control}/mail`)
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const logFile = join(resultsDir, 'server.log')
  const logStream = createWriteStream(logFile)
  const env = {
    ...process.env,
    CODNA_DATA_DIR: dataDir,
    CODNA_LISTEN: `127.0.0.1:${port}`,
    CODNA_LOG_FORMAT: 'text',
    CODNA_FILE_STORE: 'local',
    // Every test signs in from 127.0.0.1: the default of 10 attempts per
    // 15 minutes per address would stop the run, not a person.
    CODNA_LOGIN_LIMIT: '10000',
    // The GraphQL playground is off unless turned on; its test needs it.
    CODNA_PLAYGROUND: 'true',
    // Co-editing's room writes its revision 1 s after typing stops (10 s by default): the tests wait less.
    CODNA_COEDIT_QUIET: process.env.CODNA_COEDIT_QUIET ?? '1s',
    // The webhook test's receiver listens on 127.0.0.1 over plain http:
    // both are refused unless allowed (docs/operations.md).
    CODNA_WEBHOOK_ALLOW_CIDRS: '127.0.0.1/32',
    CODNA_WEBHOOK_ALLOW_HTTP: 'true',
    // Mail goes to the test SMTP server; links in it start with the
    // server's own address.
    CODNA_PUBLIC_URL: baseURL,
    CODNA_SMTP_URL: peers.smtpUrl,
    CODNA_MAIL_FROM: 'CoDNA <codna@example.com>',
    // Single sign-on through the test provider (passwords stay on: most
    // tests sign in with one).
    CODNA_OIDC_ISSUER: peers.issuer,
    CODNA_OIDC_CLIENT_ID: peers.clientId,
    CODNA_OIDC_CLIENT_SECRET: peers.clientSecret,
    CODNA_OIDC_NAME: providerName,
    CODNA_OIDC_ALLOWED_DOMAINS: '',
    CODNA_OIDC_ONLY: '',
  }
  // One `codna serve` at a time on this port and data directory: the
  // first, and each started again by restart() after pauseServer().
  let server = null // { proc, exited: null | { code, signal }, exitedP }
  const serve = async () => {
    log(`serve: starting on ${baseURL} (data ${dataDir}); log in ${logFile}`)
    const proc = spawn(bin, ['serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    proc.stdout.pipe(logStream, { end: false })
    proc.stderr.pipe(logStream, { end: false })
    const s = { proc, exited: null }
    s.exitedP = new Promise((r) =>
      proc.on('exit', (code, signal) => {
        s.exited = { code, signal }
        r(s.exited)
      }),
    )
    server = s
    const started = Date.now()
    for (;;) {
      if (s.exited) throw new Error(`codna serve exited (${JSON.stringify(s.exited)}) before it was ready; see ${logFile}`)
      try {
        const r = await fetch(`${baseURL}/readyz`)
        if (r.status === 200) break
      } catch {
        // not listening yet
      }
      if (Date.now() - started > 120000) throw new Error(`codna serve was not ready within 120 s; see ${logFile}`)
      await sleep(250)
    }
    log(`serve: ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  }
  // Stops the server that runs (SIGTERM, then SIGKILL after 20 s) and waits for it.
  const halt = async () => {
    const s = server
    if (!s || s.exited) return
    s.proc.kill('SIGTERM')
    const t = setTimeout(() => {
      if (!s.exited) s.proc.kill('SIGKILL')
    }, 20000)
    await s.exitedP
    clearTimeout(t)
  }

  let stopped = false
  const stop = async () => {
    if (stopped) return
    stopped = true
    await halt()
    logStream.end()
    peers?.proc.stdin.end()
    if (!process.env.E2E_KEEP) rmSync(tmp, { recursive: true, force: true })
    else log(`kept ${tmp}`)
  }
  const onSignal = (sig) => {
    stop().finally(() => process.exit(sig === 'SIGINT' ? 130 : 143))
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  process.once('exit', () => {
    if (server && !server.exited) server.proc.kill('SIGKILL')
  })

  try {
    await serve()
  } catch (e) {
    await stop()
    throw e
  }
  /** Stops `codna serve` (as an outage would), keeping its port and data for restartServer. */
  const stopServer = async () => {
    log('serve: stopping (the test restarts it)')
    await halt()
  }
  /** Starts `codna serve` again on the same port and data directory; resolves once it is ready. */
  const restartServer = async () => {
    if (server && !server.exited) return
    await serve()
  }
  return {
    baseURL, bin, dataDir, logFile, buildInfo, stop, stopServer, restartServer,
    createPerson: (p) => createPerson(bin, dataDir, p),
    createManageToken: () => createManageToken(bin, dataDir),
  }
}

/** Creates a person with `codna manage user create`; returns what it printed. */
export function createPerson(bin, dataDir, { email, name, password }) {
  const r = spawnSync(bin, ['manage', 'user', 'create', '--email', email, '--name', name, '--password-stdin'], {
    env: { ...process.env, CODNA_DATA_DIR: dataDir, CODNA_LOG_FORMAT: 'text' },
    input: password + '\n',
    encoding: 'utf8',
  })
  if (r.status !== 0) throw new Error(`manage user create ${email}: ${r.stdout}${r.stderr}`)
  return r.stdout.trim()
}

/** Issues a manage token with `codna manage token create`; returns its secret. */
export function createManageToken(bin, dataDir) {
  const r = spawnSync(bin, ['manage', 'token', 'create', '--name', 'e2e console'], {
    env: { ...process.env, CODNA_DATA_DIR: dataDir, CODNA_LOG_FORMAT: 'text' },
    encoding: 'utf8',
  })
  if (r.status !== 0) throw new Error(`manage token create: ${r.stdout}${r.stderr}`)
  return r.stdout.trim()
}

/** Launches Debian's chromium headless. */
export async function launchBrowser() {
  if (!existsSync(chromiumPath)) throw new Error(`no browser at ${chromiumPath}: apt-get install -y chromium`)
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs })
}

/**
 * A fresh context (its own cookies and storage) on the app, optionally
 * signed in as a person through the API (the sign-in screen is tested on
 * its own).
 */
export async function newContext(browser, baseURL, { person, viewport = { width: 1280, height: 900 } } = {}) {
  const context = await browser.newContext({ baseURL, viewport })
  if (person) {
    const r = await context.request.post('/graphql', {
      headers: { 'Content-Type': 'application/json', 'X-CoDNA-CSRF': '1' },
      data: {
        query: 'mutation($input: LoginInput!) { login(input: $input) { user { id } } }',
        variables: { input: { email: person.email, password: person.password } },
      },
    })
    const body = await r.json()
    if (body.errors) throw new Error(`login ${person.email}: ${JSON.stringify(body.errors)}`)
  }
  return context
}

/** Calls the GraphQL API with the context's session cookie. */
export async function gql(context, query, variables = {}) {
  const r = await context.request.post('/graphql', {
    headers: { 'Content-Type': 'application/json', 'X-CoDNA-CSRF': '1' },
    data: { query, variables },
  })
  const body = await r.json()
  if (body.errors) throw new Error(`GraphQL: ${JSON.stringify(body.errors)}`)
  return body.data
}

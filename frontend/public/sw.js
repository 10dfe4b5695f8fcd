// CoDNA's service worker, for one thing only: a reload while the server
// cannot be reached shows the app (which says so and retries by itself,
// docs/guide.md) instead of the browser's error page. It keeps the app's
// shell (index.html) and its hashed assets as the server last served them,
// and answers a navigation from them only when the network fails: whenever
// the server answers, its answer is used. It never touches the API, files,
// exports or sign-in (the server's own paths below).
const SHELL = 'codna-shell-v1'
const ASSETS = 'codna-assets-v1'
const serverPaths = /^\/(graphql|mcp|files|mail|auth|ingestions|exports|documents|playground|healthz|readyz|metrics)(\/|$)/

// The shell and the assets it names are kept at once: the page that
// registered this worker loaded them before it was there to see them.
async function keepShell(res) {
  const html = await res.clone().text()
  const assets = [...new Set(html.match(/\/assets\/[^"'\s]+/g) ?? [])]
  await (await caches.open(SHELL)).put('/', res)
  const kept = await caches.open(ASSETS)
  await Promise.all(assets.map((a) => kept.match(a).then((hit) => hit ?? kept.add(a))))
  // Only the current shell's assets are kept: an older build's go.
  const named = new Set(assets.map((a) => new URL(a, self.location.origin).href))
  await Promise.all((await kept.keys()).filter((r) => !named.has(r.url)).map((r) => kept.delete(r)))
}

self.addEventListener('install', (e) => {
  self.skipWaiting()
  e.waitUntil(
    fetch('/', { cache: 'no-cache' })
      .then((res) => (res.ok ? keepShell(res) : undefined))
      .catch(() => {}),
  )
})
self.addEventListener('activate', (e) => {
  e.waitUntil(
    caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== SHELL && k !== ASSETS).map((k) => caches.delete(k)))).then(() => self.clients.claim()),
  )
})

const shell = () => caches.match('/', { cacheName: SHELL })

self.addEventListener('fetch', (e) => {
  const req = e.request
  if (req.method !== 'GET') return
  const url = new URL(req.url)
  if (url.origin !== self.location.origin || serverPaths.test(url.pathname)) return
  if (req.mode === 'navigate') {
    e.respondWith(
      fetch(req).then(
        (res) => {
          const html = res.ok && (res.headers.get('Content-Type') ?? '').startsWith('text/html')
          if (html) e.waitUntil(keepShell(res.clone()).catch(() => {}))
          // A proxy in front of a stopped server answers 502–504: the app says it better.
          if (res.status >= 502 && res.status <= 504) return shell().then((s) => s ?? res)
          return res
        },
        () => shell().then((s) => s ?? Response.error()),
      ),
    )
    return
  }
  // Hashed assets never change under their name: a kept copy (the shell's
  // own) answers first; any other comes from the server.
  if (url.pathname.startsWith('/assets/')) {
    e.respondWith(caches.match(req, { cacheName: ASSETS }).then((hit) => hit ?? fetch(req)))
  }
})

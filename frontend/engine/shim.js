// QuickJS has no Web Crypto: lib0 takes its random numbers (Yjs's client ids
// of documents that never write) from crypto.getRandomValues. The engine
// sets the client id of every document it writes with, from Go.
if (typeof globalThis.crypto === 'undefined') {
  globalThis.crypto = {
    getRandomValues: (a) => {
      for (let i = 0; i < a.length; i++) a[i] = Math.floor(Math.random() * 4294967296)
      return a
    },
  }
}

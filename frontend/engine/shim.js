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

// QuickJS has no TextEncoder or TextDecoder either, and lib0's fallbacks
// walk strings in JavaScript, which in QuickJS under WebAssembly costs
// about a second a megabyte. The engine's host (internal/crdt) gives two
// functions that convert in Go; short strings (a keystroke's) stay here,
// where a call out would cost more than the loop.
if (typeof TextEncoder === 'undefined' && typeof __crdtUtf8Encode === 'function') {
  const SHORT = 256
  const encodeShort = (s) => {
    const out = []
    for (let i = 0; i < s.length; i++) {
      let c = s.charCodeAt(i)
      if (c < 0x80) out.push(c)
      else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63))
      else if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
        const p = 0x10000 + ((c - 0xd800) << 10) + (s.charCodeAt(++i) - 0xdc00)
        out.push(0xf0 | (p >> 18), 0x80 | ((p >> 12) & 63), 0x80 | ((p >> 6) & 63), 0x80 | (p & 63))
      } else {
        if (c >= 0xd800 && c < 0xe000) c = 0xfffd // a lone surrogate
        out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63))
      }
    }
    return new Uint8Array(out)
  }
  globalThis.TextEncoder = class {
    encode(s = '') {
      return s.length < SHORT ? encodeShort(s) : new Uint8Array(__crdtUtf8Encode(s))
    }
    encodeInto(s, dest) {
      const b = this.encode(s)
      dest.set(b)
      return { read: s.length, written: b.length }
    }
  }
  globalThis.TextDecoder = class {
    decode(u8) {
      if (!u8 || u8.length === 0) return ''
      if (u8.length < SHORT) return decodeURIComponent(escape(String.fromCharCode.apply(null, u8)))
      return __crdtUtf8Decode(u8.slice().buffer)
    }
  }
}

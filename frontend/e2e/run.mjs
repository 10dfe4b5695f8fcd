// The end-to-end tests are being written; until then this says so.
console.log('e2e: no browser tests yet')

package outbox

// Kill makes w behave as if its process had died, for tests: from now on it
// claims nothing, renews no lease and records nothing (no processed, failed
// or released events), so what it holds returns to the pool only when the
// lease expires. Stop still ends its goroutines.
func Kill(w *Worker) { w.dead.Store(true) }

// LanePlans is lanePlans, for the plans' tests.
var LanePlans = lanePlans

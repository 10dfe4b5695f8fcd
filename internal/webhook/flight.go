package webhook

import (
	"sync"

	"github.com/google/uuid"
)

// inFlight counts a sender's requests in flight by owner, and those to
// subscriptions whose last attempt got no answer: what the claim needs to
// keep one owner, or endpoints that hang, to their share of the slots
// (docs/design.md, "Webhooks").
type inFlight struct {
	mu         sync.Mutex
	owners     map[uuid.UUID]int32
	unanswered int
}

func (f *inFlight) add(owner uuid.UUID, unanswered bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.owners == nil {
		f.owners = map[uuid.UUID]int32{}
	}
	f.owners[owner]++
	if unanswered {
		f.unanswered++
	}
}

func (f *inFlight) done(owner uuid.UUID, unanswered bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.owners[owner]--; f.owners[owner] <= 0 {
		delete(f.owners, owner)
	}
	if unanswered {
		f.unanswered--
	}
}

// snapshot returns the owners with requests in flight, their counts (in
// the same order), and how many requests in flight are to unanswered
// subscriptions.
func (f *inFlight) snapshot() (owners []uuid.UUID, counts []int32, unanswered int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	owners = make([]uuid.UUID, 0, len(f.owners))
	counts = make([]int32, 0, len(f.owners))
	for o, n := range f.owners {
		owners = append(owners, o)
		counts = append(counts, n)
	}
	return owners, counts, f.unanswered
}

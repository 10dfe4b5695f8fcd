package link

import (
	"math/rand/v2"
	"testing"
)

func TestBigProperty(t *testing.T) {
	for seed := uint64(10); seed < 14; seed++ {
		r := rand.New(rand.NewPCG(seed, 99))
		for range 25000 {
			tame := r.IntN(2) == 0
			body := genBody(r, tame)
			checkBody(t, body)
			checkEdits(t, body, tame)
			to := Address{"wiki", "ops", "d"}
			out := Append(body, "x", to, "wiki", "a")
			if !appended(out, len(out)-len("[x](../ops/d.md)\n"), "../ops/d.md") && !appended(out, len(out)-len("[x](../ops/d.md)\r\n"), "../ops/d.md") {
				t.Fatalf("Append failed: %q", out)
			}
		}
	}
}

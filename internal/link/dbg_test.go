package link

import (
	"fmt"
	"testing"
)

func TestDbg(t *testing.T) {
	b := "[REF  x][a\\](x.md#sec \"t\")[REF  x][`co]de`](x.md (t))[é ü](../../../../up.md (t))\n\n- [ref x]: a%20b.md (t)\n"
	for _, o := range Scan(b) {
		fmt.Printf("%q %+v\n", b[o.Start:o.End], o)
	}
	d := Drop(b, "x.md")
	fmt.Printf("%q\n", d)
	for _, o := range Scan(d) {
		fmt.Printf("%q %+v\n", d[o.Start:o.End], o)
	}
}

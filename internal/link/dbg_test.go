package link

import (
	"fmt"
	"testing"
)

func TestDbg(t *testing.T) {
	b := "**b** [ref]([\\[x\\]](<with space.md>\n  \"multi\nline\")[other][] x\n\n[Ref]: ./here.md 't'\n"
	for _, o := range Scan(b) {
		fmt.Printf("%q %q\n", b[o.Start:o.End], o.Href)
	}
	out := RewriteHrefs(b, func(h string) (string, bool) { return "../ops/deploy.md", h == "with space.md" })
	fmt.Printf("%q\n", out)
	for _, o := range Scan(out) {
		fmt.Printf("%q %q\n", out[o.Start:o.End], o.Href)
	}
	for _, x := range []string{"**b** [ref\\]([\\[x\\]](<../ops/deploy.md>\n  \"multi\nline\")[other][] x\n\n[Ref]: ./here.md 't'\n", "**b** \\[ref]([\\[x\\]](<../ops/deploy.md>\n  \"multi\nline\")[other][] x\n\n[Ref]: ./here.md 't'\n"} {
		fmt.Printf("%q\n", x)
		for _, o := range Scan(x) {
			fmt.Printf("   %q %q\n", x[o.Start:o.End], o.Href)
		}
	}
}

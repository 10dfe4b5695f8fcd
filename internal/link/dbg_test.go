package link

import (
	"fmt"
	"testing"
)

func TestDbg(t *testing.T) {
	b := "[nested [deep]] \n\n- [other]: <with space.md>\n\n\n    [<b>](setup)\n\n[a [b] c](diagram.png)\n\n| a | b |\n|---|---|\n| [a\\](/wiki/a/b.md) | `x|y` |\n\n[ref][][Ref]\\日本語 www.example.com [x][other][![[nested [deep]]](codna:wiki:x)](x.md)text "
	for _, o := range Scan(b) {
		fmt.Printf("%+v\n", o)
	}
	d := Drop(b, "with space.md")
	fmt.Printf("%q\n", d)
	for _, o := range Scan(d) {
		fmt.Printf("%+v\n", o)
	}
}

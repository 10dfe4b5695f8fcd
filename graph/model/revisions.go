package model

import (
	"sync"

	"codna/internal/document"
)

// DocumentRevisionConnection is a page of a document's revisions, read only
// when its edges or pageInfo are asked for: a list of documents asking just
// for totalCount must not read every document's revisions.
type DocumentRevisionConnection struct {
	Doc    *document.Doc
	First  int
	Before *int

	once sync.Once
	revs []document.Revision
	more bool
	err  error
}

// Page reads the page once, however many fields ask for it.
func (c *DocumentRevisionConnection) Page(read func() ([]document.Revision, bool, error)) ([]document.Revision, bool, error) {
	c.once.Do(func() { c.revs, c.more, c.err = read() })
	return c.revs, c.more, c.err
}

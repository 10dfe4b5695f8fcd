package graph

import (
	"net/url"

	"codna/graph/model"
	"codna/internal/files"
)

// attachmentModel is a file of the page whose slug is given.
func attachmentModel(a files.Attachment, slug string) model.Attachment {
	return model.Attachment{
		ID: a.ID.String(), Name: a.Name, MimeType: a.MimeType, ByteSize: int(a.ByteSize),
		URL:  "/files/" + a.DocumentID.String() + "/" + url.PathEscape(a.Name),
		Path: slug + ".files/" + a.Name, CreatedAt: a.CreatedAt,
	}
}

package graph

import (
	"context"
	"errors"
	"net/url"

	"github.com/vikstrous/dataloadgen"

	"codna/graph/model"
	"codna/internal/document"
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

func (r *documentResolver) attachments(ctx context.Context, d *document.Doc) ([]model.Attachment, error) {
	as, err := loaders(ctx).Attachments.Load(ctx, d)
	if errors.Is(err, dataloadgen.ErrNotFound) {
		return []model.Attachment{}, nil
	}
	if err != nil {
		return nil, err
	}
	out := make([]model.Attachment, len(as))
	for i, a := range as {
		out[i] = attachmentModel(a, d.Slug)
	}
	return out, nil
}

func (r *mutationResolver) uploadAttachment(ctx context.Context, in model.UploadAttachmentInput) (*model.UploadAttachmentPayload, error) {
	id, err := parseID("documentId", in.DocumentID)
	if err != nil {
		return nil, err
	}
	name := in.File.Filename
	if in.Name != nil {
		name = *in.Name
	}
	a, existing, err := r.Files.Upload(ctx, id, name, in.File.File)
	if err != nil {
		return nil, err
	}
	d, err := loadDoc(ctx, id)
	if err != nil || d == nil {
		return nil, err
	}
	m := attachmentModel(*a, d.Slug)
	return &model.UploadAttachmentPayload{Attachment: &m, Existing: existing}, nil
}

func (r *mutationResolver) deleteAttachment(ctx context.Context, rawID string) (*model.DeleteAttachmentPayload, error) {
	id, err := parseID("id", rawID)
	if err != nil {
		return nil, err
	}
	a, err := r.Files.Delete(ctx, id)
	if err != nil {
		return nil, err
	}
	d, err := loadDoc(ctx, a.DocumentID)
	if err != nil || d == nil {
		return nil, err
	}
	m := attachmentModel(*a, d.Slug)
	return &model.DeleteAttachmentPayload{Attachment: &m}, nil
}

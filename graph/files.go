package graph

import (
	"context"
	"errors"
	"net/url"
	"strings"

	"github.com/vikstrous/dataloadgen"

	"codna/graph/model"
	"codna/internal/document"
	"codna/internal/files"
	"codna/internal/linkgraph"
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
	a, existing, err := r.svc.Files.Upload(ctx, id, name, in.File.File)
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
	a, err := r.svc.Files.Delete(ctx, id)
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

func (r *documentResolver) fileReferences(ctx context.Context, d *document.Doc) ([]linkgraph.FileReference, error) {
	refs, err := loaders(ctx).FileReferences.Load(ctx, d)
	if errors.Is(err, dataloadgen.ErrNotFound) {
		return []linkgraph.FileReference{}, nil
	}
	return refs, err
}

// page is the page a file reference's file belongs to, when its reader can
// read it (FileReference.TargetID is nil otherwise).
func (r *fileReferenceResolver) page(ctx context.Context, f *linkgraph.FileReference) (*document.Doc, error) {
	if f.TargetID == nil {
		return nil, nil
	}
	return loadDoc(ctx, *f.TargetID)
}

// attachment is the file a reference names, through the Attachments loader
// of its page (one statement for every reference of a response).
func (r *fileReferenceResolver) attachment(ctx context.Context, f *linkgraph.FileReference) (*model.Attachment, error) {
	p, err := r.page(ctx, f)
	if err != nil || p == nil {
		return nil, err
	}
	as, err := loaders(ctx).Attachments.Load(ctx, p)
	if errors.Is(err, dataloadgen.ErrNotFound) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	for _, a := range as {
		if a.Name == f.Name {
			m := attachmentModel(a, p.Slug)
			return &m, nil
		}
	}
	return nil, nil
}

func (r *mutationResolver) decideFileReference(ctx context.Context, in model.DecideFileReferenceInput) (*model.DecideFileReferencePayload, error) {
	id, err := parseID("id", in.ID)
	if err != nil {
		return nil, err
	}
	d, err := r.svc.Linkgraph.DecideFile(ctx, id, linkgraph.Answer(strings.ToLower(string(in.Answer))))
	if err != nil {
		return nil, err
	}
	return &model.DecideFileReferencePayload{Document: fresh(ctx, d)}, nil
}

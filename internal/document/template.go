package document

import (
	"context"
	"errors"
	"regexp"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
)

// TemplateTag marks a page as a template (docs/design.md#templates): any
// live page holding it, in any space and folder, is offered to the people
// who can read it.
const TemplateTag = "template"

// MaxTemplates is how many templates Templates lists at most.
const MaxTemplates = 200

// Templates lists the templates the actor can read: the live pages tagged
// template, by title then id, at most MaxTemplates, without their bodies.
// Management and the system actor get none. Errors: UNAUTHENTICATED.
func (s *Service) Templates(ctx context.Context) ([]*Doc, error) {
	v, ok, err := reader(ctx)
	if err != nil || !ok {
		return []*Doc{}, err
	}
	rows, err := db.Q.DocumentListTemplates(ctx, s.pool, db.DocumentListTemplatesParams{
		ActorID: v.ID, ActorIsPerson: v.IsPerson, RowLimit: MaxTemplates,
	})
	if err != nil {
		return nil, err
	}
	out := make([]*Doc, len(rows))
	for i, r := range rows {
		out[i] = FromHead(Head(r))
	}
	return out, nil
}

// placeholderRE finds a template's placeholders, spaces inside the braces
// allowed: {{date}}, {{ title }}, {{author}}.
var placeholderRE = regexp.MustCompile(`\{\{\s*(date|title|author)\s*\}\}`)

// FillPlaceholders fills a template body's placeholders: {{date}} with
// now's UTC date (YYYY-MM-DD), {{title}} with title and {{author}} with
// author. Other text, other {{…}} included, is left as it is.
func FillPlaceholders(body, title, author string, now time.Time) string {
	date := now.UTC().Format(time.DateOnly)
	return placeholderRE.ReplaceAllStringFunc(body, func(m string) string {
		switch placeholderRE.FindStringSubmatch(m)[1] {
		case "date":
			return date
		case "title":
			return title
		}
		return author
	})
}

// fromTemplate makes in start from its template: the template's body with
// its placeholders filled, and its tags without template before in's own.
// in.Content must be empty. The template is read as the actor (a page they
// cannot read, or one in the trash, is NOT_FOUND on templateId).
func (s *Service) fromTemplate(ctx context.Context, actor *auth.Actor, in CreateInput) (CreateInput, error) {
	if in.Content != "" {
		return in, fault.Input("content", "Give either content or a template, not both: a page from a template starts from the template's body.")
	}
	v, ok := ViewerOf(actor)
	if !ok {
		return in, errTemplateNotFound
	}
	r, err := db.Q.DocumentGetWithAccess(ctx, s.pool, db.DocumentGetWithAccessParams{ActorID: v.ID, ActorIsPerson: v.IsPerson, ID: *in.TemplateID})
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && (r.Level == 0 || r.Document.DeletedAt != nil)) {
		return in, errTemplateNotFound
	} else if err != nil {
		return in, err
	}
	title := ""
	if in.Title != nil {
		title = *in.Title
	}
	in.Content = FillPlaceholders(r.Document.Content, title, actor.Name, time.Now())
	tags := slices.DeleteFunc(slices.Clone(r.Document.Tags), func(t string) bool { return t == TemplateTag })
	in.Tags = append(tags, in.Tags...)
	in.TemplateID = nil
	return in, nil
}

var errTemplateNotFound = &fault.Error{Code: fault.NotFound, Field: "templateId", Message: "No template has that id."}

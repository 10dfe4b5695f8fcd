package automation

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/google/uuid"

	"codna/internal/access"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/inbox"
	"codna/internal/sandbox"
)

// applyRun is what a proposal is applied for: the automation, its run and
// the context acting as its owner for this automation
// (auth.AsAutomation + outbox.WithAutomation).
type applyRun struct {
	automation *Automation
	runID      uuid.UUID
	owner      context.Context
}

// rejected is a proposal the owner could not make: the reason is told to
// the owner in the run's verdicts.
type rejected struct{ reason string }

func (r *rejected) Error() string { return r.reason }

func reject(format string, args ...any) error {
	return &rejected{reason: fmt.Sprintf(format, args...)}
}

// refusal turns a service's coded refusal into a rejection; any other error
// is the host's (the run is retried).
func refusal(err error) error {
	if fe := fault.Refusal(err); fe != nil {
		if fe.Code == fault.NotFound {
			return reject("Not found: the owner cannot read that document (or it does not exist).")
		}
		return reject("%s", fe.Message)
	}
	return err
}

// apply applies one proposal as the owner. It returns a note on what was
// done (for an applied proposal), a *rejected error for one the owner
// could not make, or another error when the host failed. Each kind is
// idempotent, so a proposal applied again after a crash (before its verdict
// was recorded) changes nothing more: a share or tag already there is
// unchanged, a write of the same content writes no revision, and a message
// has an id of its own that a retry finds.
func (r applyRun) apply(ctx context.Context, s *Service, index int, p sandbox.Proposal) (string, error) {
	switch p.Kind {
	case sandbox.KindShare:
		return r.share(s, p)
	case sandbox.KindNotify:
		return r.notify(ctx, s, index, p)
	case sandbox.KindTag, sandbox.KindUntag:
		return r.tag(s, p)
	case sandbox.KindWrite:
		return r.write(s, p)
	}
	return "", reject("Unknown proposal %q.", p.Kind)
}

func (r applyRun) share(s *Service, p sandbox.Proposal) (string, error) {
	res, err := s.sharing.Share(r.owner, access.ShareInput{
		DocumentIDs: []uuid.UUID{p.DocumentID}, Recipients: []string{p.Recipient}, Permission: access.Permission(p.Permission),
	})
	if err != nil {
		return "", refusal(err)
	}
	for _, g := range res.Grants {
		switch g.Outcome {
		case access.Created:
			return fmt.Sprintf("Shared (%s).", g.Permission), nil
		case access.Upgraded:
			return "Read access became write access.", nil
		}
	}
	return "They could already read it: nothing changed.", nil
}

// notify sends an automation.message to the recipient (each active person
// of a group). The notification's subject is an id made from the run and
// the proposal's index, so applying it again (a retry after a crash) skips
// whoever has it already.
func (r applyRun) notify(ctx context.Context, s *Service, index int, p sandbox.Proposal) (string, error) {
	principal, err := s.sharing.Recipient(r.owner, p.Recipient)
	if err != nil {
		return "", refusal(err)
	}
	var recipients []uuid.UUID
	switch {
	case principal.Type == access.PrincipalGroup && principal.ID == auth.EveryoneID:
		return "", reject("A script cannot message everyone: name a person, an agent or a group.")
	case principal.Type == access.PrincipalGroup:
		if recipients, err = db.Q.GroupMemberListActiveIDs(ctx, s.pool, principal.ID); err != nil {
			return "", err
		}
	default:
		recipients = []uuid.UUID{principal.ID}
	}
	subject := uuid.NewSHA1(r.runID, fmt.Appendf(nil, "notify/%d", index))
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		told, err := db.Q.NotificationListRecipientsWithSubject(ctx, tx, db.NotificationListRecipientsWithSubjectParams{
			RecipientIds: recipients, Type: inbox.TypeAutomationMessage, SubjectType: "automation", SubjectID: &subject,
		})
		if err != nil {
			return err
		}
		for _, to := range recipients {
			if slices.Contains(told, to) {
				continue // applied before a crash: told already
			}
			_, err := inbox.NotifyInTx(ctx, tx, inbox.Notice{
				RecipientID: to, Type: inbox.TypeAutomationMessage, SubjectType: "automation", SubjectID: &subject,
				Payload: map[string]any{
					"automationId": r.automation.ID, "automationName": r.automation.Name, "ownerId": r.automation.OwnerID,
					"runId": r.runID, "message": p.Message,
				},
			})
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("Sent to %d %s.", len(recipients), plural(len(recipients), "person", "people")), nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// tag adds or removes one tag, retrying when the document changed between
// the read and the save.
func (r applyRun) tag(s *Service, p sandbox.Proposal) (string, error) {
	p.Tag = strings.ToLower(strings.TrimSpace(p.Tag)) // as a save stores it
	for range 3 {
		d, err := s.docs.Get(r.owner, p.DocumentID)
		if err != nil {
			return "", refusal(err)
		}
		has := slices.Contains(d.Tags, p.Tag)
		var tags []string
		switch {
		case p.Kind == sandbox.KindTag && has:
			return "It had the tag already.", nil
		case p.Kind == sandbox.KindUntag && !has:
			return "It did not have the tag.", nil
		case p.Kind == sandbox.KindTag:
			tags = append(slices.Clone(d.Tags), p.Tag)
		default:
			tags = slices.DeleteFunc(slices.Clone(d.Tags), func(t string) bool { return t == p.Tag })
		}
		_, _, err = s.docs.Update(r.owner, document.UpdateInput{ID: d.ID, ExpectedVersion: d.Version, Tags: tags})
		if fe := fault.As(err); fe != nil && fe.Code == fault.Conflict && fe.Field == "expectedVersion" {
			continue // saved by someone else meanwhile: read it again
		}
		if err != nil {
			return "", refusal(err)
		}
		if p.Kind == sandbox.KindTag {
			return "Tagged.", nil
		}
		return "Untagged.", nil
	}
	return "", reject("The document kept changing while the tag was saved: try again later.")
}

// write creates the output document at the address, or saves a new
// version of the one there.
func (r applyRun) write(s *Service, p sandbox.Proposal) (string, error) {
	w := p.Write
	if w == nil || w.Space != string(document.SpaceOutput) {
		return "", reject("A script writes to the output space only.")
	}
	title := w.Title
	for range 3 {
		d, err := s.docs.GetByAddress(r.owner, document.SpaceOutput, w.Path, w.Slug)
		if fault.CodeOf(err) == fault.NotFound {
			_, err := s.docs.Create(r.owner, document.CreateInput{
				Space: document.SpaceOutput, Path: w.Path, Slug: w.Slug, Title: &title, Content: w.Content,
			})
			if fe := fault.As(err); fe != nil && fe.Code == fault.Conflict && fe.Field == "slug" {
				continue // created meanwhile: update it, or find it unreadable
			}
			if err != nil {
				return "", refusal(err)
			}
			return "Created.", nil
		}
		if err != nil {
			return "", refusal(err)
		}
		content := w.Content
		_, changed, err := s.docs.Update(r.owner, document.UpdateInput{ID: d.ID, ExpectedVersion: d.Version, Title: &title, Content: &content})
		if fe := fault.As(err); fe != nil && fe.Code == fault.Conflict && fe.Field == "expectedVersion" {
			continue
		}
		if err != nil {
			return "", refusal(err)
		}
		if !changed {
			return "It said that already: nothing changed.", nil
		}
		return "Saved a new version.", nil
	}
	return "", reject("The address %s/%s is held by a document the owner cannot change.", w.Path, w.Slug)
}

package mcpserver

import (
	"context"

	"codna/internal/access"
)

type shareIn struct {
	DocumentID string   `json:"documentId" jsonschema:"a page you wrote (own)"`
	Recipients []string `json:"recipients" jsonschema:"people by email and groups as group:<slug>; an agent: among those the people who answer for it chose"`
}

type sharedGrant struct {
	Recipient string `json:"recipient" jsonschema:"as named: an email or group:<slug>"`
	Outcome   string `json:"outcome" jsonschema:"created, or unchanged when they could read it already"`
}

type shareToolOut struct {
	BatchID string        `json:"batchId" jsonschema:"the sharing action, which the page's readers can review"`
	Grants  []sharedGrant `json:"grants"`
}

func (s *Server) addShareTools() {
	addTool(s, toolSpec{
		name: "share_document", title: "Share a page you wrote",
		description: "Share, to read, a page you own with people or groups. An agent shares only with those the people who " +
			"answer for it chose; anyone else is FORBIDDEN, and the refusal lists whom it may share with (the people who " +
			"answer for it read its pages already). Recipients are told as for any share.",
		props: props{"documentId": {isID}, "recipients": {minItems(1), maxItems(access.MaxRecipients), items(maxLen(320))}},
	}, s.shareDocument)
}

func (s *Server) shareDocument(ctx context.Context, in shareIn) (shareToolOut, error) {
	id, err := parseID("documentId", in.DocumentID)
	if err != nil {
		return shareToolOut{}, err
	}
	res, err := s.svc.Access.ShareOwn(ctx, id, in.Recipients)
	if err != nil {
		return shareToolOut{}, err
	}
	out := shareToolOut{BatchID: res.BatchID.String(), Grants: make([]sharedGrant, len(res.Grants))}
	for i, g := range res.Grants {
		outcome := "unchanged"
		if g.Outcome != access.Unchanged {
			outcome = "created"
		}
		out.Grants[i] = sharedGrant{Recipient: g.Label, Outcome: outcome}
	}
	return out, nil
}

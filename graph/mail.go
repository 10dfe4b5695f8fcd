package graph

import (
	"codna/graph/model"
	"codna/internal/mail"
)

// mailPreferences is p as the API shows it.
func mailPreferences(p mail.Preferences) *model.MailPreferences {
	return &model.MailPreferences{
		Decisions: p.Decisions, Mentions: p.Mentions, Digest: model.MailDigest(p.Digest), MailEnabled: p.MailEnabled,
	}
}

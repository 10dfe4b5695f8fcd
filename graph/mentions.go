package graph

import (
	"strings"

	"github.com/google/uuid"

	"codna/graph/model"
	"codna/internal/mention"
)

func mentionKindModel(kind string) model.MentionKind {
	return model.MentionKind(strings.ToUpper(kind))
}

func mentionableModels(ms []mention.Mentionable) []model.Mentionable {
	out := make([]model.Mentionable, len(ms))
	for i, m := range ms {
		out[i] = model.Mentionable{Kind: mentionKindModel(m.Kind), Name: m.Name, Href: m.Href()}
		if m.ID != uuid.Nil {
			id := m.ID.String()
			out[i].ID = &id
		}
		if m.Slug != "" {
			slug := m.Slug
			out[i].Slug = &slug
		}
	}
	return out
}

func mentionViewModel(v *mention.View) *model.MentionView {
	out := &model.MentionView{Excerpt: v.Excerpt}
	if v.TargetKind != "" {
		k := mentionKindModel(v.TargetKind)
		id := v.TargetID.String()
		name := v.TargetName
		out.TargetKind, out.TargetID, out.TargetName = &k, &id, &name
	}
	return out
}

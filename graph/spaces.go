package graph

import (
	"strings"

	"codna/graph/model"
	"codna/internal/space"
)

func spaceAccessOf(a model.SpaceDefaultAccess) space.Access {
	return space.Access(strings.ToLower(string(a)))
}

func spaceAccessModel(a space.Access) model.SpaceDefaultAccess {
	return model.SpaceDefaultAccess(strings.ToUpper(string(a)))
}

// newPageAccessOf is the author's choice; nil is the space's default.
func newPageAccessOf(a *model.NewPageAccess) space.Choice {
	if a == nil {
		return space.ChoiceDefault
	}
	return space.Choice(strings.ToLower(string(*a)))
}

func spaceDefaultModel(d space.Default) *model.SpaceDefault {
	return &model.SpaceDefault{Space: spaceModel(d.Space), Access: spaceAccessModel(d.Access), UpdatedAt: d.UpdatedAt}
}

func pageAudienceModel(a *space.Audience) *model.PageAudience {
	out := &model.PageAudience{Space: spaceModel(a.Space), Path: a.Path, Default: spaceAccessModel(a.Default), Folders: make([]model.FolderAudience, len(a.Folders))}
	for i, f := range a.Folders {
		out.Folders[i] = model.FolderAudience{
			Path: f.Path, PrincipalType: principalTypeModel(f.Principal.Type), PrincipalID: f.Principal.ID.String(),
			Recipient: f.Label, Name: f.Name, Permission: permissionModel(f.Permission),
		}
	}
	return out
}

// importAccessOf is an import's choice; nil is private.
func importAccessOf(a *model.SpaceDefaultAccess) space.Access {
	if a == nil {
		return space.Private
	}
	return spaceAccessOf(*a)
}

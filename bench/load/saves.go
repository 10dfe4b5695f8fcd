package main

import (
	"context"
	"errors"
)

type savesResult struct{}

func (s *savesResult) line() string { return "" }

func runSaves(ctx context.Context, env *runEnv) (*result, error) {
	return nil, errors.New("saves: not yet")
}

package graph

import (
	"context"

	"codna/graph/schedule"
)

// WithOperation returns the context an operation's resolvers run in: the
// executor's scheduling (graph/schedule) and the operation's data loaders,
// made at once for a query or a mutation and on first use for a
// subscription (which lives as long as its socket, and most never load
// anything). The transport calls it around every operation.
func WithOperation(ctx context.Context, r *Resolver, subscription bool) context.Context {
	if subscription {
		return withLazyLoaders(schedule.WithSubscription(ctx), r)
	}
	ctx = schedule.WithOperation(ctx)
	return withLoaders(ctx, newLoaders(r))
}

// Pusher is what a transport that holds subscriptions open offers the
// source of one, through the subscription's context (WithPusher):
// graph/transport gives one to each subscription on a websocket. Over other
// transports there is none, and a subscription's channel is read as usual.
type Pusher interface {
	// PushedBySource says that the source calls the returned wake after
	// each value it puts in the subscription's channel, and that pending
	// says whether the channel holds a value: the transport then keeps no
	// goroutine waiting on the channel. A nil pending takes that back (the
	// source will push nothing: the channel is read as usual).
	PushedBySource(pending func() bool) (wake func())
	// CheckedAtSource says that the source re-checks the subscription's
	// credential before each push itself, so the transport need not.
	CheckedAtSource()
	// RefusePush ends the subscription's connection after the source's
	// re-check of its credential failed with err: the credential ended, or
	// could not be checked.
	RefusePush(ctx context.Context, err error)
}

type pusherKey struct{}

// WithPusher returns ctx carrying p for the subscription that runs in it.
func WithPusher(ctx context.Context, p Pusher) context.Context {
	return context.WithValue(ctx, pusherKey{}, p)
}

// pushedBySource is Pusher.PushedBySource of the subscription running in
// ctx; nil (the channel is read as usual) without a Pusher.
func pushedBySource(ctx context.Context, pending func() bool) (wake func()) {
	if p, ok := ctx.Value(pusherKey{}).(Pusher); ok {
		return p.PushedBySource(pending)
	}
	return nil
}

// checkedAtSource is Pusher.CheckedAtSource of the subscription running in
// ctx, if it has a Pusher.
func checkedAtSource(ctx context.Context) {
	if p, ok := ctx.Value(pusherKey{}).(Pusher); ok {
		p.CheckedAtSource()
	}
}

// refusePush is Pusher.RefusePush of the subscription running in ctx, if it
// has a Pusher.
func refusePush(ctx context.Context, err error) {
	if p, ok := ctx.Value(pusherKey{}).(Pusher); ok {
		p.RefusePush(ctx, err)
	}
}

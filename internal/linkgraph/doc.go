// Package linkgraph keeps the link graph in step with the documents: the
// resolver (an outbox consumer) extracts edges and moves them between
// states, raises and clears decisions; the service answers decisions,
// handles link suggestions and reads links and backlinks for an actor.
//
// By file: consumer.go is the resolver and the states; resync.go and
// fileref.go recompute links and file references; keeper.go keeps
// decisions in step with access; edge.go reads links, backlinks and file
// references for an actor; decision.go lists and answers decisions, about
// links and file references alike; suggestion.go handles link suggestions;
// walk.go traverses the graph.
package linkgraph

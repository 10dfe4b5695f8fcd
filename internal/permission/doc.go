// Package permission holds the test that every public service method
// checks its actor: table_test.go lists, for each method of every service
// (and each MCP tool), which kinds of actor it serves, and
// TestEveryServiceMethodChecksItsActor calls each method as nobody, a
// person, a stranger (a person with access to nothing), an agent,
// management and the system, requiring the refusals the table says and no
// refusal where it serves. A method without an entry fails the test, so a
// new one cannot slip past it. See docs/development.md ("Where
// authorisation happens").
package permission

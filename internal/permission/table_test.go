package permission_test

import (
	"github.com/google/uuid"

	"codna/internal/activity"
	"codna/internal/auth"
	"codna/internal/document"
	"codna/internal/space"
)

// rule is who one method serves, and how it refuses the others.
//
// Every kind not in allow is refused: nobody with UNAUTHENTICATED, any
// other kind with FORBIDDEN — or, for a kind in hides, NOT_FOUND or an
// answer with nothing in it, where a read must not say whether the thing
// exists. Every kind in allow is served: called with made-up arguments it
// may answer anything (BAD_USER_INPUT, NOT_FOUND, …) but UNAUTHENTICATED,
// FORBIDDEN, an internal error or a panic. A read that serves people is
// also called by a stranger — a person nobody shared anything with — with
// every id of someone else's things: it must refuse or answer nothing.
type rule struct {
	allow kinds
	hides kinds
	read  bool
	// shared says why a read answers a stranger in full: the same answer
	// for everyone it serves (the team's directory), so nothing to hide.
	shared string
	// trusts says why a read may take its argument as it is: a value only
	// the service hands out, to the actor it checked then. No stranger call.
	trusts string
	// own: its user id arguments are the caller's own (anyone else's is
	// FORBIDDEN): the served calls pass the caller's id.
	own bool
	// args are the arguments after the context for the served calls,
	// where zero ones would fail as a caller's mistake (an internal error)
	// rather than the actor's (nil: zero values).
	args func(w *world) []any
	// why a method takes no actor (allow is nobody): the credential is in
	// its arguments, or it is an accessor or constructor with no context.
	why string
}

// Common rules.
var (
	// content is a change to documents or their links and shares: people
	// and agents, as the permission rule lets them.
	content = rule{allow: person | agent}
	// contentRead is a read of documents: management is told they do not
	// exist (NOT_FOUND or nothing) rather than FORBIDDEN.
	contentRead = rule{allow: person | agent, hides: management, read: true}
	// sharingRead is a read of shares and grants: management is FORBIDDEN.
	sharingRead = rule{allow: person | agent, read: true}
	// personal is a person's own thing (automations, imports, exports,
	// ingestions, their agents): agents and management are FORBIDDEN.
	personal     = rule{allow: person}
	personalRead = rule{allow: person, read: true}
	// mine is an actor's own inbox or tokens: people, agents and management
	// read and change their own.
	mine     = rule{allow: person | agent | management}
	mineRead = rule{allow: person | agent | management, read: true}
	// managing is what management does to run the instance.
	managing     = rule{allow: management}
	managingRead = rule{allow: management, read: true}
	// background is the system's work: outbox consumers, the purger, the
	// workers.
	background = rule{allow: system}
)

// table is who every exported method of every service serves, by
// package.Type.Method. A method missing here fails the test, and so does
// an entry naming no method.
var table = map[string]rule{
	// access.Service: sharing documents.
	"access.Service.Batch":            sharingRead,
	"access.Service.ShareOwn":         content,
	"access.Service.Groups":           {allow: person | agent, read: true, shared: "every group, for choosing recipients: the team's directory"},
	"access.Service.People":           {allow: person | agent, read: true, shared: "people and agents by name, for choosing recipients: the team's directory"},
	"access.Service.RecentlyShared":   sharingRead,
	"access.Service.Recipient":        {allow: person | agent, read: true, shared: "resolves a recipient string as sharing does: the team's directory"},
	"access.Service.RevokeBatch":      content,
	"access.Service.RevokeGrant":      content,
	"access.Service.Share":            content,
	"access.Service.ShareByTag":       content,
	"access.Service.ShareSuggestions": sharingRead,
	"access.Service.WhoCanSee":        sharingRead,
	"access.Service.WhyCanISee":       sharingRead,
	// access.FolderService: standing folder rules.
	"access.FolderService.List":    sharingRead,
	"access.FolderService.Share":   content,
	"access.FolderService.Unshare": content,

	// agent.Service: the agents a person answers for.
	"agent.Service.Mine":            personalRead,
	"agent.Service.Reads":           personalRead,
	"agent.Service.Usage":           personalRead,
	"agent.Service.Tokens":          personalRead,
	"agent.Service.RevokeToken":     personal,
	"agent.Service.Resume":          personal,
	"agent.Service.ShareTargets":    personalRead,
	"agent.Service.SetShareTargets": personal,

	// auth.Service: credentials and counts.
	"auth.Service.AcceptInvitation":       {allow: nobody, why: "the invitation's secret in its arguments is the credential"},
	"auth.Service.Invitation":             {allow: nobody, why: "the invitation's secret in its arguments is the credential"},
	"auth.Service.AccessTokens":           {allow: person | agent, read: true},
	"auth.Service.Argon2":                 {allow: nobody, why: "an accessor with no context: the instance's hashing parameters"},
	"auth.Service.Authenticate":           {allow: nobody, why: "it turns the credential in its arguments into the actor"},
	"auth.Service.ChangePassword":         {allow: person}, // by session only: TestCredentialChangesNeedASession
	"auth.Service.EndOtherSessions":       {allow: person}, // by session only: TestSessionsScreen
	"auth.Service.EndSession":             {allow: person}, // by session only: TestSessionsScreen
	"auth.Service.Sessions":               {allow: person}, // the caller's own: no argument can name another's
	"auth.Service.CreateAccessToken":      {allow: person}, // by session only
	"auth.Service.DeleteExpiredSessions":  background,
	"auth.Service.FlushCounts":            background,
	"auth.Service.Login":                  {allow: nobody, why: "the email and password in its arguments are the credential"},
	"auth.Service.Logout":                 {allow: nobody, why: "the session secret in its arguments is the credential"},
	"auth.Service.NoteSignIn":             {allow: nobody, why: "counts a sign-in single sign-on opened (OpenSessionInTx); it returns nothing to refuse with"},
	"auth.Service.OpenSessionInTx":        {allow: nobody, why: "runs in its caller's transaction and trusts it: single sign-on, which verified the provider's token, signing the person in"},
	"auth.Service.PasswordSignIn":         {allow: nobody, why: "an accessor with no context: whether people may sign in with a password, for the sign-in screen"},
	"auth.Service.NoteAgentRead":          {allow: person | agent}, // counts agents' reads; nothing for a person
	"auth.Service.NoteToolCall":           {allow: person | agent, args: func(*world) []any { return []any{"search", auth.UsageOK} }},
	"auth.Service.NoteWebUse":             {allow: nobody, why: "counts the web use of the actor in its arguments, the request's own; it returns nothing to refuse with"},
	"auth.Service.Recheck":                {allow: nobody, why: "re-checks the credential of the actor in its arguments (a websocket's)"},
	"auth.Service.RecheckAll":             {allow: nobody, why: "re-checks the credentials of the actors in its arguments (the websockets')"},
	"auth.Service.MintPasswordResetInTx":  {allow: nobody, why: "runs in its caller's transaction and trusts it: the mail sender rendering a reset mail it queued, the CLI's reset link for management"},
	"auth.Service.RequestPasswordReset":   {allow: nobody, why: "for a person who cannot sign in: the answer is the same for every address, and the link goes only to the address's owner"},
	"auth.Service.ResetPasswordWithToken": {allow: nobody, why: "the reset token in its arguments is the credential"},
	"auth.Service.RevokeAccessToken":      {allow: person}, // by session only
	"auth.Service.UseMailer":              {allow: nobody, why: "wiring when the server is built; no context"},
	"auth.Service.UsersByID":              {allow: person | agent | management, read: true, shared: "any signed-in actor reads any user's name, email and kind: the team's directory"},

	// automation.Service: a person's automations; management sees their
	// metadata and may disable them.
	"automation.Service.All":          managingRead,
	"automation.Service.Create":       personal,
	"automation.Service.Delete":       personal,
	"automation.Service.DryRun":       personal,
	"automation.Service.Get":          {allow: person | management, read: true},
	"automation.Service.LastRuns":     {allow: person | management, read: true},
	"automation.Service.Mine":         personalRead,
	"automation.Service.NewMatcher":   {allow: nobody, why: "builds the event matcher when the server is wired; no context"},
	"automation.Service.NewRunner":    {allow: nobody, why: "builds the run worker when the server is wired; no context"},
	"automation.Service.NewScheduler": {allow: nobody, why: "builds the scheduler when the server is wired; no context"},
	"automation.Service.Runs":         {allow: person | management, read: true},
	"automation.Service.Sandbox":      {allow: nobody, why: "an accessor with no context: the sandbox scripts run in"},
	"automation.Service.SetEnabled":   {allow: person | management}, // management only disables
	"automation.Service.Update":       personal,

	// document.Service: pages and their history. Management never reads
	// content: its reads are answered as if there were nothing.
	"document.Service.Bodies":         contentRead,
	"document.Service.Create":         content,
	"document.Service.CreateThen":     content,
	"document.Service.CreateImported": background,
	"document.Service.CreateIngested": {allow: system, args: func(w *world) []any {
		return []any{w.pool, w.owner.ID, uuid.Nil, document.CreateInput{Space: document.SpaceRaw}}
	}},
	"document.Service.Delete":          content,
	"document.Service.Diff":            contentRead,
	"document.Service.EmptyTrash":      {allow: person | agent}, // the actor's own tombstones
	"document.Service.EditBody":        content,
	"document.Service.FolderTree":      contentRead,
	"document.Service.Folders":         contentRead,
	"document.Service.Get":             contentRead,
	"document.Service.GetByAddress":    contentRead,
	"document.Service.GetMany":         contentRead,
	"document.Service.GetTx":           contentRead,
	"document.Service.List":            contentRead,
	"document.Service.Move":            content,
	"document.Service.NoteAgentRead":   {allow: person | agent | management, args: func(w *world) []any { return []any{w.page.ID} }}, // counts agents' reads; nothing for the others
	"document.Service.PathHistory":     contentRead,
	"document.Service.Purge":           content, // the owner's tombstone
	"document.Service.PurgeDue":        background,
	"document.Service.ReplaceIngested": background,
	"document.Service.Restore":         content,
	"document.Service.RestoreRevision": content,
	"document.Service.Revision":        contentRead,
	"document.Service.RevisionCounts":  contentRead,
	"document.Service.Revisions":       contentRead,
	"document.Service.Tags":            {allow: person | agent, hides: management, read: true, args: func(*world) []any { return []any{"", 10} }},
	"document.Service.Templates":       contentRead,
	"document.Service.Trash":           {allow: person | agent, read: true}, // the actor's own tombstones
	"document.Service.Update":          content,
	"document.Service.WriteImported":   background,

	// files.Service: pages' files.
	"files.Service.Delete":       content,
	"files.Service.ForDocuments": contentRead,
	"files.Service.MaxBytes":     {allow: nobody, why: "an accessor with no context: the upload limit"},
	"files.Service.Open":         contentRead,
	"files.Service.OpenListed":   {allow: person | agent, read: true, trusts: "an Attachment is handed out by ForDocuments alone (its storage key is unexported), after it checked the page for the same actor", args: func(w *world) []any { return []any{w.attachment} }},
	"files.Service.Store":        {allow: nobody, why: "an accessor with no context: where the bytes are"},
	"files.Service.Upload":       content,

	// collab.Service: the co-editing rooms (docs/design.md, "Co-editing").
	"collab.Service.Join": {allow: person | agent, args: func(w *world) []any {
		return []any{w.page.ID, int64(0), discardConn{}}
	}},
	"collab.Service.Enabled":    {allow: nobody, why: "an accessor with no context: whether co-editing is on"},
	"collab.Service.MaxMessage": {allow: nobody, why: "an accessor with no context: the socket's message limit"},
	"collab.Service.Rooms":      {allow: nobody, why: "an accessor with no context: this replica's open rooms, counted"},
	"collab.Service.Start":      {allow: nobody, why: "starts the rooms' background work (the App's lifecycle)"},
	"collab.Service.Stop":       {allow: nobody, why: "stops the rooms (the App's lifecycle); no context"},
	// comment.Service: threads and comments of pages (docs/design.md, "Comments").
	"comment.Service.CreateThread":  content,
	"comment.Service.Reply":         content,
	"comment.Service.EditComment":   content,
	"comment.Service.DeleteComment": content,
	"comment.Service.Resolve":       content,
	"comment.Service.Reopen":        content,
	"comment.Service.Threads":       contentRead,
	"comment.Service.Thread":        contentRead,
	"comment.Service.Counts":        {allow: person | agent | management, read: true}, // management: counts only
	"comment.Service.Collector":     {allow: nobody, why: "an accessor with no context: the service's metrics"},

	// favorite.Service: a person's favourites and recently viewed pages.
	"favorite.Service.Star":       personal,
	"favorite.Service.Unstar":     personal,
	"favorite.Service.Move":       personal,
	"favorite.Service.List":       {allow: person, hides: agent | management, read: true},
	"favorite.Service.Recent":     {allow: person, hides: agent | management, read: true, args: func(*world) []any { return []any{20} }},
	"favorite.Service.Starred":    {allow: person, hides: agent | management, read: true, trusts: "Docs the documents service read for the same actor"},
	"favorite.Service.RecordView": {allow: person | agent | management}, // an agent's or management's view is not recorded
	"favorite.Service.FlushViews": background,
	// watch.Service: a person's watches of pages and folders.
	"watch.Service.WatchDocument":   personal,
	"watch.Service.UnwatchDocument": personal,
	"watch.Service.WatchFolder":     {allow: person, args: func(*world) []any { return []any{"wiki", ""} }},
	"watch.Service.UnwatchFolder":   {allow: person, args: func(*world) []any { return []any{"wiki", ""} }},
	"watch.Service.List":            {allow: person, hides: agent | management, read: true},
	"watch.Service.States":          {allow: person | agent, hides: management, read: true, trusts: "Docs the documents service read for the same actor"},
	"watch.Service.FanOut":          {allow: nobody, why: "builds the outbox consumer when the server is wired; no context"},
	// activity.Service: the activity log, read through the read rule.
	"activity.Service.List":         {allow: person | agent, hides: management, read: true, args: func(*world) []any { return []any{activity.Filter{}, (*activity.Cursor)(nil), 50} }},
	"activity.Service.Prune":        background,
	"activity.Service.CountWindows": {allow: person, hides: agent | management, read: true, trusts: "windows of watch notifications the inbox read for the same person; a page they cannot read counts 0"},
	"activity.Service.Recorder":     {allow: nobody, why: "builds the outbox consumer when the server is wired; no context"},

	// mention.Service: answering mention decisions, the @ autocomplete, and
	// how a mention notification shows to its reader.
	"mention.Service.Answer":       content,
	"mention.Service.Mentionables": {allow: person | agent, read: true, shared: "people, groups and the caller's own agents by name, for the @ autocomplete: the team's directory"},
	"mention.Service.Names":        {allow: person | agent, read: true, shared: "the current names of mention links: the team's directory"},
	"mention.Service.View":         {allow: person | agent, read: true, trusts: "the notification the inbox service listed for the same actor; nothing unless it is theirs"},
	"mention.Service.Views":        {allow: person | agent, read: true, trusts: "the notifications the inbox service listed for the same actor; nothing for one not theirs"},

	// inbox.Service: each actor's own notifications and counts.
	"inbox.Service.Counts":      {allow: person | agent | management, read: true, own: true},
	"inbox.Service.Dismiss":     mine,
	"inbox.Service.Documents":   mineRead,
	"inbox.Service.Get":         mineRead,
	"inbox.Service.Latest":      {allow: person | agent | management, read: true, own: true},
	"inbox.Service.List":        mineRead,
	"inbox.Service.MarkAllRead": mine,
	"inbox.Service.MarkRead":    mine,
	"inbox.Service.MyCounts":    mineRead,
	"inbox.Service.NewSince":    {allow: person | agent | management, read: true, own: true},
	"inbox.Service.Resolve":     mine,
	// inbox.LiveCounts: the counts pushed to a socket.
	"inbox.LiveCounts.Subscribers": {allow: nobody, why: "a count of subscribers for metrics; no context"},

	// live.Hub: wake-ups from Postgres's LISTEN, which carry no content: a
	// subscriber re-reads through a service, as its actor, what woke it.
	"live.Hub.Handle":        {allow: nobody, why: "registers a channel's handler when the server is wired; no context"},
	"live.Hub.Start":         {allow: nobody, why: "starts the replica's LISTEN connection (the App's lifecycle)"},
	"live.Hub.Stop":          {allow: nobody, why: "stops the replica's LISTEN connection (the App's lifecycle); no context"},
	"live.Hub.Subscribe":     {allow: nobody, why: "a wake-up on a channel's key; what it wakes re-reads through a service as its actor"},
	"live.Hub.SubscribeFunc": {allow: nobody, why: "a wake-up on a channel's key; what it wakes re-reads through a service as its actor"},
	"live.Hub.Subscribers":   {allow: nobody, why: "a count of subscribers for metrics; no context"},
	"inbox.LiveCounts.Watch": mineRead,

	// ingest.Service: a person's originals brought into raw.
	"ingest.Service.Get":         personalRead,
	"ingest.Service.Ingest":      personal,
	"ingest.Service.KeepArchive": personal,
	"ingest.Service.List":        personalRead,
	"ingest.Service.NewWorker":   {allow: nobody, why: "builds the conversion worker when the server is wired; no context"},
	"ingest.Service.OnQueued":    {allow: nobody, why: "sets the worker's wake-up when the server is wired; no context"},
	"ingest.Service.Original":    personalRead,
	"ingest.Service.Reconvert":   personal,

	// linkgraph.Service: links, their decisions and suggestions.
	"linkgraph.Service.Accept":         content,
	"linkgraph.Service.Causes":         {allow: person | agent, hides: management, read: true, trusts: "the ids are targets of the links Decisions gave the same actor, who can read them"},
	"linkgraph.Service.DecideAll":      content,
	"linkgraph.Service.Decide":         content,
	"linkgraph.Service.DecideFile":     content,
	"linkgraph.Service.DecideMany":     content,
	"linkgraph.Service.Decisions":      {allow: person | agent, read: true},
	"linkgraph.Service.EndTitles":      contentRead,
	"linkgraph.Service.Ends":           contentRead,
	"linkgraph.Service.FileReferences": contentRead,
	"linkgraph.Service.Graph":          contentRead,
	"linkgraph.Service.Incoming":       contentRead,
	"linkgraph.Service.Outgoing":       contentRead,
	"linkgraph.Service.Pending":        {allow: person | agent, read: true},
	"linkgraph.Service.Propose":        content,
	"linkgraph.Service.Reject":         content,
	"linkgraph.Service.Walk":           contentRead,

	// mail.Service: queueing and sending mail.
	"mail.Service.Collector":             {allow: nobody, why: "an accessor with no context: the mail queue's metrics"},
	"mail.Service.Enabled":               {allow: nobody, why: "an accessor with no context: whether mail is on"},
	"mail.Service.EnqueueInTx":           {allow: nobody, why: "runs in its caller's transaction and trusts its caller, whose own check decided the mail"},
	"mail.Service.NewSender":             {allow: nobody, why: "builds the mail sender when the server is wired; no context"},
	"mail.Service.MailPreferences":       personal, // no argument: only ever the caller's own row (a stranger has nothing to ask for)
	"mail.Service.UpdateMailPreferences": personal,
	"mail.Service.QueueNotices":          {allow: nobody, why: "the notification mail queuer's periodic task, run as the system; the sender renders each mail for its recipient"},
	"mail.Service.Unsubscribe":           {allow: nobody, why: "the signed unsubscribe token in its arguments is the credential"},
	"mail.Service.UnsubscribeTopic":      {allow: nobody, why: "the signed unsubscribe token in its arguments is the credential; it changes nothing"},
	"mail.Service.SendTest":              managing,
	"mail.Service.Server":                {allow: nobody, why: "an accessor with no context: the SMTP server, without its password"},

	// sso.Service: single sign-on, before anyone is signed in.
	"sso.Service.Callback": {allow: nobody, why: "the signed state cookie and the provider's code in its arguments are the credential"},
	"sso.Service.Enabled":  {allow: nobody, why: "an accessor with no context: whether single sign-on is configured"},
	"sso.Service.Options":  {allow: nobody, why: "what the sign-in screen offers, before anyone signs in: nothing secret"},
	"sso.Service.Start":    {allow: nobody, why: "begins a sign-in at the provider for whoever asks: nothing is read or changed"},

	// manage.Service: management alone, reads too.
	"manage.Service.ActAs":              managing,
	"manage.Service.AddMember":          managing,
	"manage.Service.Agent":              managingRead,
	"manage.Service.Audit":              managingRead,
	"manage.Service.CreateAgent":        managing,
	"manage.Service.CreateFirstPerson":  managing,
	"manage.Service.CreateGroup":        managing,
	"manage.Service.CreatePerson":       managing,
	"manage.Service.CreateServiceToken": managing,
	"manage.Service.DeleteAgent":        managing,
	"manage.Service.DeleteGroup":        managing,
	"manage.Service.DocumentMetadata":   managingRead,
	"manage.Service.Group":              managingRead,
	"manage.Service.GroupMembers":       managingRead,
	"manage.Service.Invite":             managing,
	"manage.Service.IssueAgentToken":    managing,
	"manage.Service.AgentTokens":        managingRead,
	"manage.Service.RevokeAgentToken":   managing,
	"manage.Service.ResumeAgent":        managing,
	"manage.Service.ListAgents":         managingRead,
	"manage.Service.ListGroups":         managingRead,
	"manage.Service.ListParkedEvents":   managingRead,
	"manage.Service.ListServiceTokens":  managingRead,
	"manage.Service.ListUsers":          managingRead,
	"manage.Service.PersonByEmail":      managingRead,
	"manage.Service.PersonTokens":       managingRead,
	"manage.Service.Quarantine":         managing,
	"manage.Service.Release":            managing,
	"manage.Service.RemoveMember":       managing,
	"manage.Service.RenameGroup":        managing,
	"manage.Service.PasswordResetLink":  managing,
	"manage.Service.ResetPassword":      managing,
	"manage.Service.RetryParkedEvent":   managing,
	"manage.Service.RevokePersonToken":  managing,
	"manage.Service.RevokeServiceToken": managing,
	"manage.Service.SetPersonActive":    managing,
	"manage.Service.SetResponsible":     managing,
	"manage.Service.TakeAwayShare":      managing,
	"manage.Service.Transfer":           managing,
	"manage.Service.UsageReport":        managingRead,

	// search.Service: searching what the actor can read; rebuilding the
	// index (the CLI as management, serve's back-fill as the system).
	"search.Service.Backend": {allow: nobody, why: "an accessor with no context: the search backend"},
	"search.Service.Indexer": {allow: nobody, why: "an accessor with no context: the outbox consumer writing the index"},
	"search.Service.Reindex": {allow: management | system},
	"search.Service.Search":  {allow: person | agent, read: true},

	// space.Service: the space defaults and pages created under them.
	"space.Service.Audience":   {allow: person | agent, read: true, shared: "the space default, the same for everyone, and the asker's own folder rules: no id of anyone else's is taken", args: func(*world) []any { return []any{document.SpaceWiki, "perm"} }},
	"space.Service.Create":     content,
	"space.Service.Defaults":   {allow: person | agent | management, read: true, shared: "every space's default, the same for everyone: not content"},
	"space.Service.SetDefault": {allow: management, args: func(*world) []any { return []any{document.SpaceOutput, space.Private} }},

	// transfer.Service: a person's imports and exports.
	"transfer.Service.Config":              {allow: nobody, why: "an accessor with no context: the limits"},
	"transfer.Service.ExportPage":          contentRead,
	"transfer.Service.GetExport":           personalRead,
	"transfer.Service.GetImport":           personalRead,
	"transfer.Service.ListExports":         personalRead,
	"transfer.Service.ListImports":         personalRead,
	"transfer.Service.NewExportWorker":     {allow: nobody, why: "builds the export worker when the server is wired; no context"},
	"transfer.Service.NewImportWorker":     {allow: nobody, why: "builds the import worker when the server is wired; no context"},
	"transfer.Service.OpenExport":          personalRead,
	"transfer.Service.NotifyExportWritten": personal,
	"transfer.Service.StartExport":         personal,
	"transfer.Service.StartImport":         personal,
	"transfer.Service.WriteTree":           personalRead,

	// webhook.Service: a person's own webhooks and their deliveries.
	"webhook.Service.Consumer":     {allow: nobody, why: "builds the outbox consumer when the server is wired; no context"},
	"webhook.Service.Create":       personal,
	"webhook.Service.Delete":       personal,
	"webhook.Service.Deliveries":   {allow: person | management, read: true}, // each their own: a person's, or management's instance-wide
	"webhook.Service.Get":          personalRead,
	"webhook.Service.List":         personalRead,
	"webhook.Service.NewSender":    {allow: nobody, why: "builds the sender when the server is wired; no context"},
	"webhook.Service.Pause":        personal,
	"webhook.Service.Ping":         personal,
	"webhook.Service.Redeliver":    personal,
	"webhook.Service.Resume":       personal,
	"webhook.Service.RotateSecret": personal,
	// webhook.Service, management's instance-wide webhooks (metadata only).
	"webhook.Service.ManagementCreate":       managing,
	"webhook.Service.ManagementDelete":       managing,
	"webhook.Service.ManagementDeliveries":   managingRead,
	"webhook.Service.ManagementGet":          managingRead,
	"webhook.Service.ManagementList":         managingRead,
	"webhook.Service.ManagementPause":        managing,
	"webhook.Service.ManagementPing":         managing,
	"webhook.Service.ManagementRedeliver":    managing,
	"webhook.Service.ManagementResume":       managing,
	"webhook.Service.ManagementRotateSecret": managing,
}

// tool is who one MCP tool (or resource method) serves, and the arguments
// it is called with: the world's ids and folder, so that a call gets past
// its input schema to the services' checks.
type tool struct {
	rule
	args func(w *world) map[string]any
}

// tools is who every MCP tool serves, called through the endpoint's
// handler with the actor in the request's context as internal/server puts
// it there (which lets in agents and personal tokens alone: management and
// nobody are refused before a tool runs; these are the tools' own checks
// behind that). A tool missing here fails the test.
var tools = map[string]tool{
	"comment": {rule: content, args: func(w *world) map[string]any {
		return map[string]any{"documentId": w.page.ID, "body": "from a tool"}
	}},
	"inbox":          {rule: mineRead},
	"list_threads":   {rule: contentRead, args: func(w *world) map[string]any { return map[string]any{"documentId": w.page.ID} }},
	"list_documents": {rule: contentRead, args: func(*world) map[string]any { return map[string]any{"space": "wiki", "path": "perm", "recursive": true} }},
	"mark_read":      {rule: mine, args: func(w *world) map[string]any { return map[string]any{"ids": w.ids[len(w.ids)-1:]} }},
	"propose_link": {rule: content, args: func(w *world) map[string]any {
		return map[string]any{"sourceId": w.target.ID, "targetId": w.page.ID, "reason": "related"}
	}},
	"read_document": {rule: contentRead, args: func(w *world) map[string]any { return map[string]any{"id": w.page.ID} }},
	"recent_shares": {rule: contentRead},
	"related":       {rule: contentRead, args: func(w *world) map[string]any { return map[string]any{"id": w.page.ID, "direction": "both"} }},
	"share_document": {rule: content, args: func(*world) map[string]any {
		return map[string]any{"documentId": "00000000-0000-7000-8000-000000000000", "recipients": []string{"someone@example.com"}}
	}},
	"search": {rule: rule{allow: person | agent, read: true}, args: func(*world) map[string]any { return map[string]any{"query": "Permission"} }},
	"write_document": {rule: content, args: func(w *world) map[string]any {
		return map[string]any{"id": w.page.ID, "expectedVersion": 1, "content": "overwritten"}
	}},
	// The resources: each readable page as codna://documents/<id>.
	"resources/list": {rule: contentRead},
	"resources/read": {rule: contentRead, args: func(w *world) map[string]any { return map[string]any{"uri": "codna://documents/" + w.page.ID.String()} }},
}

// discardConn is a socket that takes every message and closes at once.
type discardConn struct{}

func (discardConn) Send([]byte) bool  { return true }
func (discardConn) Close(int, string) {}

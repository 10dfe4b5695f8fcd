package mention_test

import (
	"fmt"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/access"
	"codna/internal/auth"
	"codna/internal/fault"
	"codna/internal/inbox"
	"codna/internal/manage"
	"codna/internal/mention"
	"codna/internal/pgtest"
)

func agentMention(a pgtest.Agent) string {
	return fmt.Sprintf("[@bot](mention:agent/%s)", a.Slug)
}

func TestAgentsAreMentionedByTheirResponsiblePeople(t *testing.T) {
	t.Parallel()
	w := setup(t)
	mine := pgtest.CreateAgent(t, w.pool, w.owner.ID)
	writer := pgtest.CreatePerson(t, w.pool)
	other := pgtest.CreateAgent(t, w.pool, writer.ID)

	// Mine cannot read the page: a decision (the owner answers for it).
	doc := w.page(t, "Hi "+agentMention(mine))
	require.Zero(t, w.allNotes(t, mine.ID))
	got := w.notes(t, w.owner.ID)
	require.Len(t, got, 1)
	require.True(t, got[0].Decision)
	require.Equal(t, true, got[0].Payload["agent"])

	// Someone else's agent: information, never a decision.
	w.edit(t, pgtest.ActingAs(w.owner), doc, "Hi "+agentMention(mine)+" and "+agentMention(other))
	got = w.notes(t, w.owner.ID)
	require.Len(t, got, 2)
	require.False(t, got[1].Decision)
	require.Equal(t, 1, w.decisions(t, w.owner))

	// Sharing with my agent (the answer) lets it read; it is not told of the old mention.
	_, err := w.mentions.Answer(pgtest.ActingAs(w.owner), got[0].ID, true)
	require.NoError(t, err)
	_, err = w.docs.Get(agentCtx(mine), doc)
	require.NoError(t, err)

	// A readable agent mentioned anew by its responsible person is told (its MCP inbox);
	// a readable agent mentioned by someone who does not answer for it is not.
	w.share(t, doc, writer, access.PermissionWrite)
	_, err = w.access.Share(pgtest.ActingAs(w.owner), access.ShareInput{DocumentIDs: []uuid.UUID{doc}, Recipients: []string{"agent:" + mine.Slug}})
	require.NoError(t, err)
	_, err = w.access.Share(pgtest.ActingAs(writer), access.ShareInput{DocumentIDs: []uuid.UUID{doc}, Recipients: []string{"agent:" + other.Slug}})
	require.NoError(t, err)
	w.edit(t, pgtest.ActingAs(w.owner), doc, "Nobody.")
	w.edit(t, pgtest.ActingAs(writer), doc, "Both: "+agentMention(mine)+" "+agentMention(other))
	require.Empty(t, w.notes(t, mine.ID), "the writer does not answer for it")
	got = w.notes(t, other.ID)
	require.Len(t, got, 1)
	require.Equal(t, inbox.TypeMention, got[0].Type)
	require.Zero(t, pgtest.Count(t, w.pool, `SELECT count(*) FROM watches WHERE user_id = $1`, other.ID), "agents do not watch")
}

func TestGroupMentionsNotifyReadersUpToTheCap(t *testing.T) {
	t.Parallel()
	w := setup(t)
	r1, r2, outsider := pgtest.CreatePerson(t, w.pool), pgtest.CreatePerson(t, w.pool), pgtest.CreatePerson(t, w.pool)
	g := pgtest.CreateGroup(t, w.pool, r1.ID, r2.ID, outsider.ID, w.owner.ID)
	doc := w.page(t, "Draft")
	w.share(t, doc, r1, access.PermissionRead)
	w.share(t, doc, r2, access.PermissionRead)
	w.edit(t, pgtest.ActingAs(w.owner), doc, fmt.Sprintf("Hey [@all](mention:group/%s)!", g.Slug))
	require.Len(t, w.notes(t, r1.ID), 1)
	require.Len(t, w.notes(t, r2.ID), 1)
	require.Equal(t, g.ID.String(), w.notes(t, r1.ID)[0].Payload["groupId"])
	require.Zero(t, w.allNotes(t, outsider.ID), "a member who cannot read is told nothing")
	require.Empty(t, w.notes(t, w.owner.ID), "no decision for a group's unreadable members")
}

func TestAGroupOverTheCapNotifiesNobodyAndTheAuthorDecides(t *testing.T) {
	t.Parallel()
	w := setup(t)
	var members []uuid.UUID
	for range mention.MaxGroupReaders + 1 {
		members = append(members, pgtest.CreatePerson(t, w.pool).ID)
	}
	g := pgtest.CreateGroup(t, w.pool, members...)
	doc := w.page(t, "Draft")
	pgtest.Grant(t, w.pool, doc, "group", g.ID, "read")
	w.edit(t, pgtest.ActingAs(w.owner), doc, fmt.Sprintf("All of [@big](mention:group/%s).", g.Slug))
	require.Zero(t, pgtest.Count(t, w.pool, `SELECT count(*) FROM notifications WHERE type = 'mention'`))
	got := w.notes(t, w.owner.ID)
	require.Len(t, got, 1)
	require.Equal(t, inbox.TypeMentionGroupCapped, got[0].Type)
	require.True(t, got[0].Decision)
	require.Equal(t, 1, w.decisions(t, w.owner))

	res, err := w.mentions.Answer(pgtest.ActingAs(w.owner), got[0].ID, true)
	require.NoError(t, err)
	require.Equal(t, mention.MaxGroupReaders+1, res.Notified)
	require.Equal(t, mention.MaxGroupReaders+1, pgtest.Count(t, w.pool, `SELECT count(*) FROM notifications WHERE type = 'mention'`))
	require.Zero(t, w.decisions(t, w.owner))
}

func TestDeactivationAndJoiningAGroupClearTheDecision(t *testing.T) {
	t.Parallel()
	w := setup(t)
	m := manage.New(w.pool, auth.CheapArgon2, nil)
	gone, joiner := pgtest.CreatePerson(t, w.pool), pgtest.CreatePerson(t, w.pool)
	g := pgtest.CreateGroup(t, w.pool)
	doc := w.page(t, "To "+userMention(gone.ID, "G")+" and "+userMention(joiner.ID, "J"))
	pgtest.Grant(t, w.pool, doc, "group", g.ID, "read")
	require.Equal(t, 2, w.decisions(t, w.owner))

	_, err := m.SetPersonActive(pgtest.ActingAsManagement(), gone.ID, false)
	require.NoError(t, err)
	require.Equal(t, 1, w.decisions(t, w.owner))
	_, err = m.AddMember(pgtest.ActingAsManagement(), g.ID, joiner.ID)
	require.NoError(t, err)
	require.Zero(t, w.decisions(t, w.owner))
	for _, n := range w.notes(t, w.owner.ID) {
		require.Equal(t, inbox.StatusResolved, n.Status)
	}
}

func TestAnAuthorWhoLosesTheRightToShareLosesTheDecision(t *testing.T) {
	t.Parallel()
	w := setup(t)
	writer, stranger := pgtest.CreatePerson(t, w.pool), pgtest.CreatePerson(t, w.pool)
	doc := w.page(t, "Plan")
	w.share(t, doc, writer, access.PermissionWrite)
	w.edit(t, pgtest.ActingAs(writer), doc, "Plan for "+userMention(stranger.ID, "S"))
	require.Equal(t, 1, w.decisions(t, writer))
	require.NoError(t, w.access.RevokeGrant(pgtest.ActingAs(w.owner), doc, pgtest.UserPrincipal(writer.ID)))
	w.drain(t)
	require.Zero(t, w.decisions(t, writer))
	n := w.notes(t, writer.ID)[0]
	require.Equal(t, inbox.StatusResolved, n.Status)
	_, err := w.mentions.Answer(pgtest.ActingAs(writer), n.ID, true)
	pgtest.RequireCode(t, err, fault.Conflict, "notificationId")
	require.False(t, w.canRead(t, stranger, doc))
}

func TestMentionablesOffersNamesOnly(t *testing.T) {
	t.Parallel()
	w := setup(t)
	pgtest.Exec(t, w.pool, `UPDATE users SET name = 'Zelda Quux' WHERE id = $1`, w.owner.ID)
	mine := pgtest.CreateAgent(t, w.pool, w.owner.ID)
	other := pgtest.CreateAgent(t, w.pool)
	pgtest.Exec(t, w.pool, `UPDATE users SET name = 'Quux helper' WHERE id = ANY($1)`, []uuid.UUID{mine.ID, other.ID})
	g := pgtest.CreateGroup(t, w.pool)
	pgtest.Exec(t, w.pool, `UPDATE groups SET name = 'Quux team' WHERE id = $1`, g.ID)
	gone := pgtest.CreatePerson(t, w.pool)
	pgtest.Exec(t, w.pool, `UPDATE users SET name = 'Quux gone', is_active = false WHERE id = $1`, gone.ID)

	got, err := w.mentions.Mentionables(pgtest.ActingAs(w.owner), "quux", nil)
	require.NoError(t, err)
	var hrefs []string
	for _, m := range got {
		hrefs = append(hrefs, m.Kind+" "+m.Name+" "+m.Href())
	}
	require.ElementsMatch(t, []string{
		"user Zelda Quux mention:user/" + w.owner.ID.String(),
		"group Quux team mention:group/" + g.Slug,
		"agent Quux helper mention:agent/" + mine.Slug,
	}, hrefs, "active people, groups, and only the caller's own agents")
	got, err = w.mentions.Mentionables(pgtest.ActingAs(w.owner), "q", nil)
	require.NoError(t, err)
	require.Empty(t, got)
	_, err = w.mentions.Mentionables(pgtest.ActingAsManagement(), "quux", nil)
	pgtest.RequireCode(t, err, fault.Forbidden, "")
}

func TestDeletingTheGroupClearsItsCapDecision(t *testing.T) {
	t.Parallel()
	w := setup(t)
	var members []uuid.UUID
	for range mention.MaxGroupReaders + 1 {
		members = append(members, pgtest.CreatePerson(t, w.pool).ID)
	}
	g := pgtest.CreateGroup(t, w.pool, members...)
	doc := w.page(t, "Draft")
	pgtest.Grant(t, w.pool, doc, "group", g.ID, "read")
	w.edit(t, pgtest.ActingAs(w.owner), doc, fmt.Sprintf("All of [@big](mention:group/%s).", g.Slug))
	require.Equal(t, 1, w.decisions(t, w.owner))
	_, err := manage.New(w.pool, auth.CheapArgon2, nil).DeleteGroup(pgtest.ActingAsManagement(), g.ID)
	require.NoError(t, err)
	w.drain(t)
	require.Zero(t, w.decisions(t, w.owner))
	require.Equal(t, inbox.StatusResolved, w.notes(t, w.owner.ID)[0].Status)
}

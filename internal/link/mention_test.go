package link

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

func TestMentionsFindsUserGroupAndAgentLinks(t *testing.T) {
	t.Parallel()
	ann := uuid.MustParse("0190a000-0000-7000-8000-000000000001")
	body := "Hi [@CEO](mention:user/" + ann.String() + "), see [@Platform](mention:group/Platform) and [@bot][b].\n\n" +
		"Again [@Ann](mention:user/" + ann.String() + ").\n\n[b]: mention:agent/build-bot\n"
	got := Mentions(body)
	require.Len(t, got, 3, "the second mention of Ann is the same mention")
	require.Equal(t, MentionUser, got[0].Kind)
	require.Equal(t, ann, got[0].UserID)
	require.Equal(t, "[@CEO](mention:user/"+ann.String()+")", body[got[0].Start:got[0].End])
	require.Equal(t, Mention{Kind: MentionGroup, Slug: "platform", Start: got[1].Start, End: got[1].End}, got[1])
	require.Equal(t, MentionAgent, got[2].Kind)
	require.Equal(t, "build-bot", got[2].Slug)
	require.Equal(t, "[@bot][b]", body[got[2].Start:got[2].End])
}

func TestMentionsIgnoresCodeHTMLImagesAndMalformedTargets(t *testing.T) {
	t.Parallel()
	id := uuid.New().String()
	body := "`[@A](mention:user/" + id + ")`\n\n    [@B](mention:user/" + id + ")\n\n" +
		"<a href=\"mention:user/" + id + "\">x</a>\n\n![@C](mention:user/" + id + ")\n\n" +
		"[@D](mention:user/not-a-uuid) [@E](mention:team/x) [@F](mention:group/) [@G](mention:group/a%20b)\n"
	require.Empty(t, Mentions(body))
}

func TestTheLinkGraphIgnoresMentions(t *testing.T) {
	t.Parallel()
	body := "[@Ann](mention:user/" + uuid.New().String() + ") [@P](mention:group/platform) [doc](wiki/setup.md)"
	edges := Extract(body)
	require.Len(t, edges, 1)
	require.Equal(t, "wiki/setup.md", edges[0].Href)
	require.False(t, IsInternal("mention:user/"+uuid.New().String()))
}

func FuzzMentions(f *testing.F) {
	f.Add("[@A](mention:user/0190a000-0000-7000-8000-000000000001) [x](mention:group/p)")
	f.Fuzz(func(t *testing.T, body string) {
		for _, m := range Mentions(body) {
			if m.Start < 0 || m.End > len(body) || m.Start >= m.End {
				t.Fatalf("bad range %d..%d", m.Start, m.End)
			}
		}
	})
}

package auth_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/auth"
)

func TestPasswordHashRoundTrip(t *testing.T) {
	t.Parallel()
	h, err := auth.HashPassword(auth.CheapArgon2, "correct horse battery staple")
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(h, "$argon2id$v=19$m=8,t=1,p=1$"))
	ok, err := auth.CheckPassword(h, "correct horse battery staple")
	require.NoError(t, err)
	require.True(t, ok)
	ok, err = auth.CheckPassword(h, "Correct horse battery staple")
	require.NoError(t, err)
	require.False(t, ok)

	again, err := auth.HashPassword(auth.CheapArgon2, "correct horse battery staple")
	require.NoError(t, err)
	require.NotEqual(t, h, again, "every hash has its own salt")

	for _, bad := range []string{"", "plain", "$argon2i$v=19$m=8,t=1,p=1$c2FsdA$a2V5", "$argon2id$v=19$m=x$c2FsdA$a2V5", "$argon2id$v=19$m=8,t=1,p=1$!!$a2V5"} {
		_, err := auth.CheckPassword(bad, "x")
		require.Error(t, err, bad)
	}
}

func TestSecretsAndPrefixes(t *testing.T) {
	t.Parallel()
	a, b := auth.NewSecret(auth.AgentTokenPrefix), auth.NewSecret(auth.AgentTokenPrefix)
	require.NotEqual(t, a, b)
	require.Len(t, a, len(auth.AgentTokenPrefix)+43)
	require.Equal(t, a[:len(auth.AgentTokenPrefix)+6], auth.DisplayPrefix(a))
	require.Len(t, auth.HashSecret(a), 64)
	require.NotEqual(t, auth.HashSecret(a), auth.HashSecret(b))
	// Person and agent prefixes can never be mistaken for the manage prefix.
	require.False(t, strings.HasPrefix(auth.PersonTokenPrefix, auth.ManageTokenPrefix))
	require.False(t, strings.HasPrefix(auth.AgentTokenPrefix, auth.ManageTokenPrefix))
}

func TestLimiterSlidingWindow(t *testing.T) {
	t.Parallel()
	l := auth.NewLimiter(2, time.Hour)
	require.True(t, l.Allow("k"))
	require.True(t, l.Allow("k"))
	require.False(t, l.Allow("k"))
	require.True(t, l.Allow("other"), "keys are counted apart")

	short := auth.NewLimiter(1, 50*time.Millisecond)
	require.True(t, short.Allow("k"))
	require.False(t, short.Allow("k"))
	require.Eventually(t, func() bool { return short.Allow("k") }, time.Second, 10*time.Millisecond, "attempts age out of the window")

	require.True(t, auth.NewLimiter(0, time.Hour).Allow("k"), "a zero limit disables limiting")
}

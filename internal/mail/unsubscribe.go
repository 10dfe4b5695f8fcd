package mail

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/db"
	"codna/internal/fault"
)

// unsubscribeKey names the instance_secrets row that signs unsubscribe
// links.
const unsubscribeKey = "unsubscribe"

// What an unsubscribe link turns off, as its token names it.
var unsubscribeTopics = map[string]string{
	KindDecision: "decisions",
	KindMention:  "mentions",
	KindDigest:   "digest",
}

// UnsubscribeTopic is what an unsubscribe token turns off, in words for
// its confirmation page.
type UnsubscribeTopic struct {
	// Kind is decisions, mentions or digest.
	Kind string
	// Words says it in a sentence's words ("mail about decisions").
	Words string
}

var topicWords = map[string]string{
	"decisions": "the mail telling you at once about decisions waiting for you",
	"mentions":  "the mail telling you at once when you are mentioned",
	"digest":    "the digest of notifications you have not read",
}

var errBadToken = fault.New(fault.NotFound, "This unsubscribe link is not valid.")

// unsubscribeToken is the token of the link that turns kind (a notice
// kind) off for user: `<user id>.<topic>.<HMAC-SHA256 with the instance
// key over both, base64url>`. It does not expire: it only ever turns that
// mail off.
func (s *Service) unsubscribeToken(ctx context.Context, q db.DBTX, user uuid.UUID, kind string) (string, error) {
	key, err := db.Q.InstanceSecretGet(ctx, q, unsubscribeKey)
	if err != nil {
		return "", err
	}
	topic := unsubscribeTopics[kind]
	if topic == "" {
		return "", errors.New("mail: no unsubscribe topic for kind " + kind)
	}
	return user.String() + "." + topic + "." + base64.RawURLEncoding.EncodeToString(unsubscribeMAC(key, user, topic)), nil
}

func unsubscribeMAC(key []byte, user uuid.UUID, topic string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("codna unsubscribe\x00"))
	m.Write(user[:])
	m.Write([]byte("\x00" + topic))
	return m.Sum(nil)
}

// checkToken returns the person and topic of a valid token, errBadToken
// otherwise.
func (s *Service) checkToken(ctx context.Context, q db.DBTX, token string) (uuid.UUID, string, error) {
	parts := strings.Split(token, ".")
	if len(token) > 200 || len(parts) != 3 {
		return uuid.Nil, "", errBadToken
	}
	user, err := uuid.Parse(parts[0])
	if err != nil || topicWords[parts[1]] == "" {
		return uuid.Nil, "", errBadToken
	}
	mac, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil {
		return uuid.Nil, "", errBadToken
	}
	key, err := db.Q.InstanceSecretGet(ctx, q, unsubscribeKey)
	if err != nil {
		return uuid.Nil, "", err
	}
	if !hmac.Equal(mac, unsubscribeMAC(key, user, parts[1])) {
		return uuid.Nil, "", errBadToken
	}
	if _, err := db.Q.UserGetByID(ctx, q, user); errors.Is(err, pgx.ErrNoRows) {
		return uuid.Nil, "", errBadToken
	} else if err != nil {
		return uuid.Nil, "", err
	}
	return user, parts[1], nil
}

// UnsubscribeTopic checks an unsubscribe link's token and says what it
// would turn off, changing nothing (the confirmation page a GET shows).
// It takes no actor: the signed token is the credential.
//
// Errors: NOT_FOUND for a token that is not valid (without saying why).
func (s *Service) UnsubscribeTopic(ctx context.Context, token string) (UnsubscribeTopic, error) {
	_, topic, err := s.checkToken(ctx, s.pool, token)
	if err != nil {
		return UnsubscribeTopic{}, err
	}
	return UnsubscribeTopic{Kind: topic, Words: topicWords[topic]}, nil
}

// Unsubscribe turns off the mail an unsubscribe link's token names for
// its person (RFC 8058 one-click: POST /mail/unsubscribe) and drops their
// queued mails of that kind. Doing it twice is harmless. It takes no
// actor: the signed token is the credential.
//
// Errors: NOT_FOUND for a token that is not valid (without saying why).
func (s *Service) Unsubscribe(ctx context.Context, token string) (UnsubscribeTopic, error) {
	var out UnsubscribeTopic
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		user, topic, err := s.checkToken(ctx, tx, token)
		if err != nil {
			return err
		}
		out = UnsubscribeTopic{Kind: topic, Words: topicWords[topic]}
		_, err = s.setPreferencesInTx(ctx, tx, user, func(p *Preferences) {
			switch topic {
			case "decisions":
				p.Decisions = false
			case "mentions":
				p.Mentions = false
			case "digest":
				p.Digest = DigestOff
			}
		})
		return err
	})
	return out, err
}

package mail

import (
	"context"
	"crypto/tls"
	"errors"

	gomail "github.com/wneessen/go-mail"
)

// send hands one message to the server over a connection of its own,
// within Config.Timeout.
func (s *Service) send(ctx context.Context, out *outgoing) error {
	c, err := s.client()
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	return c.DialAndSendWithContext(ctx, out.msg)
}

// client is a go-mail client for the configured server: STARTTLS
// required, TLS from the first byte, or none (tls=none), and AUTH when the
// URL has a user.
func (s *Service) client() (*gomail.Client, error) {
	tc := &tls.Config{MinVersion: tls.VersionTLS12}
	if s.cfg.TLSConfig != nil {
		tc = s.cfg.TLSConfig.Clone()
	}
	if tc.ServerName == "" {
		tc.ServerName = s.server.Host
	}
	opts := []gomail.Option{gomail.WithPort(s.server.Port), gomail.WithTimeout(s.cfg.Timeout), gomail.WithTLSConfig(tc)}
	switch s.server.TLS {
	case TLSImplicit:
		opts = append(opts, gomail.WithSSL())
	case TLSNone:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	}
	if s.server.Username != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(s.server.Username), gomail.WithPassword(s.server.Password))
	}
	return gomail.NewClient(s.server.Host, opts...)
}

// permanent says whether a send's error is final: a 5xx answer, or a
// message the server can never take (no valid sender or recipient). Any
// other error — a 4xx answer, a connection, TLS, AUTH or timeout error —
// is worth retrying: the server or the network may be back, or the
// operator may fix the settings, before the mail gives up.
func permanent(err error) bool {
	var se *gomail.SendError
	if !errors.As(err, &se) {
		return false
	}
	switch code := se.ErrorCode(); {
	case code >= 500 && code < 600:
		return true
	case code >= 400 && code < 500:
		return false
	}
	return se.Reason == gomail.ErrGetSender || se.Reason == gomail.ErrGetRcpts || se.Reason == gomail.ErrNoUnencoded
}

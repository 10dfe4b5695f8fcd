// Package mailtest runs a real SMTP server in the test process
// (github.com/emersion/go-smtp) on 127.0.0.1, with STARTTLS over a
// certificate made for the test and AUTH PLAIN (refused before STARTTLS).
// It records what it accepts and can be told to refuse the next mails
// with a given code (451, 550).
package mailtest

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"fmt"
	"io"
	"log"
	"math/big"
	"mime"
	"mime/multipart"
	"net"
	netmail "net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Username and Password are what the server accepts for AUTH PLAIN.
const (
	Username = "codna"
	Password = "p@ss word"
)

// Message is one mail the server accepted.
type Message struct {
	From string   // MAIL FROM
	To   []string // RCPT TO
	Data []byte   // the message as received
	TLS  bool     // the connection was under TLS (STARTTLS) when it came
}

// Server is a running SMTP server; Start makes one.
type Server struct {
	// Addr is host:port on 127.0.0.1.
	Addr string

	roots *x509.CertPool
	srv   *smtp.Server

	mu       sync.Mutex
	messages []Message
	refused  []Message
	fail     []int // codes for the next mails' DATA, first first
	changed  chan struct{}
}

// Start starts a server for t, closed when t ends.
func Start(t testing.TB) *Server { return start(t, false) }

// StartRelay starts a server for t that takes mail without AUTH (like a
// relay on the same host, reached with ?tls=none), closed when t ends.
func StartRelay(t testing.TB) *Server { return start(t, true) }

func start(t testing.TB, relay bool) *Server {
	t.Helper()
	s, err := Listen(relay)
	if err != nil {
		t.Fatalf("mailtest: %v", err)
	}
	t.Cleanup(s.Close)
	return s
}

// Listen starts a server outside a test (cmd/testpeers): on 127.0.0.1, a
// free port; relay takes mail without AUTH. Close stops it.
func Listen(relay bool) (*Server, error) {
	cert, roots, err := selfSigned()
	if err != nil {
		return nil, fmt.Errorf("certificate: %w", err)
	}
	s := &Server{roots: roots, changed: make(chan struct{})}
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) { return &session{s: s, conn: c, authed: relay}, nil }))
	srv.Domain = "localhost"
	srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	srv.MaxMessageBytes = 1 << 20
	srv.ErrorLog = log.New(io.Discard, "", 0)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("listen: %w", err)
	}
	s.Addr, s.srv = l.Addr().String(), srv
	go func() { _ = srv.Serve(l) }()
	return s, nil
}

// Close stops the server.
func (s *Server) Close() { _ = s.srv.Close() }

// URL is the server as CODNA_SMTP_URL: smtp:// with the user and
// password, STARTTLS required.
func (s *Server) URL() string {
	return fmt.Sprintf("smtp://%s:%s@%s", Username, strings.ReplaceAll(Password, " ", "%20"), s.Addr)
}

// TLSConfig trusts the server's certificate (it names 127.0.0.1).
func (s *Server) TLSConfig() *tls.Config {
	return &tls.Config{RootCAs: s.roots, MinVersion: tls.VersionTLS12}
}

// FailNext makes the server answer code (4xx or 5xx) to the next n mails'
// DATA instead of accepting them.
func (s *Server) FailNext(n, code int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for range n {
		s.fail = append(s.fail, code)
	}
}

// Messages are the mails accepted so far, in order.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.messages...)
}

// Refused are the mails refused as FailNext said, in order.
func (s *Server) Refused() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.refused...)
}

// Wait waits up to timeout until n mails were accepted and returns them
// all; it fails t when they do not come.
func (s *Server) Wait(t testing.TB, n int, timeout time.Duration) []Message {
	t.Helper()
	deadline := time.After(timeout)
	for {
		s.mu.Lock()
		got, ch := len(s.messages), s.changed
		s.mu.Unlock()
		if got >= n {
			return s.Messages()
		}
		select {
		case <-ch:
		case <-deadline:
			t.Fatalf("mailtest: %d mails accepted after %s, want %d", got, timeout, n)
		}
	}
}

func (s *Server) record(m Message) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.fail) > 0 {
		code := s.fail[0]
		s.fail = s.fail[1:]
		s.refused = append(s.refused, m)
		return &smtp.SMTPError{Code: code, EnhancedCode: smtp.EnhancedCode{code / 100, 0, 0}, Message: "mailtest: refused as told"}
	}
	s.messages = append(s.messages, m)
	close(s.changed)
	s.changed = make(chan struct{})
	return nil
}

// session is one SMTP connection's state.
type session struct {
	s      *Server
	conn   *smtp.Conn
	authed bool
	from   string
	to     []string
}

func (*session) AuthMechanisms() []string { return []string{sasl.Plain} }

func (c *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, username, password string) error {
		if username != Username || password != Password {
			return &smtp.SMTPError{Code: 535, EnhancedCode: smtp.EnhancedCode{5, 7, 8}, Message: "bad credentials"}
		}
		c.authed = true
		return nil
	}), nil
}

func (c *session) Mail(from string, _ *smtp.MailOptions) error {
	if !c.authed {
		return smtp.ErrAuthRequired
	}
	c.from = from
	return nil
}

func (c *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if !c.authed {
		return smtp.ErrAuthRequired
	}
	c.to = append(c.to, to)
	return nil
}

func (c *session) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	_, tls := c.conn.TLSConnectionState()
	return c.s.record(Message{From: c.from, To: c.to, Data: b, TLS: tls})
}

func (c *session) Reset()        { c.from, c.to = "", nil }
func (c *session) Logout() error { return nil }

// Parsed is a received mail's headers and its text and HTML parts,
// decoded.
type Parsed struct {
	Header netmail.Header
	Text   string
	HTML   string
}

// Parse reads a multipart/alternative mail as the sender composes it.
func Parse(data []byte) (Parsed, error) {
	m, err := netmail.ReadMessage(bytes.NewReader(data))
	if err != nil {
		return Parsed{}, err
	}
	p := Parsed{Header: m.Header}
	mt, params, err := mime.ParseMediaType(m.Header.Get("Content-Type"))
	if err != nil {
		return p, err
	}
	if !strings.HasPrefix(mt, "multipart/") {
		return p, fmt.Errorf("content type %s, want multipart", mt)
	}
	mr := multipart.NewReader(m.Body, params["boundary"])
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return p, nil
		} else if err != nil {
			return p, err
		}
		b, err := io.ReadAll(part) // NextPart decodes quoted-printable itself
		if err != nil {
			return p, err
		}
		ct, _, _ := mime.ParseMediaType(part.Header.Get("Content-Type"))
		switch ct {
		case "text/plain":
			p.Text = string(b)
		case "text/html":
			p.HTML = string(b)
		}
	}
}

// selfSigned makes a certificate for 127.0.0.1 and localhost and a pool
// trusting it.
func selfSigned() (tls.Certificate, *x509.CertPool, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(time.Now().UnixNano()),
		Subject:               pkix.Name{CommonName: "mailtest"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
		IPAddresses:           []net.IP{net.ParseIP("127.0.0.1")},
		DNSNames:              []string{"localhost"},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	roots := x509.NewCertPool()
	roots.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, roots, nil
}

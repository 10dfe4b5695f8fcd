// Command testpeers is for tests only, never for a deployment: it starts,
// on 127.0.0.1 and free ports, the peers the browser tests (frontend/e2e)
// need around `codna serve` — an OpenID provider with a login page
// (internal/sso/ssotest) and an SMTP server (internal/mail/mailtest,
// taking mail without AUTH or TLS, as a relay on the same host would) —
// and prints their addresses as one JSON line on stdout:
//
//	{"issuer":"http://127.0.0.1:…","clientId":"codna","clientSecret":"…",
//	 "smtpUrl":"smtp://127.0.0.1:…?tls=none","control":"http://127.0.0.1:…"}
//
// The control address serves, as JSON: GET /mail, the mail received so
// far (from, to, subject, text, html), so that a test reads a link from
// the mail it was sent, never from a log; POST /users, a user to add to
// the provider (ssotest.User's fields). It runs until stdin closes or it
// is signalled.
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"codna/internal/mail/mailtest"
	"codna/internal/sso/ssotest"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("testpeers: ")
	provider, err := ssotest.Start(ssotest.Options{})
	if err != nil {
		log.Fatal(err)
	}
	defer provider.Close()
	smtp, err := mailtest.Listen(true)
	if err != nil {
		log.Fatal(err)
	}
	defer smtp.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	srv := &http.Server{Handler: control(provider, smtp), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()

	line, _ := json.Marshal(map[string]string{
		"issuer": provider.Issuer, "clientId": provider.ClientID, "clientSecret": provider.ClientSecret,
		"smtpUrl": "smtp://" + smtp.Addr + "?tls=none", "control": "http://" + ln.Addr().String(),
	})
	fmt.Println(string(line))

	done := make(chan struct{})
	go func() { _, _ = io.Copy(io.Discard, os.Stdin); close(done) }()
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	select {
	case <-done:
	case <-sig:
	}
}

// mail is one received mail as GET /mail shows it.
type mail struct {
	From    string   `json:"from"`
	To      []string `json:"to"`
	Subject string   `json:"subject"`
	Text    string   `json:"text"`
	HTML    string   `json:"html"`
}

func control(provider *ssotest.Provider, smtp *mailtest.Server) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /mail", func(w http.ResponseWriter, _ *http.Request) {
		out := []mail{}
		for _, m := range smtp.Messages() {
			p, err := mailtest.Parse(m.Data)
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			out = append(out, mail{From: m.From, To: m.To, Subject: p.Header.Get("Subject"), Text: p.Text, HTML: p.HTML})
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(out)
	})
	mux.HandleFunc("POST /users", func(w http.ResponseWriter, r *http.Request) {
		var u ssotest.User
		if err := json.NewDecoder(io.LimitReader(r.Body, 1<<16)).Decode(&u); err != nil || u.Subject == "" || u.Username == "" {
			http.Error(w, "send a JSON ssotest.User with Subject and Username", http.StatusBadRequest)
			return
		}
		provider.SetUser(u)
		w.WriteHeader(http.StatusNoContent)
	})
	return mux
}

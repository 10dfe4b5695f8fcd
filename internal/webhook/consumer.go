package webhook

import (
	"context"
	"encoding/json"
	"slices"
	"strings"

	"github.com/google/uuid"

	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/outbox"
)

// ConsumerName is the webhook consumer's name in events.handled_by.
const ConsumerName = "webhook-enqueuer"

// Consumer is the outbox consumer that turns events into deliveries: for
// each published event, one delivery per matching active subscription of
// a person who can read its page now (or, for the ids-only events, could
// just before), and per matching instance-wide subscription of management
// (metadata only, whoever can read the page), its body built once and
// stored, its seq the subscription's next_seq taken under FOR UPDATE. A
// batch of events costs a constant number of statements, whatever its size
// and fan-out (docs/design.md, "Webhooks").
type Consumer struct{ s *Service }

// Consumer returns the service's outbox consumer.
func (s *Service) Consumer() *Consumer { return &Consumer{s: s} }

// planned is one delivery to queue.
type planned struct {
	sub   uuid.UUID
	event outbox.Stored
	typ   string
	doc   *uuid.UUID // re-checked readable at send time
	body  []byte
}

// HandleBatch (an outbox.BatchConsumer) queues the deliveries of a batch of
// events in one transaction, in event order, and wakes this process's
// sender. An event redelivered by the outbox queues nothing twice (one
// delivery per event and subscription).
func (c *Consumer) HandleBatch(ctx context.Context, events []outbox.Stored) error {
	// One statement first: the types some active subscription takes. Most
	// events (on most instances, every event) match none, and then cost no
	// transaction and no statement of their own.
	types, err := db.Q.WebhookSubscriptionListActiveTypes(ctx, c.s.pool)
	if err != nil {
		return err
	}
	taken := func(e outbox.Stored) bool {
		pub, ok := PublicName(e.Type)
		return ok && (slices.Contains(types, "*") || slices.Contains(types, pub))
	}
	events = slices.DeleteFunc(slices.Clone(events), func(e outbox.Stored) bool { return !taken(e) })
	if len(events) == 0 {
		return nil
	}
	var queued int
	err = db.InTx(ctx, c.s.pool, func(tx db.DBTX) error {
		plan, err := c.plan(ctx, tx, events)
		if err != nil || len(plan) == 0 {
			return err
		}
		n, err := c.s.enqueueInTx(ctx, tx, plan)
		queued = n
		return err
	})
	if err == nil && queued > 0 {
		c.s.poke()
	}
	return err
}

// revokedPayload is what access events carry about their principal.
type accessPayload struct {
	PrincipalType string    `json:"principalType"`
	PrincipalID   uuid.UUID `json:"principalId"`
	Permission    string    `json:"permission"`
}

type linkPayload struct {
	From     string     `json:"from"`
	To       string     `json:"to"`
	TargetID *uuid.UUID `json:"targetId"`
}

type purgePayload struct {
	Address string    `json:"address"`
	OwnerID uuid.UUID `json:"ownerId"`
}

// orNil is *id, or uuid.Nil without one: "none" in the uuid arrays of the
// batch statements (an array of uuid.UUID holds no NULL).
func orNil(id *uuid.UUID) uuid.UUID {
	if id == nil {
		return uuid.Nil
	}
	return *id
}

// batchEvent is what plan reads of one event once: its public name and the
// payload fields its bodies need.
type batchEvent struct {
	e     outbox.Stored
	pub   string
	acc   accessPayload
	lp    linkPayload
	space string // a purge's, from its payload's address
	// summary is a document.updated's change summary (docs/api.md,
	// "Webhooks"), for readers only.
	summary string
}

// plan decides the deliveries of a batch of events from the current state,
// in a constant number of statements whatever the batch's size and fan-out:
// one match of every event on a document against people's subscriptions
// (with each subscriber's read access), one against management's, and, when
// the batch holds purges, one for them (docs/design.md, "Webhooks"). The
// deliveries come out in event order; each event's bodies are built here,
// once per (event, subscription).
func (c *Consumer) plan(ctx context.Context, tx db.DBTX, events []outbox.Stored) ([]planned, error) {
	per := make([][]planned, len(events))
	ts := make([]batchEvent, len(events))
	var onDoc db.WebhookSubscriptionMatchEventsParams
	var purges db.WebhookSubscriptionMatchPurgesParams
	for i, e := range events {
		pub, ok := PublicName(e.Type)
		if !ok {
			continue
		}
		t := batchEvent{e: e, pub: pub}
		if e.Type == "document.purged" {
			var pp purgePayload
			if err := json.Unmarshal(e.Payload, &pp); err != nil || e.SubjectID == nil || pp.OwnerID == uuid.Nil {
				continue
			}
			space, rest, ok := strings.Cut(pp.Address, ":")
			if !ok {
				continue
			}
			path := ""
			if j := strings.LastIndex(rest, "/"); j >= 0 {
				path = rest[:j]
			}
			t.space = space
			ts[i] = t
			purges.Ords = append(purges.Ords, int32(i))
			purges.OwnerIds = append(purges.OwnerIds, pp.OwnerID)
			purges.EventTypes = append(purges.EventTypes, pub)
			purges.Spaces = append(purges.Spaces, space)
			purges.Paths = append(purges.Paths, path)
			continue
		}
		if e.DocumentID == nil {
			continue
		}
		if strings.HasPrefix(e.Type, "access.") {
			_ = json.Unmarshal(e.Payload, &t.acc) // a payload without them names no principal
		}
		if pub == "link.state_changed" {
			_ = json.Unmarshal(e.Payload, &t.lp)
		}
		if pub == "document.updated" {
			var up struct {
				ChangeSummary string `json:"changeSummary"`
			}
			_ = json.Unmarshal(e.Payload, &up) // none: no summary
			t.summary = up.ChangeSummary
		}
		ts[i] = t
		onDoc.Ords = append(onDoc.Ords, int32(i))
		onDoc.DocumentIds = append(onDoc.DocumentIds, *e.DocumentID)
		onDoc.RevisionIds = append(onDoc.RevisionIds, orNil(e.RevisionID))
		onDoc.TargetIds = append(onDoc.TargetIds, orNil(t.lp.TargetID))
		onDoc.EventTypes = append(onDoc.EventTypes, pub)
		onDoc.PrincipalTypes = append(onDoc.PrincipalTypes, t.acc.PrincipalType)
		onDoc.PrincipalIds = append(onDoc.PrincipalIds, t.acc.PrincipalID)
	}
	if len(onDoc.Ords) > 0 {
		rows, err := db.Q.WebhookSubscriptionMatchEvents(ctx, tx, onDoc)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			if p, ok := personDelivery(ts[r.Ord], r); ok {
				per[r.Ord] = append(per[r.Ord], p)
			}
		}
		inst, err := db.Q.WebhookSubscriptionMatchEventsInstance(ctx, tx, db.WebhookSubscriptionMatchEventsInstanceParams{
			Ords: onDoc.Ords, DocumentIds: onDoc.DocumentIds, RevisionIds: onDoc.RevisionIds, EventTypes: onDoc.EventTypes,
		})
		if err != nil {
			return nil, err
		}
		// Management's instance-wide subscriptions: whoever can read the
		// page, each with the same metadata-only body (metaBody), built
		// once per event; the sender checks no readability for them (doc
		// stays nil).
		var body []byte
		for k, r := range inst {
			t := ts[r.Ord]
			if k == 0 || inst[k-1].Ord != r.Ord {
				body = metaBody(t.e, t.pub, *t.e.DocumentID, string(r.Space), r.Version, t.acc)
			}
			per[r.Ord] = append(per[r.Ord], planned{sub: r.ID, event: t.e, typ: t.pub, body: body})
		}
	}
	if len(purges.Ords) > 0 {
		rows, err := db.Q.WebhookSubscriptionMatchPurges(ctx, tx, purges)
		if err != nil {
			return nil, err
		}
		// The page is gone, and only its owner could read it just before (a
		// trashed page is its owner's alone): the owner's subscriptions get
		// its id; management's its id and space, when the space is one.
		for _, r := range rows {
			t := ts[r.Ord]
			d := &docData{ID: *t.e.SubjectID}
			if r.Instance {
				switch document.Space(t.space) {
				case document.SpaceRaw, document.SpaceWiki, document.SpaceOutput:
				default:
					continue // an address we cannot read: no space to filter on
				}
				d.Space = t.space
			}
			body := message{Type: t.pub, ID: t.e.ID, Timestamp: t.e.CreatedAt.UTC(), Data: data{Document: d}}.encode()
			per[r.Ord] = append(per[r.Ord], planned{sub: r.ID, event: t.e, typ: t.pub, body: body})
		}
	}
	var out []planned
	for _, p := range per {
		out = append(out, p...)
	}
	return out, nil
}

// personDelivery builds the delivery of one event to one person's
// subscription the match returned, and says whether there is one: the
// subscriber must be able to read the page now (or, for the ids-only
// events, could just before).
func personDelivery(t batchEvent, r db.WebhookSubscriptionMatchEventsRow) (planned, bool) {
	e, pub, acc := t.e, t.pub, t.acc
	m := message{Type: pub, ID: e.ID, Timestamp: e.CreatedAt.UTC()}
	p := planned{sub: r.ID, event: e, typ: pub}
	// The owner of the page and whoever made the change may learn whom an
	// access event names; nobody else.
	named := r.LevelNow == 3 || (e.ActorID != nil && *e.ActorID == r.OwnerID)
	switch pub {
	case "document.trashed":
		if r.LevelUntrashed == 0 {
			return planned{}, false
		}
		m.Data.Document = &docData{ID: *e.DocumentID}
	case "access.revoked":
		if r.LevelNow == 0 && !r.RevokedReached {
			return planned{}, false
		}
		m.Data.Document = &docData{ID: *e.DocumentID}
		m.Data.Access = &accessData{}
		if named {
			m.Data.Access.Permission = acc.Permission
			m.Data.Access.Principal = &principal{Type: acc.PrincipalType, ID: acc.PrincipalID}
		}
	default:
		if r.LevelNow == 0 {
			return planned{}, false
		}
		p.doc = e.DocumentID
		m.Data.Document = &docData{
			ID: *e.DocumentID, Version: r.Version, Title: r.Title,
			Address: document.FormatAddress(document.Space(r.Space), r.Path, r.Slug), ChangeSummary: t.summary,
		}
		switch pub {
		case "access.granted":
			m.Data.Access = &accessData{Permission: acc.Permission}
			if named {
				m.Data.Access.Principal = &principal{Type: acc.PrincipalType, ID: acc.PrincipalID}
			}
		case "link.state_changed":
			l := &linkData{ID: e.SubjectID, From: t.lp.From, To: t.lp.To}
			if t.lp.TargetID != nil && r.TargetLevel > 0 {
				l.TargetID = t.lp.TargetID
			}
			m.Data.Link = l
		case "comment.created", "thread.resolved":
			m.Data.Thread = threadOf(e.Payload)
		}
	}
	p.body = m.encode()
	return p, true
}

// metaBody is the body management's subscriptions get (docs/api.md,
// "Management's webhooks"): the event's type, id and time, and the page's
// id, space and version; an access event's permission and principal (a
// kind and an id); a link's id, states and target id. Never a title,
// path, slug, text or anyone's name: management sees metadata only.
func metaBody(e outbox.Stored, pub string, doc uuid.UUID, space string, version int32, acc accessPayload) []byte {
	m := message{Type: pub, ID: e.ID, Timestamp: e.CreatedAt.UTC()}
	m.Data.Document = &docData{ID: doc, Space: space, Version: version}
	switch pub {
	case "access.granted", "access.revoked":
		m.Data.Access = &accessData{Permission: acc.Permission}
		if acc.PrincipalType != "" {
			m.Data.Access.Principal = &principal{Type: acc.PrincipalType, ID: acc.PrincipalID}
		}
	case "link.state_changed":
		var lp linkPayload
		_ = json.Unmarshal(e.Payload, &lp)
		m.Data.Link = &linkData{ID: e.SubjectID, From: lp.From, To: lp.To, TargetID: lp.TargetID}
	case "comment.created", "thread.resolved":
		m.Data.Thread = threadOf(e.Payload)
	}
	return m.encode()
}

// enqueueInTx writes the planned deliveries in two statements: it locks
// their subscriptions (id order) first, so two consumers' transactions wait
// for each other instead of deadlocking, and then inserts them all, each
// with its subscription's next seq in plan order, advancing next_seq
// (WebhookDeliveryCreateMany). A subscription that already holds MaxPending
// pending deliveries gets the delivery dead ("backlog full"); one that
// already holds the event gets nothing; one deleted meanwhile, nothing. It
// trusts its caller's plan and returns how many are pending.
func (s *Service) enqueueInTx(ctx context.Context, tx db.DBTX, plan []planned) (int, error) {
	var ids []uuid.UUID
	for _, p := range plan {
		if !slices.Contains(ids, p.sub) {
			ids = append(ids, p.sub)
		}
	}
	if _, err := db.Q.WebhookSubscriptionLockSeq(ctx, tx, ids); err != nil {
		return 0, err
	}
	arg := db.WebhookDeliveryCreateManyParams{Cap: MaxPending, FullReason: "backlog full"}
	for i, p := range plan {
		arg.Ords = append(arg.Ords, int32(i))
		arg.Ids = append(arg.Ids, uuid.Must(uuid.NewV7()))
		arg.SubscriptionIds = append(arg.SubscriptionIds, p.sub)
		arg.EventIds = append(arg.EventIds, p.event.ID)
		arg.EventTypes = append(arg.EventTypes, p.typ)
		arg.DocumentIds = append(arg.DocumentIds, orNil(p.doc))
		arg.Bodies = append(arg.Bodies, p.body)
		arg.ExpiresAt = append(arg.ExpiresAt, p.event.CreatedAt.Add(s.cfg.MaxAge))
		arg.EventAt = append(arg.EventAt, p.event.CreatedAt)
	}
	n, err := db.Q.WebhookDeliveryCreateMany(ctx, tx, arg)
	return int(n), err
}

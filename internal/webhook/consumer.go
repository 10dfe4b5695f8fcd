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
// (metadata only, whoever can read the page), its body built once and stored, its seq the
// subscription's next_seq taken under FOR UPDATE (docs/design.md,
// "Webhooks").
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
		var plan []planned
		for _, e := range events {
			p, err := c.plan(ctx, tx, e)
			if err != nil {
				return err
			}
			plan = append(plan, p...)
		}
		if len(plan) == 0 {
			return nil
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

// plan decides the deliveries of one event from the current state.
func (c *Consumer) plan(ctx context.Context, tx db.DBTX, e outbox.Stored) ([]planned, error) {
	pub, ok := PublicName(e.Type)
	if !ok {
		return nil, nil
	}
	ts := e.CreatedAt.UTC()
	if e.Type == "document.purged" {
		return c.planPurge(ctx, tx, e, pub)
	}
	if e.DocumentID == nil {
		return nil, nil
	}
	var acc accessPayload
	if strings.HasPrefix(e.Type, "access.") {
		_ = json.Unmarshal(e.Payload, &acc) // a payload without them names no principal
	}
	rows, err := db.Q.WebhookSubscriptionMatch(ctx, tx, db.WebhookSubscriptionMatchParams{
		RevisionID: e.RevisionID, PrincipalType: acc.PrincipalType, PrincipalID: acc.PrincipalID, EventType: pub, DocumentID: *e.DocumentID,
	})
	if err != nil {
		return nil, err
	}
	var out []planned
	for _, r := range rows {
		m := message{Type: pub, ID: e.ID, Timestamp: ts}
		p := planned{sub: r.ID, event: e, typ: pub}
		// The owner of the page and whoever made the change may learn
		// whom an access event names; nobody else.
		named := r.LevelNow == 3 || (e.ActorID != nil && *e.ActorID == r.OwnerID)
		switch pub {
		case "document.trashed":
			if r.LevelUntrashed == 0 {
				continue
			}
			m.Data.Document = &docData{ID: *e.DocumentID}
		case "access.revoked":
			if r.LevelNow == 0 && !r.RevokedReached {
				continue
			}
			m.Data.Document = &docData{ID: *e.DocumentID}
			m.Data.Access = &accessData{}
			if named {
				m.Data.Access.Permission = acc.Permission
				m.Data.Access.Principal = &principal{Type: acc.PrincipalType, ID: acc.PrincipalID}
			}
		default:
			if r.LevelNow == 0 {
				continue
			}
			p.doc = e.DocumentID
			m.Data.Document = &docData{
				ID: *e.DocumentID, Version: r.Version, Title: r.Title,
				Address: document.FormatAddress(document.Space(r.Space), r.Path, r.Slug),
			}
			switch pub {
			case "access.granted":
				m.Data.Access = &accessData{Permission: acc.Permission}
				if named {
					m.Data.Access.Principal = &principal{Type: acc.PrincipalType, ID: acc.PrincipalID}
				}
			case "link.state_changed":
				var lp linkPayload
				_ = json.Unmarshal(e.Payload, &lp)
				l := &linkData{ID: e.SubjectID, From: lp.From, To: lp.To}
				if lp.TargetID != nil {
					lv, err := db.Q.DocumentListAccessLevels(ctx, tx, db.DocumentListAccessLevelsParams{Ids: []uuid.UUID{*lp.TargetID}, ActorID: r.OwnerID, ActorIsPerson: true})
					if err != nil {
						return nil, err
					}
					if len(lv) == 1 && lv[0].Level > 0 {
						l.TargetID = lp.TargetID
					}
				}
				m.Data.Link = l
			}
		}
		p.body = m.encode()
		out = append(out, p)
	}
	inst, err := c.planInstance(ctx, tx, e, pub, acc)
	if err != nil {
		return nil, err
	}
	return append(out, inst...), nil
}

// planInstance plans an event for management's instance-wide
// subscriptions: every one whose filter holds the page, readable or not,
// each with the same metadata-only body (metaBody). The sender checks no
// readability for them (doc stays nil).
func (c *Consumer) planInstance(ctx context.Context, tx db.DBTX, e outbox.Stored, pub string, acc accessPayload) ([]planned, error) {
	rows, err := db.Q.WebhookSubscriptionMatchInstance(ctx, tx, db.WebhookSubscriptionMatchInstanceParams{
		RevisionID: e.RevisionID, EventType: pub, DocumentID: *e.DocumentID,
	})
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	body := metaBody(e, pub, *e.DocumentID, string(rows[0].Space), rows[0].Version, acc)
	out := make([]planned, len(rows))
	for i, r := range rows {
		out[i] = planned{sub: r.ID, event: e, typ: pub, body: body}
	}
	return out, nil
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
	}
	return m.encode()
}

// planPurge plans a purge: the page is gone, and only its owner could read
// it just before (a trashed page is its owner's alone), so only the
// owner's matching subscriptions get its id.
func (c *Consumer) planPurge(ctx context.Context, tx db.DBTX, e outbox.Stored, pub string) ([]planned, error) {
	var pp purgePayload
	if err := json.Unmarshal(e.Payload, &pp); err != nil || e.SubjectID == nil || pp.OwnerID == uuid.Nil {
		return nil, nil
	}
	space, rest, ok := strings.Cut(pp.Address, ":")
	if !ok {
		return nil, nil
	}
	path := ""
	if i := strings.LastIndex(rest, "/"); i >= 0 {
		path = rest[:i]
	}
	rows, err := db.Q.WebhookSubscriptionMatchOwner(ctx, tx, db.WebhookSubscriptionMatchOwnerParams{
		OwnerID: pp.OwnerID, EventType: pub, Space: db.Space(space), Path: path,
	})
	if err != nil {
		return nil, err
	}
	body := message{Type: pub, ID: e.ID, Timestamp: e.CreatedAt.UTC(), Data: data{Document: &docData{ID: *e.SubjectID}}}.encode()
	out := make([]planned, len(rows))
	for i, r := range rows {
		out[i] = planned{sub: r.ID, event: e, typ: pub, body: body}
	}
	// Management's instance-wide subscriptions: the id and its space.
	switch document.Space(space) {
	case document.SpaceRaw, document.SpaceWiki, document.SpaceOutput:
	default:
		return out, nil // an address we cannot read: no space to filter on
	}
	inst, err := db.Q.WebhookSubscriptionMatchInstanceSpace(ctx, tx, db.WebhookSubscriptionMatchInstanceSpaceParams{EventType: pub, Space: db.Space(space)})
	if err != nil {
		return nil, err
	}
	if len(inst) > 0 {
		meta := message{Type: pub, ID: e.ID, Timestamp: e.CreatedAt.UTC(), Data: data{Document: &docData{ID: *e.SubjectID, Space: space}}}.encode()
		for _, id := range inst {
			out = append(out, planned{sub: id, event: e, typ: pub, body: meta})
		}
	}
	return out, nil
}

// enqueueInTx writes the planned deliveries, in their order, each with its
// subscription's next seq; it locks the subscriptions (id order) first, so
// two consumers' transactions wait for each other instead of deadlocking.
// A subscription that already holds MaxPending pending deliveries gets the
// delivery dead ("backlog full"); one that already holds the event gets
// nothing. It trusts its caller's plan and returns how many are pending.
func (s *Service) enqueueInTx(ctx context.Context, tx db.DBTX, plan []planned) (int, error) {
	var ids []uuid.UUID
	for _, p := range plan {
		if !slices.Contains(ids, p.sub) {
			ids = append(ids, p.sub)
		}
	}
	locked, err := db.Q.WebhookSubscriptionLockSeq(ctx, tx, ids)
	if err != nil {
		return 0, err
	}
	next := make(map[uuid.UUID]int64, len(locked))
	for _, l := range locked {
		next[l.ID] = l.NextSeq
	}
	pending := map[uuid.UUID]int{}
	queued := 0
	for i := 0; i < len(plan); {
		// The planned deliveries of one event are consecutive.
		j := i
		var subs []uuid.UUID
		for ; j < len(plan) && plan[j].event.ID == plan[i].event.ID; j++ {
			subs = append(subs, plan[j].sub)
		}
		state, err := db.Q.WebhookDeliveryQueued(ctx, tx, db.WebhookDeliveryQueuedParams{EventID: plan[i].event.ID, Cap: MaxPending, Ids: subs})
		if err != nil {
			return 0, err
		}
		has := map[uuid.UUID]bool{}
		for _, st := range state {
			has[st.ID] = st.HasEvent
			if _, ok := pending[st.ID]; !ok {
				pending[st.ID] = int(st.Pending)
			}
		}
		for _, p := range plan[i:j] {
			seq, ok := next[p.sub]
			if !ok || has[p.sub] {
				continue // deleted meanwhile, or queued by an earlier delivery of the event
			}
			status, why := DeliveryPending, ""
			if pending[p.sub] >= MaxPending {
				status, why = DeliveryDead, "backlog full"
			}
			eid := p.event.ID
			if _, err := db.Q.WebhookDeliveryCreate(ctx, tx, db.WebhookDeliveryCreateParams{
				ID: uuid.Must(uuid.NewV7()), SubscriptionID: p.sub, Seq: seq, EventID: &eid, EventType: p.typ, DocumentID: p.doc,
				Body: p.body, Status: string(status), LastError: why, ExpiresAt: p.event.CreatedAt.Add(s.cfg.MaxAge), EventAt: p.event.CreatedAt,
			}); err != nil {
				return 0, err
			}
			next[p.sub] = seq + 1
			if status == DeliveryPending {
				pending[p.sub]++
				queued++
			}
		}
		i = j
	}
	for _, l := range locked {
		if next[l.ID] != l.NextSeq {
			if err := db.Q.WebhookSubscriptionSetSeq(ctx, tx, db.WebhookSubscriptionSetSeqParams{ID: l.ID, NextSeq: next[l.ID]}); err != nil {
				return 0, err
			}
		}
	}
	return queued, nil
}

-- name: UserCreate :one
-- UserCreate inserts a person, agent or management user.
INSERT INTO users (id, email, name, kind, password_hash)
VALUES ($1, $2, $3, $4, $5)
RETURNING *;

-- name: UserGetByID :one
-- UserGetByID reads one user by id.
SELECT * FROM users WHERE id = $1;

-- name: UserGetPersonByEmail :one
-- UserGetPersonByEmail finds a person (never an agent or management) by email, case-insensitively.
SELECT * FROM users WHERE lower(email) = lower(@email::text) AND kind = 'person';

-- name: UserListPeople :many
-- UserListPeople pages through people and agents in id order, for management.
SELECT * FROM users
WHERE kind <> 'management' AND (sqlc.narg('after')::uuid IS NULL OR id > sqlc.narg('after')::uuid)
ORDER BY id
LIMIT @row_limit;

-- name: UserSetActive :one
-- UserSetActive activates or deactivates a person.
UPDATE users SET is_active = @is_active, updated_at = now()
WHERE id = @id AND kind = 'person'
RETURNING *;

-- name: UserSetPassword :exec
-- UserSetPassword replaces a person's password hash.
UPDATE users SET password_hash = @password_hash, updated_at = now() WHERE id = @id AND kind = 'person';

-- name: UserCountPeople :one
-- UserCountPeople counts people, for deciding whether to seed a demo.
SELECT count(*) FROM users WHERE kind = 'person';

-- name: UserGetMany :many
-- UserGetMany reads a batch of users by id.
SELECT * FROM users WHERE id = ANY(@ids::uuid[]);

-- name: UserCredentialEnded :exec
-- UserCredentialEnded tells every replica, once committed, that a session or token of the user ended.
SELECT pg_notify('codna_credential', sqlc.arg(user_id)::uuid::text);

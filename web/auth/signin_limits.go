package auth

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/migrations/postgres"
)

// DelayPolicy is how long failed sign-ins make the next attempt wait:
// nothing for the first Free failures, then First, doubling with each
// further failure up to Max. A key with no failure for Forget starts over.
//
// Delays, not a lock: the wait is finite and falls only on the key that
// failed, so a guesser slows themselves down and nobody else.
type DelayPolicy struct {
	Free       int
	First, Max time.Duration
	Forget     time.Duration
}

// Delay is the wait after failures failed attempts.
func (p DelayPolicy) Delay(failures int) time.Duration {
	if failures < p.Free {
		return 0
	}
	d := float64(p.First) * math.Pow(2, float64(min(failures-p.Free, 40)))
	return time.Duration(min(d, float64(p.Max)))
}

// SignInPolicies are the limits sign-in applies. An account guessed at
// from one address is slowed after a few failures: its owner mistyping
// rarely makes five in a row. One address failing on any accounts
// (spraying one password across many) is allowed more, since a school or
// office behind one address has many people who mistype.
type SignInPolicies struct {
	AccountAddress DelayPolicy
	Address        DelayPolicy
}

// DefaultSignInPolicies are what `practicum serve` uses.
var DefaultSignInPolicies = SignInPolicies{
	AccountAddress: DelayPolicy{Free: 5, First: 30 * time.Second, Max: 15 * time.Minute, Forget: 24 * time.Hour},
	Address:        DelayPolicy{Free: 20, First: 30 * time.Second, Max: 15 * time.Minute, Forget: 24 * time.Hour},
}

// SignInLimits counts failed sign-ins in Postgres (table
// sign_in_failures), so every server process sees the same counts.
type SignInLimits struct {
	store    *Store
	policies SignInPolicies
	// sweptAt is when (Unix s) this process last deleted forgotten rows.
	sweptAt atomic.Int64
}

// SignInLimits returns the limits on signing in to this store's accounts.
func (s *Store) SignInLimits(p SignInPolicies) *SignInLimits {
	return &SignInLimits{store: s, policies: p}
}

// SignInAttempt is one attempt Begin let through. It is already counted
// as a failure; Succeeded takes that back.
type SignInAttempt struct {
	limits           *SignInLimits
	account, address string
}

// SignInKey is the account part of a sign-in limit's key: the email as
// typed, normalised the way accounts are so that changing case or adding
// spaces buys no attempts, and cut to the longest address an account can
// have. Unknown emails are counted the same as known ones, so the limits
// say nothing about which accounts exist.
func SignInKey(email string) string {
	e := strings.ToLower(strings.TrimSpace(email))
	if len(e) > MaxEmailLen {
		e = e[:MaxEmailLen]
	}
	return e
}

// Begin counts an attempt to sign in to account from address, or, when
// either key must still wait after earlier failures, returns that wait
// and counts nothing. The attempt counts before the password is checked,
// so that many attempts sent at once cannot all pass on the same count.
func (l *SignInLimits) Begin(ctx context.Context, email, address string) (*SignInAttempt, time.Duration, error) {
	account := SignInKey(email)
	l.sweep(ctx)
	var wait time.Duration
	err := postgres.InTx(ctx, l.store.pool, func(tx pgx.Tx) error {
		for _, k := range []struct {
			account string
			policy  DelayPolicy
		}{{"", l.policies.Address}, {account, l.policies.AccountAddress}} {
			w, err := take(ctx, tx, k.account, address, k.policy)
			if err != nil {
				return err
			}
			if w > 0 {
				wait = w
				return errWait // roll back what was taken
			}
		}
		return nil
	})
	switch {
	case errors.Is(err, errWait):
		return nil, wait, nil
	case err != nil:
		return nil, 0, fmt.Errorf("counting a sign-in attempt: %w", err)
	}
	return &SignInAttempt{limits: l, account: account, address: address}, 0, nil
}

var errWait = errors.New("sign-in must wait")

// takeAttempt counts one failure for the key unless its last failure's
// delay has yet to pass; it returns no row then.
const takeAttempt = `
	INSERT INTO sign_in_failures AS f (account, address, failures, last_failed_at)
	VALUES ($1, $2, 1, now())
	ON CONFLICT (account, address) DO UPDATE SET
		failures = CASE WHEN f.last_failed_at < now() - $6 * interval '1 second' THEN 1 ELSE f.failures + 1 END,
		prev_failed_at = f.last_failed_at,
		last_failed_at = now()
	WHERE f.last_failed_at < now() - $6 * interval '1 second'
	   OR f.failures < $3
	   OR f.last_failed_at + least($5, $4 * 2 ^ least(f.failures - $3, 40)) * interval '1 second' <= now()
	RETURNING failures`

// take counts an attempt on one key, or returns how long it must wait.
func take(ctx context.Context, tx pgx.Tx, account, address string, p DelayPolicy) (time.Duration, error) {
	var n int
	err := tx.QueryRow(ctx, takeAttempt, account, address, p.Free, p.First.Seconds(), p.Max.Seconds(), p.Forget.Seconds()).Scan(&n)
	if !errors.Is(err, pgx.ErrNoRows) {
		return 0, err
	}
	// Waiting: the conflicting row is locked by the statement above.
	var failures int
	var since time.Duration
	err = tx.QueryRow(ctx, `
		SELECT failures, (extract(epoch FROM now() - last_failed_at) * 1e9)::bigint
		FROM sign_in_failures WHERE account = $1 AND address = $2`, account, address).Scan(&failures, &since)
	if err != nil {
		return 0, err
	}
	return max(p.Delay(failures)-since, time.Second), nil
}

// Succeeded takes the attempt's count back: the account's failures from
// this address are forgotten (its owner is back), and the address's
// count across accounts loses this attempt only, so that signing in to
// one's own account does not clear guesses at others.
func (a *SignInAttempt) Succeeded(ctx context.Context) error {
	_, err := a.limits.store.pool.Exec(ctx, `
		WITH own AS (DELETE FROM sign_in_failures WHERE account = $1 AND address = $2)
		UPDATE sign_in_failures
		SET failures = greatest(failures - 1, 0), last_failed_at = coalesce(prev_failed_at, last_failed_at)
		WHERE account = '' AND address = $2`, a.account, a.address)
	if err != nil {
		return fmt.Errorf("clearing sign-in failures: %w", err)
	}
	return nil
}

// Abandon takes back the attempt alone, on both keys, when the server
// failed to check the password (the database or the request's deadline):
// that is no failure of the visitor's. It runs on its own short deadline,
// since the request's may be what ran out.
func (a *SignInAttempt) Abandon(ctx context.Context) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
	defer cancel()
	_, _ = a.limits.store.pool.Exec(ctx, `
		UPDATE sign_in_failures
		SET failures = greatest(failures - 1, 0), last_failed_at = coalesce(prev_failed_at, last_failed_at)
		WHERE account IN ('', $1) AND address = $2`, a.account, a.address)
}

// sweep deletes forgotten rows, at most once a minute per process, so the
// table holds about a day of failures without a background job. A failed
// sweep is retried next minute; the sign-in goes on.
func (l *SignInLimits) sweep(ctx context.Context) {
	now := time.Now().Unix()
	last := l.sweptAt.Load()
	if now-last < 60 || !l.sweptAt.CompareAndSwap(last, now) {
		return
	}
	forget := max(l.policies.Address.Forget, l.policies.AccountAddress.Forget)
	_, _ = l.store.pool.Exec(ctx, "DELETE FROM sign_in_failures WHERE last_failed_at < now() - $1 * interval '1 second'", forget.Seconds())
}
